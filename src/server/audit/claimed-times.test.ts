import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../testing/csv-parse';
import { createTestContext, type TestContext } from '../testing/harness';
import { appendAuditEvents } from './chain/append';
import { verifyAuditChain } from './chain/verify';

/** An instant of any year, ISO year 0 (1 BC) and below included. */
function at(year: number, iso: string): Date {
  const d = new Date(`2000-${iso}`);
  d.setUTCFullYear(year);
  return d;
}

/**
 * Claimed times an earlier release accepted (any ISO date-time) before the API kept them
 * between 1970 and 9999 (docs/reliability.md): two-digit years, which a date parser reads as
 * 19xx or 20xx, and ISO year 0, which PostgreSQL stores as 1 BC.
 */
const CLAIMED = [
  at(1, '01-01T00:00:00.000Z'),
  at(50, '06-15T08:30:00.123Z'),
  at(99, '12-31T23:59:59.999Z'),
  at(0, '02-29T12:00:00.000Z'),
  at(-1, '03-01T00:00:00.001Z'),
  at(999, '07-04T00:00:00.000Z'),
];

let t: TestContext;
let demo: string;

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  // Stored as an earlier release's ingest stored them: through the chain's append, with the
  // claimed time kept as the browser sent it.
  await t.db.transaction((tx) =>
    appendAuditEvents(
      tx,
      CLAIMED.map((claimedAt, i) => ({
        source: 'console' as const,
        eventType: 'test.claimed.old',
        details: { n: i },
        claimedAt,
      })),
    ),
  );
  await appendAuditEvents(t.db, [{ source: 'server', eventType: 'test.after' }]);
});
afterAll(() => t.close());

describe('events claimed at years before 100 or BC, stored before the range check', () => {
  it('are stored at their exact instant', async () => {
    const rows = await t.database.query<{ ms: string }>(
      `SELECT (extract(epoch FROM claimed_at) * 1000)::bigint::text AS ms
         FROM audit_events WHERE event_type = 'test.claimed.old' ORDER BY seq`,
    );
    expect(rows.map((r) => Number(r.ms))).toEqual(CLAIMED.map((d) => d.getTime()));
  });

  it('leave the trail intact for verification', async () => {
    const res = await t.call('GET', '/api/admin/audit/verify', { token: demo });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, failed_check: null, broken_at_seq: null });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('are listed and exported with the time claimed', async () => {
    const expected = CLAIMED.map((d) => d.toISOString()).reverse();
    const list = await t.call('GET', '/api/admin/audit?type=test.claimed.old', { token: demo });
    expect(list.json.events.map((e: { claimed_at: string }) => e.claimed_at)).toEqual(expected);
    const csv = await t.call('GET', '/api/admin/audit/export?type=test.claimed.old', {
      token: demo,
    });
    const [header, ...lines] = parseCsv(csv.text);
    const column = header!.indexOf('claimed_at');
    // A cell starting with '-' (a negative ISO year) is kept from running as a formula (csv.ts).
    expect(lines.map((line) => line[column])).toEqual(
      expected.map((iso) => (iso.startsWith('-') ? `'${iso}` : iso)),
    );
  });
});
