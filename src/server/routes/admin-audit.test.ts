import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { GENESIS_HASH, hashEvent } from '../audit/chain/link';
import { verifyAuditChain } from '../audit/chain/verify';
import { auditVerifyReport } from '../audit/verify-report';
import { auditChainHead, auditEvents } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { formulaCellsInAnyView } from '../testing/csv-parse';
import { createTestContext, type TestContext } from '../testing/harness';
import { auditOf, passwordSession, userIdOf, withBrokenAuditTrail } from '../testing/principals';

let t: TestContext;
let demo: string;

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  const adminId = await userIdOf(t, DEMO_ADMIN_EMAIL);
  const events = Array.from({ length: 30 }, (_, i) => ({
    source: 'server' as const,
    eventType: i % 3 === 0 ? 'test.alpha' : 'test.beta',
    severity: i % 5 === 0 ? 'high' : 'low',
    userId: i === 0 ? adminId : null,
    details: { n: i },
  }));
  events.push({
    source: 'server',
    eventType: 'test.formula',
    severity: 'critical',
    userId: null,
    details: { n: 99, note: '=HYPERLINK("http://evil.example","click")' } as any,
  });
  await t.db.transaction((tx) => appendAuditEvents(tx, events));
  await t.db.transaction((tx) =>
    appendAuditEvents(tx, [
      { source: 'console', eventType: 'test.agent', userAgent: '@SUM(1+1)', details: {} },
    ]),
  );
});
afterAll(() => t.close());

describe('GET /api/admin/audit', () => {
  it('lists the newest events first with the account address and the type list', async () => {
    const res = await t.call('GET', '/api/admin/audit', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json.events).toHaveLength(25);
    const seqs = res.json.events.map((e: any) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(res.json.events[0].event_type).toBe('test.agent');
    expect(res.json.event_types).toEqual(
      expect.arrayContaining(['test.alpha', 'test.beta', 'test.formula', 'test.agent']),
    );
    expect(res.json.next_cursor).toBe(seqs.at(-1));
  });

  it('pages through every event once with the cursor', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: any = await t.call(
        'GET',
        `/api/admin/audit?limit=7${cursor ? `&cursor=${cursor}` : ''}&type=test.beta`,
        { token: demo },
      );
      expect(page.status).toBe(200);
      seen.push(...page.json.events.map((e: any) => e.seq));
      cursor = page.json.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
  });

  it('filters by type and by severity together', async () => {
    const res = await t.call('GET', '/api/admin/audit?type=test.alpha&severity=high&limit=100', {
      token: demo,
    });
    expect(res.status).toBe(200);
    // i in 0..29 with i % 3 === 0 and i % 5 === 0: 0 and 15.
    expect(res.json.events.map((e: any) => e.details.n)).toEqual([15, 0]);
    expect(res.json.events[1].user_email).toBe(DEMO_ADMIN_EMAIL);
  });

  it.each([
    ['an unknown severity', '?severity=urgent'],
    ['a zero limit', '?limit=0'],
    ['a limit over 100', '?limit=101'],
    ['a bad cursor', '?cursor=abc'],
    ['an unknown parameter', '?sort=asc'],
  ])('refuses %s with 400', async (_n, query) => {
    const res = await t.call('GET', `/api/admin/audit${query}`, { token: demo });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });

  it.each([
    ['not a number', 'abc'],
    ['zero', '0'],
    ['a fraction', '1.5'],
    ['past the largest sequence number', '99999999999999999999'],
    ['astronomically large', '1e300'],
  ])('refuses a cursor that is %s as not valid', async (_n, cursor) => {
    const res = await t.call('GET', `/api/admin/audit?cursor=${cursor}`, { token: demo });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toBe(
      'cursor: The page cursor is not valid; start again from the first page',
    );
  });

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/admin/audit')).status).toBe(401);
    const noah = await passwordSession(t, 'noah.williams@sortstak.example');
    expect((await t.call('GET', '/api/admin/audit', { token: noah })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/audit/export', { token: noah })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/audit/verify', { token: noah })).status).toBe(403);
  });
});

describe('GET /api/admin/audit/export', () => {
  it('downloads the filtered rows as CSV with formulas neutralised', async () => {
    const res = await t.call('GET', '/api/admin/audit/export?severity=critical', { token: demo });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq,recorded_at,occurred_at,event_type,severity,source,reported_by,claimed_at,user_email,user_id,session_id,ip_address,user_agent,details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('test.formula');
    // The JSON cell starts with "{", so it is quoted but not a formula; the value inside is inert text.
    expect(lines[1]).toContain('""note"":""=HYPERLINK(');
  });

  it('prefixes a cell that starts with a formula character', async () => {
    const res = await t.call('GET', '/api/admin/audit/export?type=test.agent', { token: demo });
    expect(res.text).toContain(`,'@SUM(1+1),`);
  });

  it('runs no formula behind a separator in any spreadsheet view', async () => {
    const cells = ['Eve;=1+2', 'a,=b', 'x\t=y', '@SUM(1)', '+1', '-1'];
    await t.db.transaction((tx) =>
      appendAuditEvents(
        tx,
        cells.map((cell) => ({
          source: 'console' as const,
          eventType: 'test.separator',
          userAgent: cell,
          details: { note: cell },
        })),
      ),
    );
    const res = await t.call('GET', '/api/admin/audit/export?type=test.separator', { token: demo });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`,Eve;'=1+2,`);
    expect(formulaCellsInAnyView(res.text)).toEqual([]);
  });

  it('records the export itself with its filter and row count', async () => {
    const res = await t.call('GET', '/api/admin/audit/export?type=test.beta', { token: demo });
    const last = (await auditOf(t, 'admin.audit.exported')).at(-1)!;
    expect(last.details).toEqual({
      export_id: res.headers.get('x-audit-export-id'),
      format: 'csv',
      filter: {
        type: 'test.beta',
        severity: null,
        actor: null,
        source: null,
        from: null,
        to: null,
      },
      rows: 20,
      truncated: false,
    });
    expect(last.userId).toBe(await userIdOf(t, DEMO_ADMIN_EMAIL));
  });

  it('refuses an unknown severity', async () => {
    const res = await t.call('GET', '/api/admin/audit/export?severity=nope', { token: demo });
    expect(res.status).toBe(400);
  });

  it('sends nothing when the export cannot be recorded (fail closed)', async () => {
    const before = (await auditOf(t, 'admin.audit.exported')).length;
    const res = await withBrokenAuditTrail(t, () =>
      t.call('GET', '/api/admin/audit/export', { token: demo }),
    );
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('event_type');
    expect(await auditOf(t, 'admin.audit.exported')).toHaveLength(before);
  });
});

describe('GET /api/admin/audit/verify', () => {
  it('verifies an intact chain', async () => {
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: true,
      broken_at_seq: null,
      failed_check: null,
      reason: null,
    });
    expect(res.json.checked).toBeGreaterThan(30);
    expect(res.json.head_hash).toMatch(/^[0-9a-f]{64}$/);
    const [newest] = await t.database.query<{ seq: string }>(
      `SELECT max(seq) AS seq FROM audit_events`,
    );
    expect(res.json.head_seq).toBe(Number(newest!.seq));
    expect((await auditVerifyReport(t.db)).ok).toBe(true);
  });

  it('names the first edited row', async () => {
    const [row] = await t.database.query<{ seq: string }>(
      `SELECT seq FROM audit_events WHERE event_type = 'test.alpha' ORDER BY seq LIMIT 1 OFFSET 2`,
    );
    const seq = Number(row!.seq);
    await t.database.query(
      `UPDATE audit_events SET details = '{"n": 6, "edited": true}' WHERE seq = $1`,
      [seq],
    );
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.json).toMatchObject({
      ok: false,
      broken_at_seq: seq,
      head_seq: null,
      broken_event_type: 'test.alpha',
      failed_check: 'hash',
      reason: 'the event content does not match its keyed hash',
    });
    const report = await auditVerifyReport(t.db);
    expect(report.ok).toBe(false);
    expect(report.text).toContain(`event #${seq} (test.alpha)`);
    expect(report.text).toContain('event hash check failed');
    await t.database.query(`UPDATE audit_events SET details = '{"n": 6}' WHERE seq = $1`, [seq]);
    expect((await t.call('GET', '/api/admin/audit/verify', { token: demo })).json.ok).toBe(true);
  });

  it('detects an edited event whose chain was recomputed as plain SHA-256, head included', async () => {
    const saved = await t.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    const [savedHead] = await t.db.select().from(auditChainHead);
    const victim = saved.find((r) => r.eventType === 'test.beta')!;
    // An attacker with write access to the database, but not to the key, rewrites the trail.
    let prev = GENESIS_HASH;
    for (const row of saved) {
      const edited = row.seq === victim.seq ? { ...row, severity: 'critical' } : row;
      const hash = hashEvent(prev, edited, null);
      await t.db
        .update(auditEvents)
        .set({ severity: edited.severity, prevHash: prev, hash })
        .where(eq(auditEvents.seq, row.seq));
      prev = hash;
    }
    await t.db.update(auditChainHead).set({ lastHash: prev });
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.json).toMatchObject({ ok: false, failed_check: 'hash' });
    expect(res.json.broken_at_seq).toBeLessThanOrEqual(victim.seq);
    expect((await auditVerifyReport(t.db)).text).toContain('event hash check failed');
    for (const row of saved) {
      await t.db
        .update(auditEvents)
        .set({ severity: row.severity, prevHash: row.prevHash, hash: row.hash })
        .where(eq(auditEvents.seq, row.seq));
    }
    await t.db.update(auditChainHead).set(savedHead!);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('detects the newest events deleted, with or without the head moved back', async () => {
    const [savedHead] = await t.db.select().from(auditChainHead);
    const newest = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.seq)).limit(2);
    await t.db.delete(auditEvents).where(
      inArray(
        auditEvents.seq,
        newest.map((r) => r.seq),
      ),
    );
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.json).toMatchObject({ ok: false, broken_at_seq: null, failed_check: 'head' });
    expect(res.json.reason).toContain('the latest events are missing');

    // Point the head (seq, hash and count) at the remaining last event.
    const [last] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.seq)).limit(1);
    await t.db.update(auditChainHead).set({
      lastSeq: last!.seq,
      lastHash: last!.hash,
      eventCount: savedHead!.eventCount - 2,
    });
    const moved = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(moved.json).toMatchObject({ ok: false, failed_check: 'checkpoint' });
    const report = await auditVerifyReport(t.db);
    expect(report.ok).toBe(false);
    expect(report.text).toContain('signed checkpoint check failed');

    await t.db.insert(auditEvents).overridingSystemValue().values(newest.reverse());
    await t.db.update(auditChainHead).set(savedHead!);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('refuses to verify under a key the trail was not written with', async () => {
    const result = await verifyAuditChain(t.db, { key: Buffer.from('x'.repeat(40)) });
    expect(result).toMatchObject({ ok: false, check: 'key' });
  });

  it('names the link after a deleted row', async () => {
    const rows = await t.database.query<{ seq: string }>(
      `SELECT seq FROM audit_events WHERE event_type = 'test.beta' ORDER BY seq LIMIT 2`,
    );
    await t.database.query(`DELETE FROM audit_events WHERE seq = $1`, [rows[0]!.seq]);
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.json.ok).toBe(false);
    expect(res.json.broken_at_seq).toBeGreaterThan(Number(rows[0]!.seq));
    expect(res.json.reason).toBe('the link to the previous event is broken');
    expect(res.json.failed_check).toBe('link');
  });
});
