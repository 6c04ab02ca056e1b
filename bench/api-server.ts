/**
 * The server that `npm run bench:api` measures: the real app (src/server/start/server.ts)
 * over a seeded data folder, with one difference set in code — the audit ingest
 * limit per address is lifted, since the one load generator posts from one address.
 *
 *   PORT=<port> tsx bench/api-server.ts <data-dir>
 *
 * DATABASE_URL and AUDIT_CHAIN_KEY, when set, are passed on (a PostgreSQL server
 * shared by several of these processes; the chain key they all use).
 */
import { loadConfig } from '../src/server/core/config';
import { startServer } from '../src/server/start/server';

const [dataDir] = process.argv.slice(2);
const port = process.env.PORT;
if (!dataDir || !port) {
  console.error('usage: PORT=<port> tsx bench/api-server.ts <data-dir>');
  process.exit(2);
}
await startServer(
  loadConfig({
    DATA_DIR: dataDir,
    PORT: port,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.AUDIT_CHAIN_KEY ? { AUDIT_CHAIN_KEY: process.env.AUDIT_CHAIN_KEY } : {}),
    ...(process.env.DATABASE_BUFFERS_MB
      ? { DATABASE_BUFFERS_MB: process.env.DATABASE_BUFFERS_MB }
      : {}),
  }),
  { serveClient: false, auditRateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } },
);
