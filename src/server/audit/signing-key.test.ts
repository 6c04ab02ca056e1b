import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import type { Database } from '../db/client';
import { openMigratedTestDatabase } from '../testing/harness';
import { TEST_AUDIT_SIGNING_KEY } from '../testing/test-audit-chain-key';
import { AuditKeyError } from './chain-key';
import { publicJwkOf } from './proof/signed-bytes';
import {
  auditSigningKey,
  auditSigningKeyFile,
  ensureAuditSigningKey,
  parseAuditSigningKey,
  useAuditSigningKey,
} from './signing-key';

let dir: string;
let database: Database;
const testKey = parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'test');
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'audit-signing-key-'));
  await database.exec('DELETE FROM audit_signing_keys');
});
afterEach(() => {
  useAuditSigningKey(testKey);
  rmSync(dir, { recursive: true, force: true });
});

const configFor = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });
const published = () =>
  database.query<{ key_id: string; public_key: string }>(
    'SELECT key_id, public_key FROM audit_signing_keys',
  );
const pemOf = (key = generateKeyPairSync('ed25519').privateKey) =>
  key.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('the audit signing key at start', () => {
  it('generates an Ed25519 key for the owner only, publishes its public half, and reads it back', async () => {
    const config = configFor();
    const said: string[] = [];
    await ensureAuditSigningKey(database, config, (m) => said.push(m));
    const file = auditSigningKeyFile(config);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(said.join('\n')).toContain(file);
    const saved = parseAuditSigningKey(readFileSync(file, 'utf8'), file);
    const jwk = publicJwkOf(saved);
    expect(auditSigningKey().keyId).toBe(jwk.kid);
    // Only the public half is in the database.
    expect(await published()).toEqual([{ key_id: jwk.kid, public_key: jwk.x }]);
    const dump = JSON.stringify(await database.query('SELECT * FROM audit_signing_keys'));
    expect(dump).not.toContain(readFileSync(file, 'utf8').split('\n')[1]);

    useAuditSigningKey(testKey);
    const again: string[] = [];
    await ensureAuditSigningKey(database, config, (m) => again.push(m));
    expect(again).toEqual([]);
    expect(auditSigningKey().keyId).toBe(jwk.kid);
  });

  it('takes the configured key over the file, as PEM or base64', async () => {
    await ensureAuditSigningKey(database, configFor(), () => {});
    const filed = auditSigningKey().keyId;
    await database.exec('DELETE FROM audit_signing_keys');
    await ensureAuditSigningKey(
      database,
      configFor({ AUDIT_SIGNING_KEY: TEST_AUDIT_SIGNING_KEY }),
      () => {},
    );
    expect(auditSigningKey().keyId).toBe(publicJwkOf(testKey).kid);
    expect(auditSigningKey().keyId).not.toBe(filed);
    const pem = pemOf();
    await database.exec('DELETE FROM audit_signing_keys');
    await ensureAuditSigningKey(database, configFor({ AUDIT_SIGNING_KEY: pem }), () => {});
    expect(auditSigningKey().keyId).toBe(publicJwkOf(parseAuditSigningKey(pem, 'pem')).kid);
  });

  it('refuses a key the database does not publish, and one that is not Ed25519', async () => {
    await ensureAuditSigningKey(database, configFor({ AUDIT_SIGNING_KEY: pemOf() }), () => {});
    await expect(
      ensureAuditSigningKey(database, configFor({ AUDIT_SIGNING_KEY: pemOf() }), () => {}),
    ).rejects.toThrow(/not a key this database publishes/);
    expect(await published()).toHaveLength(1);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => parseAuditSigningKey(rsa, 'AUDIT_SIGNING_KEY')).toThrow(AuditKeyError);
    expect(() => parseAuditSigningKey('not a key at all, not at all, not at all', 'x')).toThrow(
      /PKCS#8/,
    );
  });
});
