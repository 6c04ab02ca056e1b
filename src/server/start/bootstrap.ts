import { ensureAuditChainKey } from '../audit/chain-key';
import { ensureAuditSigningKey } from '../audit/signing-key';
import { deviceCookieKey } from '../auth/device-cookie';
import type { Config } from '../core/config';
import type { AppDeps } from '../core/context';
import { openDatabase, type Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { createFromTemplate, templateDir } from '../db/template';
import { createLogger } from '../core/logger';
import { ensureSetupKey } from '../setup/setup-key';
import { noDemoPrincipal, resolveDemoPrincipal } from '../setup/demo-admin';
import { databaseFailure } from './startup-errors';
import { ensureDemoReceiver } from '../sso/demo-receiver';

/**
 * Opens the database the configuration names. The embedded one is locked to
 * this process until closed, so that a second server or a maintenance script
 * cannot open it at the same time. With `template` (a folder made by
 * db/template.ts), a data folder with no database yet starts as its copy.
 */
export async function openConfiguredDatabase(
  config: Config,
  purpose: string,
  { template }: { template?: string } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    // The pool connects lazily: a wrong or unreachable DATABASE_URL is said here, in one line.
    try {
      await database.query('SELECT 1');
    } catch (err) {
      await database.close().catch(() => {});
      throw databaseFailure(config.databaseUrl, err);
    }
    return database;
  }
  const unlock = lockDataDir(config.dataDir, purpose);
  try {
    if (template) createFromTemplate(config.dataDir, template);
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: config.dataDir,
      buffersMb: config.databaseBuffersMb,
    });
    return {
      ...database,
      close: () => database.close().finally(unlock),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Opens the configured database (a new embedded one from the built template
 * unless `template` is false), applies migrations and seeds it once. `purpose`
 * names the holder of the embedded database's lock (the server, or a script).
 */
export async function prepareDatabase(
  config: Config,
  announce: (m: string) => void,
  { template = templateDir as string | false, purpose = 'server' } = {},
): Promise<Database> {
  const database = await openConfiguredDatabase(config, purpose, {
    template: template || undefined,
  });
  try {
    await migrate(database);
    await ensureAuditChainKey(database, config, announce);
    await ensureAuditSigningKey(database, config, announce);
    // Read (or generated) now, so that a bad DEVICE_COOKIE_KEY file stops the start.
    deviceCookieKey(config);
    await seedIfEmpty(database, config);
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
  return {
    database,
    db: database.db,
    config,
    now,
    log: createLogger(config.logLevel),
    resolveDemoPrincipal: config.demoMode ? resolveDemoPrincipal : noDemoPrincipal,
  };
}
