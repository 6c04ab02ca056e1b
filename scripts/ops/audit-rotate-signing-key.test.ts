/**
 * `npm run audit:rotate-signing-key` on the embedded database, as an operator runs it with the
 * servers stopped: the key in DATA_DIR is replaced, the old one kept aside, and the published
 * keys carry a statement the old key signed.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../../src/server/audit/chain/append';
import { publishedKeys, recordCheckpoint } from '../../src/server/audit/checkpoints';
import { publicJwkOf } from '../../src/server/audit/proof/signed-bytes';
import { verifyCheckpointSeries } from '../../src/server/audit/proof/verify-checkpoints';
import { parseAuditSigningKey } from '../../src/server/audit/signing-key';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { TEST_AUDIT_SIGNING_KEY } from '../../src/server/testing/test-audit-chain-key';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const oldKey = parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'test');

describe('npm run audit:rotate-signing-key', () => {
  let dir: string;
  const dataDir = () => path.join(dir, 'data');
  const keyFile = () => path.join(dataDir(), 'audit-signing-key');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'audit-rotate-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() });
    try {
      await migrate(database);
      await appendAuditEvents(database.db, [{ source: 'server', eventType: 'test.one' }]);
      await recordCheckpoint(database.db, new Date());
    } finally {
      await database.close();
    }
    writeFileSync(keyFile(), oldKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces the key in DATA_DIR and publishes the statement the old key signed', async () => {
    const { stdout } = await run(tsx, ['scripts/ops/audit-rotate-signing-key.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir(),
        DATABASE_URL: '',
        AUDIT_SIGNING_KEY: '',
        LOG_LEVEL: 'silent',
      },
    });
    const oldId = publicJwkOf(oldKey).kid;
    expect(stdout).toContain(`Key ${oldId} signed its last checkpoint`);
    expect(existsSync(`${keyFile()}.retired-${oldId}`)).toBe(true);
    const newKey = parseAuditSigningKey(readFileSync(keyFile(), 'utf8'), 'new');
    const newId = publicJwkOf(newKey).kid;
    expect(newId).not.toBe(oldId);

    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() });
    try {
      const keys = await publishedKeys(database.db);
      expect(keys.map((k) => k.key_id)).toEqual([oldId, newId]);
      expect(
        verifyCheckpointSeries({ keys, checkpoints: [] }, { trustedKeyId: oldId }),
      ).toMatchObject({ ok: true, keys: [oldId, newId] });
    } finally {
      await database.close();
    }
  }, 120_000);
});
