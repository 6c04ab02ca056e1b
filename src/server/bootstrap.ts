import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createLogger } from './logger';
import { ensureSetupKey } from './setup-key';
import { ensureDemoReceiver } from './sso/demo-receiver';

/** Opens the configured database, applies migrations and seeds it once. */
export async function prepareDatabase(
  config: Config,
  announce: (m: string) => void,
): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrate(database);
    await seedIfEmpty(database);
    await ensureSetupKey(database.db, config, announce);
    await ensureDemoReceiver(database.db, config);
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
