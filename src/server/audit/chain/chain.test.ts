import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, auditChainHead, auditEvents } from '../../db/schema';
import { openMigratedTestDatabase, TEST_AUDIT_CHAIN_KEY } from '../../testing/harness';
import { appendAuditEvents } from './append';
import {
  AUDIT_KEY_ID_SETTING,
  auditChainKey,
  auditKeyId,
  canonicalJson,
  GENESIS_HASH,
  hashEvent,
  linkInput,
  useAuditChainKey,
} from './link';
import { signCheckpoint } from './checkpoint';
import { verifyAuditChain } from './verify';

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

describe('audit hash chain', () => {
  it('stores each client event once however often it is sent', async () => {
    const id = randomUUID();
    const event = {
      clientEventId: id,
      source: 'console' as const,
      eventType: 'admin.panel.access',
    };
    expect(await appendAuditEvents(database.db, [event, event])).toBe(1);
    expect(await appendAuditEvents(database.db, [event])).toBe(0);
    const rows = await database.query(`SELECT 1 FROM audit_events WHERE client_event_id = $1`, [
      id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('verifies an intact chain and names the row whose content was edited', async () => {
    await appendAuditEvents(database.db, [
      { source: 'server', eventType: 'a', details: { b: 1, a: [1, 'x'] } },
      { source: 'server', eventType: 'b', severity: 'high' },
      { source: 'server', eventType: 'c' },
    ]);
    const ok = await verifyAuditChain(database.db);
    expect(ok.ok).toBe(true);
    const [victim] = await database.query<{ seq: number }>(
      `SELECT seq FROM audit_events WHERE event_type = 'b'`,
    );
    await database.exec(`UPDATE audit_events SET severity = 'low' WHERE event_type = 'b'`);
    const broken = await verifyAuditChain(database.db);
    expect(broken).toMatchObject({ ok: false, brokenAtSeq: Number(victim!.seq) });
    await database.exec(`UPDATE audit_events SET severity = 'high' WHERE event_type = 'b'`);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
  });

  it('names the deleted newest rows as truncation', async () => {
    await appendAuditEvents(database.db, [
      { source: 'server', eventType: 'd' },
      { source: 'server', eventType: 'e' },
    ]);
    expect((await verifyAuditChain(database.db)).ok).toBe(true);
    const [head] = await database.db.select().from(auditChainHead);
    const newest = await database.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.seq))
      .limit(3);
    await database.db.delete(auditEvents).where(eq(auditEvents.eventType, 'd'));
    await database.db.delete(auditEvents).where(eq(auditEvents.eventType, 'e'));
    // What is left is an intact chain: only the signed head tells that its end is gone.
    const kept = newest[2]!;
    expect(await verifyAuditChain(database.db)).toMatchObject({
      ok: false,
      check: 'head',
      reason: `the chain ends at event #${kept.seq}, but the signed head is event #${head!.lastSeq}: the latest events are missing`,
    });
    expect(newest[0]!.seq).toBe(head!.lastSeq);
  });

  it('detects a deleted row in the middle, at the row after it', async () => {
    const rows = await database.db.select().from(auditEvents).orderBy(auditEvents.seq);
    const [victim, next] = rows.slice(-2);
    await database.db.delete(auditEvents).where(eq(auditEvents.seq, victim!.seq));
    expect(await verifyAuditChain(database.db)).toMatchObject({
      ok: false,
      check: 'link',
      brokenAtSeq: next!.seq,
    });
  });

  it('hashes object keys in a fixed order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });
});

describe('the chain key', () => {
  const KEY_A = Buffer.from('audit-chain-key-a-0123456789-abcdefghijklmn');
  const KEY_B = Buffer.from('audit-chain-key-b-0123456789-abcdefghijklmn');
  let trail: Database;
  beforeAll(async () => {
    trail = await openMigratedTestDatabase();
  });
  afterAll(() => trail.close());
  afterEach(() => useAuditChainKey(TEST_AUDIT_CHAIN_KEY));

  /** Empties the trail back to a chain never keyed, then writes three events under `key`. */
  async function trailUnder(key: Buffer): Promise<void> {
    await trail.exec(`
      TRUNCATE audit_events;
      DELETE FROM app_settings WHERE key = '${AUDIT_KEY_ID_SETTING}';
      UPDATE audit_chain_head
         SET last_seq = 0, last_hash = '${GENESIS_HASH}', event_count = 0, keyed_from_seq = 0,
             checkpoint = NULL;
    `);
    useAuditChainKey(key);
    await appendAuditEvents(trail.db, [
      { source: 'server', eventType: 'test.one', details: { n: 1 } },
      { source: 'console', eventType: 'test.two', claimedAt: new Date('2026-05-01T10:00:00Z') },
      { source: 'server', eventType: 'test.three', severity: 'high' },
    ]);
  }

  const event = {
    id: randomUUID(),
    clientEventId: null,
    source: 'console' as const,
    eventType: 'test.event',
    severity: 'low',
    userId: null,
    sessionId: null,
    ipAddress: '192.0.2.1',
    userAgent: null,
    pageUrl: null,
    details: { n: 1 },
    occurredAt: new Date('2026-06-01T12:00:00Z'),
    recordedAt: new Date('2026-06-01T12:00:01Z'),
    claimedAt: new Date('2026-06-01T11:59:00Z'),
  };

  // The format an outside verifier recomputes (docs/decisions/007-keyed-audit-chain.md), written
  // out here by hand: a link that used part of the key, another field order or other JSON fails.
  it('stores as each link HMAC-SHA-256 under the whole key of the previous hash, a line break and the content', async () => {
    await trailUnder(KEY_A);
    await appendAuditEvents(trail.db, [
      {
        source: 'console',
        eventType: 'test.known',
        severity: 'medium',
        ipAddress: '192.0.2.7',
        userAgent: 'Known/1.0',
        pageUrl: '/admin',
        details: { zeta: [1, 'two', null], alpha: { b: true, a: 'é' } },
        claimedAt: new Date('2026-05-01T10:00:00.000Z'),
      },
    ]);
    const [last, before] = await trail.db
      .select()
      .from(auditEvents)
      .orderBy(desc(auditEvents.seq))
      .limit(2);
    expect(last!.prevHash).toBe(before!.hash);
    const strings = JSON.stringify([
      last!.id,
      last!.clientEventId,
      'console',
      'test.known',
      'medium',
      last!.userId,
      last!.sessionId,
      '192.0.2.7',
      'Known/1.0',
      '/admin',
    ]);
    const content =
      strings.slice(0, -1) +
      ',{"alpha":{"a":"é","b":true},"zeta":[1,"two",null]},' +
      JSON.stringify([
        last!.occurredAt.toISOString(),
        last!.recordedAt.toISOString(),
        '2026-05-01T10:00:00.000Z',
      ]).slice(1);
    expect(last!.hash).toBe(
      createHmac('sha256', KEY_A).update(`${before!.hash}\n${content}`).digest('hex'),
    );
    const [head] = await trail.db.select().from(auditChainHead);
    expect(head!.checkpoint).toBe(
      createHmac('sha256', KEY_A)
        .update(
          JSON.stringify([
            'audit-chain-checkpoint-v1',
            last!.seq,
            last!.hash,
            head!.eventCount,
            head!.keyedFromSeq,
          ]),
        )
        .digest('hex'),
    );
    const [keyId] = await trail.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, AUDIT_KEY_ID_SETTING));
    expect(keyId!.value).toBe(
      createHmac('sha256', KEY_A).update('audit-chain-key-id').digest('hex').slice(0, 32),
    );
  });

  it('links with an HMAC under the key: another key, or none, gives another hash', () => {
    const underA = hashEvent(GENESIS_HASH, event, KEY_A);
    expect(underA).toMatch(/^[0-9a-f]{64}$/);
    expect(hashEvent(GENESIS_HASH, event, Buffer.from(KEY_A))).toBe(underA);
    expect(hashEvent(GENESIS_HASH, event, KEY_B)).not.toBe(underA);
    expect(hashEvent(GENESIS_HASH, event, null)).not.toBe(underA);
    expect(hashEvent('f'.repeat(64), event, KEY_A)).not.toBe(underA);
  });

  it('covers the time a browser claimed in keyed links only', () => {
    const claimedLater = { ...event, claimedAt: new Date('2026-06-01T11:59:30Z') };
    expect(hashEvent(GENESIS_HASH, claimedLater, KEY_A)).not.toBe(
      hashEvent(GENESIS_HASH, event, KEY_A),
    );
    // Links written before the chain was keyed predate the claimed time.
    expect(hashEvent(GENESIS_HASH, claimedLater, null)).toBe(hashEvent(GENESIS_HASH, event, null));
  });

  it('signs every field of the head, under the key', () => {
    const head = { lastSeq: 7, lastHash: 'a'.repeat(64), eventCount: 7, keyedFromSeq: 3 };
    const signed = signCheckpoint(KEY_A, head);
    expect(signCheckpoint(Buffer.from(KEY_A), { ...head })).toBe(signed);
    expect(signCheckpoint(KEY_B, head)).not.toBe(signed);
    for (const moved of [
      { ...head, lastSeq: 8 },
      { ...head, lastHash: 'b'.repeat(64) },
      { ...head, eventCount: 6 },
      { ...head, keyedFromSeq: 4 },
    ]) {
      expect(signCheckpoint(KEY_A, moved)).not.toBe(signed);
    }
  });

  it('keeps its own copy of the key, a string read as UTF-8', () => {
    const bytes = Buffer.from(KEY_A);
    useAuditChainKey(bytes);
    bytes.fill(0);
    expect(auditChainKey().equals(KEY_A)).toBe(true);
    const text = 'clé du journal — ключ аудита — 0123456789';
    useAuditChainKey(text);
    expect(auditChainKey().equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('verifies under the key given, whatever key this process writes with', async () => {
    await trailUnder(KEY_A);
    useAuditChainKey(KEY_B);
    expect(await verifyAuditChain(trail.db, { key: KEY_A })).toMatchObject({
      ok: true,
      checked: 3,
    });
    expect(await verifyAuditChain(trail.db)).toMatchObject({ ok: false, check: 'key' });
  });

  it('does not verify a trail under another key, even with the key id and checkpoint forged', async () => {
    await trailUnder(KEY_A);
    expect(await verifyAuditChain(trail.db, { key: KEY_B })).toMatchObject({
      ok: false,
      check: 'key',
    });
    // Someone with write access to the database names key B and signs the head with it.
    await trail.db
      .update(appSettings)
      .set({ value: auditKeyId(KEY_B) })
      .where(eq(appSettings.key, AUDIT_KEY_ID_SETTING));
    const [head] = await trail.db.select().from(auditChainHead);
    await trail.db.update(auditChainHead).set({ checkpoint: signCheckpoint(KEY_B, head!) });
    const [first] = await trail.db.select().from(auditEvents).orderBy(auditEvents.seq).limit(1);
    expect(await verifyAuditChain(trail.db, { key: KEY_B })).toMatchObject({
      ok: false,
      check: 'hash',
      brokenAtSeq: first!.seq,
    });
  });

  it('refuses a head moved back and signed again under another key', async () => {
    await trailUnder(KEY_A);
    const [head] = await trail.db.select().from(auditChainHead);
    const [newest] = await trail.db.select().from(auditEvents).orderBy(desc(auditEvents.seq));
    await trail.db.delete(auditEvents).where(eq(auditEvents.seq, newest!.seq));
    const [last] = await trail.db.select().from(auditEvents).orderBy(desc(auditEvents.seq));
    const moved = { ...head!, lastSeq: last!.seq, lastHash: last!.hash, eventCount: 2 };
    await trail.db
      .update(auditChainHead)
      .set({ ...moved, checkpoint: signCheckpoint(KEY_B, moved) });
    expect(await verifyAuditChain(trail.db, { key: KEY_A })).toMatchObject({
      ok: false,
      check: 'checkpoint',
    });
  });

  it('refuses a head whose keyed part was said to start elsewhere', async () => {
    await trailUnder(KEY_A);
    const [first] = await trail.db.select().from(auditEvents).orderBy(auditEvents.seq).limit(1);
    // Every event is still keyed from the first one on: only the signature tells.
    await trail.db.update(auditChainHead).set({ keyedFromSeq: first!.seq });
    expect(await verifyAuditChain(trail.db, { key: KEY_A })).toMatchObject({
      ok: false,
      check: 'checkpoint',
    });
  });

  it('does not sign again a keyed head that lost its signature', async () => {
    await trailUnder(KEY_A);
    await trail.db.update(auditChainHead).set({ checkpoint: null });
    expect(await verifyAuditChain(trail.db)).toMatchObject({
      ok: false,
      check: 'signature',
      reason: 'the chain head has lost its signature',
    });
    await expect(
      appendAuditEvents(trail.db, [{ source: 'server', eventType: 'test.after' }]),
    ).rejects.toThrow('lost its signature although this trail was keyed');
  });

  it('refuses a link rewritten as a plain SHA-256 of the same input, and names the row', async () => {
    await trailUnder(KEY_A);
    const [, middle] = await trail.db.select().from(auditEvents).orderBy(auditEvents.seq);
    const plain = createHash('sha256')
      .update(linkInput(middle!.prevHash, middle!, true))
      .digest('hex');
    expect(plain).not.toBe(middle!.hash);
    // The row after it follows the rewritten link, so only the link itself can tell.
    await trail.db.update(auditEvents).set({ hash: plain }).where(eq(auditEvents.seq, middle!.seq));
    await trail.db
      .update(auditEvents)
      .set({ prevHash: plain })
      .where(eq(auditEvents.prevHash, middle!.hash));
    expect(await verifyAuditChain(trail.db, { key: KEY_A })).toMatchObject({
      ok: false,
      check: 'hash',
      brokenAtSeq: middle!.seq,
      reason: 'the event content does not match its keyed hash',
    });
  });

  it('refuses an edited claimed time', async () => {
    await trailUnder(KEY_A);
    const [claimed] = await trail.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.eventType, 'test.two'));
    await trail.db
      .update(auditEvents)
      .set({ claimedAt: new Date('2026-05-02T10:00:00Z') })
      .where(eq(auditEvents.seq, claimed!.seq));
    expect(await verifyAuditChain(trail.db, { key: KEY_A })).toMatchObject({
      ok: false,
      check: 'hash',
      brokenAtSeq: claimed!.seq,
    });
  });
});
