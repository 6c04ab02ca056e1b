import { defineConfig } from 'drizzle-kit';

// Used only to draft new migrations (`npx drizzle-kit generate`); the committed
// SQL files in src/server/db/migrations are what the server applies.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './.drizzle-draft',
});
