import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './logger';
import { ensureSetupKey } from './setup-key';

/** Opens the database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/** Opens the configured database, applies migrations and seeds it once. */
export async function prepareDatabase(
  config: Config,
  announce: (m: string) => void,
): Promise<Database> {
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database);
    await seedIfEmpty(database);
    await ensureSetupKey(database.db, config, announce);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

export function makeDeps(
  database: Database,
  config: Config,
  now: () => Date = () => new Date(),
): AppDeps {
  return { database, db: database.db, config, now, log: createLogger(config.logLevel) };
}
