import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import type { Database } from '../db/client';
import { auditChainHead, auditEvents } from '../db/schema';
import { openMigratedTestDatabase, TEST_AUDIT_CHAIN_KEY } from '../testing/harness';
import { appendAuditEvents } from './chain/append';
import {
  AUDIT_KEY_ID_SETTING,
  auditChainKey,
  GENESIS_HASH,
  hashEvent,
  useAuditChainKey,
} from './chain/link';
import { CHAIN_KEYED_EVENT } from './chain/checkpoint';
import { verifyAuditChain } from './chain/verify';
import {
  auditKeyFile,
  AuditKeyError,
  ensureAuditChainKey,
  readAuditChainKey,
  requireAuditChainKey,
} from './chain-key';

const KEY_A = 'audit-chain-key-a-0123456789-abcdefghijklmn';
const KEY_B = 'audit-chain-key-b-0123456789-abcdefghijklmn';

let dir: string;
let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'audit-chain-key-'));
});
afterEach(() => {
  useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
  rmSync(dir, { recursive: true, force: true });
});

const configFor = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });

/** The file's database, emptied back to a trail that was never keyed. */
async function neverKeyed(): Promise<void> {
  await database.exec(`
    TRUNCATE audit_events;
    DELETE FROM app_settings WHERE key = '${AUDIT_KEY_ID_SETTING}';
    UPDATE audit_chain_head
       SET last_seq = 0, last_hash = '${GENESIS_HASH}', event_count = 0, keyed_from_seq = 0,
           checkpoint = NULL;
  `);
}

const quiet = () => {};

describe('the audit chain key at start', () => {
  it('generates a key on the first start, saves it for the owner only, and uses it on the next', async () => {
    await neverKeyed();
    const config = configFor();
    const said: string[] = [];
    await ensureAuditChainKey(database, config, (m) => said.push(m));

    const file = auditKeyFile(config);
    const saved = readFileSync(file, 'utf8').trim();
    expect(saved.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(said.join('\n')).toContain(file);
    expect(auditChainKey().equals(Buffer.from(saved, 'utf8'))).toBe(true);
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'test.first' }]);

    // The next start (another process) reads the same key back.
    useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
    const again: string[] = [];
    await ensureAuditChainKey(database, config, (m) => again.push(m));
    expect(again).toEqual([]);
    expect(readFileSync(file, 'utf8').trim()).toBe(saved);
    expect(auditChainKey().equals(Buffer.from(saved, 'utf8'))).toBe(true);
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'test.second' }]);
    expect(await verifyAuditChain(database.db, { key: Buffer.from(saved, 'utf8') })).toMatchObject({
      ok: true,
      checked: 2,
    });
  });

  it('refuses a key other than the one the trail was written with, and keeps the key in use', async () => {
    await neverKeyed();
    await ensureAuditChainKey(database, configFor({ AUDIT_CHAIN_KEY: KEY_A }), quiet);
    expect(auditChainKey().equals(Buffer.from(KEY_A, 'utf8'))).toBe(true);
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'test.first' }]);

    await expect(
      ensureAuditChainKey(database, configFor({ AUDIT_CHAIN_KEY: KEY_B }), quiet),
    ).rejects.toThrow(AuditKeyError);
    expect(auditChainKey().equals(Buffer.from(KEY_A, 'utf8'))).toBe(true);
    expect(existsSync(auditKeyFile(configFor()))).toBe(false);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, checked: 1 });
  });

  it('refuses to start a keyed trail without its key, and saves no new key', async () => {
    await neverKeyed();
    await ensureAuditChainKey(database, configFor({ AUDIT_CHAIN_KEY: KEY_A }), quiet);
    const config = configFor();
    await expect(ensureAuditChainKey(database, config, quiet)).rejects.toThrow(
      "This database's audit trail is keyed, but this process has no key",
    );
    expect(existsSync(auditKeyFile(config))).toBe(false);
  });

  it('anchors a trail written before the key, whose plain links still verify', async () => {
    await neverKeyed();
    // Three events linked with plain SHA-256, under a head that was never signed.
    let prevHash = GENESIS_HASH;
    for (const n of [1, 2, 3]) {
      const at = new Date(Date.UTC(2025, 0, n));
      const fields = {
        id: randomUUID(),
        clientEventId: null,
        source: 'server' as const,
        eventType: `test.unkeyed.${n}`,
        severity: 'low',
        userId: null,
        sessionId: null,
        ipAddress: null,
        userAgent: null,
        pageUrl: null,
        details: { n },
        occurredAt: at,
        recordedAt: at,
        claimedAt: null,
      };
      const hash = hashEvent(prevHash, fields, null);
      const [row] = await database.db
        .insert(auditEvents)
        .values({ ...fields, prevHash, hash })
        .returning({ seq: auditEvents.seq });
      await database.db.update(auditChainHead).set({ lastSeq: row!.seq, lastHash: hash });
      prevHash = hash;
    }

    await ensureAuditChainKey(database, configFor({ AUDIT_CHAIN_KEY: KEY_A }), quiet);
    const rows = await database.db.select().from(auditEvents).orderBy(auditEvents.seq);
    expect(rows.map((r) => r.eventType)).toEqual([
      'test.unkeyed.1',
      'test.unkeyed.2',
      'test.unkeyed.3',
      CHAIN_KEYED_EVENT,
    ]);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, checked: 4, unkeyed: 3 });
    await appendAuditEvents(database.db, [{ source: 'server', eventType: 'test.keyed' }]);
    expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, checked: 5, unkeyed: 3 });

    // An unkeyed event is still checked against its plain link.
    await database.db
      .update(auditEvents)
      .set({ severity: 'high' })
      .where(eq(auditEvents.seq, rows[1]!.seq));
    expect(await verifyAuditChain(database.db)).toMatchObject({
      ok: false,
      check: 'hash',
      brokenAtSeq: rows[1]!.seq,
    });
  });
});

describe('reading the audit chain key', () => {
  it('takes AUDIT_CHAIN_KEY before the saved file', () => {
    writeFileSync(auditKeyFile(configFor()), `${KEY_B}\n`);
    expect(readAuditChainKey(configFor({ AUDIT_CHAIN_KEY: KEY_A }))?.toString('utf8')).toBe(KEY_A);
    expect(readAuditChainKey(configFor())?.toString('utf8')).toBe(KEY_B);
  });

  it('refuses a saved file too short to be a key', () => {
    const file = auditKeyFile(configFor());
    writeFileSync(file, `${'k'.repeat(31)}\n`);
    expect(() => readAuditChainKey(configFor())).toThrow(AuditKeyError);
    writeFileSync(file, `${'k'.repeat(32)}\n`);
    expect(readAuditChainKey(configFor())?.toString('utf8')).toBe('k'.repeat(32));
  });

  it('tells a tool where the key should be when there is none', () => {
    expect(readAuditChainKey(configFor())).toBeNull();
    expect(() => requireAuditChainKey(configFor())).toThrow(AuditKeyError);
    expect(() => requireAuditChainKey(configFor())).toThrow('AUDIT_CHAIN_KEY');
  });
});
