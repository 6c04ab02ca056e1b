import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigError, type Config } from '../core/config';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';
import { anchorAuditChain } from './chain/upgrade';
import { AUDIT_KEY_ID_SETTING, auditKeyId, useAuditChainKey } from './chain/link';

/** Where a generated chain key is kept (mode 0600), beside the embedded database. */
export const AUDIT_KEY_FILE = 'audit-chain-key';

/** A key problem stops the start (or a tool) with a message, like a bad setting. */
export class AuditKeyError extends ConfigError {}

export const auditKeyFile = (config: Config) => path.resolve(config.dataDir, AUDIT_KEY_FILE);

/** The configured key (AUDIT_CHAIN_KEY), else the one kept under DATA_DIR, else null. */
export function readAuditChainKey(config: Config): Buffer | null {
  if (config.auditChainKey) return Buffer.from(config.auditChainKey, 'utf8');
  const file = auditKeyFile(config);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new AuditKeyError(`${file} does not hold an audit chain key`);
  return Buffer.from(text, 'utf8');
}

/** For tools (audit:verify, db:restore): the key, or a message saying where it should be. */
export function requireAuditChainKey(config: Config): Buffer {
  const key = readAuditChainKey(config);
  if (!key) {
    throw new AuditKeyError(
      `No audit chain key: set AUDIT_CHAIN_KEY, or DATA_DIR to the directory holding ${AUDIT_KEY_FILE} (the server's).`,
    );
  }
  return key;
}

/**
 * At start: finds the chain key (AUDIT_CHAIN_KEY, else DATA_DIR/audit-chain-key,
 * else a new one written there when this database has never been keyed),
 * checks it is the key the trail was written with, makes it this process's key
 * and signs the chain head if it is not yet signed. Runs under the database's
 * start-up lock, so that processes sharing one PostgreSQL database and one
 * DATA_DIR do not each generate a key.
 */
export async function ensureAuditChainKey(
  database: Database,
  config: Config,
  announce: (message: string) => void,
): Promise<void> {
  await database.withStartupLock(async () => {
    const [stored] = await database.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, AUDIT_KEY_ID_SETTING));
    let key = readAuditChainKey(config);
    if (!key) {
      if (stored) {
        throw new AuditKeyError(
          `This database's audit trail is keyed, but this process has no key: set AUDIT_CHAIN_KEY (or copy ${AUDIT_KEY_FILE} into DATA_DIR) to the key the other processes use.`,
        );
      }
      const file = auditKeyFile(config);
      const generated = randomBytes(32).toString('base64url');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
      key = Buffer.from(generated, 'utf8');
      announce(`Audit chain key generated and saved to ${file}: keep a copy outside the database.`);
    }
    if (stored && stored.value !== auditKeyId(key)) {
      throw new AuditKeyError(
        "The audit chain key (AUDIT_CHAIN_KEY or DATA_DIR/audit-chain-key) is not the key this database's audit trail was written with.",
      );
    }
    useAuditChainKey(key);
    await anchorAuditChain(database.db);
  });
}
