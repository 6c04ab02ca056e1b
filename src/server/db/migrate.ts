import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';
import { projectRoot } from './paths';

const migrationsDir = path.join(projectRoot, 'src/server/db/migrations');

export type Migration = { name: string; sql: string };

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the committed SQL migrations in name order, each in its own
 * transaction together with its bookkeeping row. Returns the names applied.
 */
export async function migrate(
  database: Pick<Database, 'exec' | 'query' | 'withStartupLock'>,
  migrations = readMigrations(),
): Promise<string[]> {
  return database.withStartupLock(async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      const escapedName = m.name.replace(/'/g, "''");
      await database.exec(
        `BEGIN;\n${m.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${escapedName}');\nCOMMIT;`,
      );
      applied.push(m.name);
    }
    return applied;
  });
}
