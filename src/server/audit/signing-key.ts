import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Database, Db, Tx } from '../db/client';
import { auditSigningKeys } from '../db/schema';
import { AuditKeyError } from './chain-key';
import { publicJwkOf } from './proof/signed-bytes';

/** Where a generated signing key is kept (PKCS#8 PEM, mode 0600), beside the embedded database. */
const AUDIT_SIGNING_KEY_FILE = 'audit-signing-key';

export const auditSigningKeyFile = (config: Config) =>
  path.resolve(config.dataDir, AUDIT_SIGNING_KEY_FILE);

/** An Ed25519 private key from PKCS#8 PEM, or from the base64 of its DER; refused otherwise. */
export function parseAuditSigningKey(text: string, where: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new AuditKeyError(`${where} does not hold a PKCS#8 private key (PEM or base64)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new AuditKeyError(`${where} holds a ${key.asymmetricKeyType} key, not an Ed25519 one`);
  }
  return key;
}

/** The configured key (AUDIT_SIGNING_KEY), else the one kept under DATA_DIR, else null. */
export function readAuditSigningKey(config: Config): KeyObject | null {
  if (config.auditSigningKey) {
    return parseAuditSigningKey(config.auditSigningKey, 'AUDIT_SIGNING_KEY');
  }
  const file = auditSigningKeyFile(config);
  if (!existsSync(file)) return null;
  return parseAuditSigningKey(readFileSync(file, 'utf8'), file);
}

/** Writes a new Ed25519 key to `file` (mode 0600, never over an existing file); returns it. */
export function generateAuditSigningKeyFile(file: string): KeyObject {
  const { privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  });
  return privateKey;
}

/** The signing key, set once per process at start (useAuditSigningKey); never in the database. */
let processKey: { key: KeyObject; keyId: string; x: string } | null = null;

/** Sets the key this process signs checkpoints and exports with. */
export function useAuditSigningKey(key: KeyObject): void {
  const jwk = publicJwkOf(key);
  processKey = { key, keyId: jwk.kid, x: jwk.x };
}

export function auditSigningKey(): { key: KeyObject; keyId: string; x: string } {
  if (!processKey) {
    throw new Error('The audit signing key is not configured (useAuditSigningKey at start)');
  }
  return processKey;
}

/**
 * Makes sure the process's key is one the database publishes: a database that publishes
 * none takes it as its first key; a database that publishes others refuses it (a new key
 * comes in only through a rotation statement, npm run audit:rotate-signing-key).
 */
export async function registerAuditSigningKey(tx: Tx | Db, now: Date): Promise<void> {
  const { keyId, x } = auditSigningKey();
  await tx.execute(sql`
    INSERT INTO audit_signing_keys (key_id, public_key, created_at)
    SELECT ${keyId}, ${x}, ${now.toISOString()}::timestamptz
     WHERE NOT EXISTS (SELECT 1 FROM audit_signing_keys)
    ON CONFLICT (key_id) DO NOTHING`);
  const [known] = await tx
    .select({ id: auditSigningKeys.keyId })
    .from(auditSigningKeys)
    .where(eq(auditSigningKeys.keyId, keyId));
  if (!known) {
    throw new AuditKeyError(
      `The audit signing key (AUDIT_SIGNING_KEY or DATA_DIR/${AUDIT_SIGNING_KEY_FILE}) is not a key this database publishes: bring in a new key with npm run audit:rotate-signing-key.`,
    );
  }
}

/**
 * At start: finds the signing key (AUDIT_SIGNING_KEY, else DATA_DIR/audit-signing-key, else
 * a new one written there), makes it this process's key and checks that the database
 * publishes it. Under the start-up lock, so that processes sharing one DATA_DIR generate one.
 */
export async function ensureAuditSigningKey(
  database: Database,
  config: Config,
  announce: (message: string) => void,
  now: Date = new Date(),
): Promise<void> {
  await database.withStartupLock(async () => {
    let key = readAuditSigningKey(config);
    if (!key) {
      const file = auditSigningKeyFile(config);
      key = generateAuditSigningKeyFile(file);
      announce(
        `Audit signing key generated and saved to ${file}: keep a copy outside the database.`,
      );
    }
    useAuditSigningKey(key);
    await registerAuditSigningKey(database.db, now);
  });
}
