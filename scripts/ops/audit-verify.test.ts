/**
 * `npm run audit:verify`, run as an operator runs it: exit 0 for an intact
 * trail under its key, 1 for a broken one (or another key), 2 when it cannot
 * check at all.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../../src/server/audit/chain/append';
import { AUDIT_KEY_FILE } from '../../src/server/audit/chain-key';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { TEST_AUDIT_CHAIN_KEY } from '../../src/server/testing/setup';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('npm run audit:verify', () => {
  let dir: string;
  const dataDir = () => path.join(dir, 'data');
  const open = () => openDatabase({ kind: 'pglite', dataDir: dataDir() });

  async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = await open();
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  async function verify(env: Record<string, string>) {
    try {
      const { stdout, stderr } = await run(tsx, ['scripts/ops/audit-verify.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const failed = err as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'audit-verify-'));
    await withDatabase(async (database) => {
      await migrate(database);
      await appendAuditEvents(database.db, [
        { source: 'server', eventType: 'test.one', details: { n: 1 } },
        { source: 'server', eventType: 'test.two', severity: 'high' },
        { source: 'console', eventType: 'test.three' },
      ]);
    });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the trail under the key it was written with', async () => {
    const result = await verify({ AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Audit chain intact: 3 events verified under the chain key');
  }, 60_000);

  it('reads the key kept in DATA_DIR, as the server does', async () => {
    writeFileSync(path.join(dataDir(), AUDIT_KEY_FILE), `${TEST_AUDIT_CHAIN_KEY}\n`, {
      mode: 0o600,
    });
    try {
      const result = await verify({ AUDIT_CHAIN_KEY: '' });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('Audit chain intact');
    } finally {
      rmSync(path.join(dataDir(), AUDIT_KEY_FILE));
    }
  }, 60_000);

  it('fails under another key', async () => {
    const result = await verify({ AUDIT_CHAIN_KEY: 'another-audit-chain-key-0123456789-abcdef' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Audit chain BROKEN');
    expect(result.stdout).toContain('written with another key');
  }, 60_000);

  it('stops with a message naming AUDIT_CHAIN_KEY when there is no key', async () => {
    const result = await verify({ AUDIT_CHAIN_KEY: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('AUDIT_CHAIN_KEY');
    expect(result.stdout).toBe('');
  }, 60_000);

  it('fails, naming the event, once an event was edited', async () => {
    const [edited] = await withDatabase((database) =>
      database.query<{ seq: string }>(
        `UPDATE audit_events SET severity = 'low' WHERE event_type = 'test.two' RETURNING seq`,
      ),
    );
    const result = await verify({ AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Audit chain BROKEN at event #${edited!.seq} (test.two)`);
  }, 60_000);
});
