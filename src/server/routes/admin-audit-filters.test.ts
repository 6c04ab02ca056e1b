import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { closeLiveAudit, setLiveAuditTiming } from '../audit/live';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { eventStreamReader } from '../testing/event-stream';
import { createTestContext, type TestContext } from '../testing/harness';
import { auditOf, userIdOf } from '../testing/principals';

/**
 * The trail's actor, source and time filters (docs/api/audit-trail.md#filters): the list, the
 * export and the live stream give exactly what a plain SQL filter over the table gives.
 */

let t: TestContext;
let demo: string;
let adminId: string;
let noahId: string;

const NOAH = 'noah.williams@sortstak.example';
const TYPE = 'flt.event';
const SOURCES = ['console', 'startup', 'server'] as const;
/** The seeded events happen an hour apart from here on. */
const BASE = Date.parse('2031-03-01T00:00:00Z');
const hour = (n: number) => new Date(BASE + n * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  setLiveAuditTiming(t.deps, { recheckMs: 3_600_000 });
  adminId = await userIdOf(t, DEMO_ADMIN_EMAIL);
  noahId = await userIdOf(t, NOAH);
  const actors = [adminId, noahId, null];
  const events: AuditInput[] = Array.from({ length: 36 }, (_, i) => ({
    source: SOURCES[i % 3]!,
    eventType: i % 4 === 3 ? 'flt.other' : TYPE,
    severity: i % 2 ? 'low' : 'high',
    userId: actors[Math.floor(i / 3) % 3]!,
    occurredAt: new Date(hour(i)),
    details: { n: i },
  }));
  await t.db.transaction((tx) => appendAuditEvents(tx, events));
});
afterAll(async () => {
  await closeLiveAudit(t.deps);
  await t.close();
});

type Where = {
  type?: string;
  severity?: string;
  userId?: string | null;
  source?: string;
  from?: string;
  to?: string;
};

/** The seqs, newest first, that a plain SQL filter over the whole table gives. */
async function plainSql(where: Where): Promise<number[]> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  if (where.type) add('event_type = ?', where.type);
  if (where.severity) add('severity = ?', where.severity);
  if (where.userId === null) clauses.push('user_id IS NULL');
  else if (where.userId) add('user_id = ?', where.userId);
  if (where.source) add('source = ?', where.source);
  if (where.from) add('occurred_at >= ?', where.from);
  if (where.to) add('occurred_at < ?', where.to);
  const rows = await t.database.query<{ seq: string }>(
    `SELECT seq FROM audit_events ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''} ORDER BY seq DESC`,
    params,
  );
  return rows.map((r) => Number(r.seq));
}

/** Every page of the list, `limit` at a time. */
async function listAll(query: string, limit = 4): Promise<number[]> {
  const seen: number[] = [];
  let cursor: number | null = null;
  do {
    const res: any = await t.call(
      'GET',
      `/api/admin/audit?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token: demo },
    );
    expect(res.status, res.text).toBe(200);
    seen.push(...res.json.events.map((e: any) => e.seq));
    cursor = res.json.next_cursor;
  } while (cursor);
  return seen;
}

const CASES: [string, string, () => Where][] = [
  ['an actor by email', `actor=${NOAH}`, () => ({ userId: noahId })],
  ['an actor by email in other case', `actor=${NOAH.toUpperCase()}`, () => ({ userId: noahId })],
  ['anonymous', `type=${TYPE}&actor=anonymous`, () => ({ type: TYPE, userId: null })],
  ['a source', 'source=console', () => ({ source: 'console' })],
  ['a source and a type', `source=startup&type=${TYPE}`, () => ({ source: 'startup', type: TYPE })],
  ['a time range', `from=${hour(5)}&to=${hour(17)}`, () => ({ from: hour(5), to: hour(17) })],
  [
    'a time range with an offset',
    `from=${encodeURIComponent('2031-03-01T07:00:00+02:00')}`,
    () => ({ from: hour(5) }),
  ],
  ['only a start', `from=${hour(30)}`, () => ({ from: hour(30) })],
  ['only an end', `to=${hour(2)}&type=${TYPE}`, () => ({ to: hour(2), type: TYPE })],
  [
    'all five together',
    `type=${TYPE}&severity=high&actor=${DEMO_ADMIN_EMAIL}&source=server&from=${hour(0)}&to=${hour(35)}`,
    () => ({
      type: TYPE,
      severity: 'high',
      userId: adminId,
      source: 'server',
      from: hour(0),
      to: hour(35),
    }),
  ],
];

describe('the audit filters', () => {
  it.each(CASES)('the list filters by %s, page by page', async (_n, query, where) => {
    const expected = await plainSql(where());
    expect(expected.length).toBeGreaterThan(0);
    expect(await listAll(query)).toEqual(expected);
  });

  it('the range includes its start and leaves out its end', async () => {
    const seqs = await listAll(`type=${TYPE}&from=${hour(4)}&to=${hour(6)}`);
    const res = await t.call('GET', `/api/admin/audit?type=${TYPE}&from=${hour(4)}&to=${hour(6)}`, {
      token: demo,
    });
    expect(res.json.events.map((e: any) => e.details.n)).toEqual([5, 4]);
    expect(seqs).toHaveLength(2);
  });

  it.each(CASES)('the export filters by %s', async (_n, query, where) => {
    const expected = await plainSql(where());
    const res = await t.call('GET', `/api/admin/audit/export?${query}`, { token: demo });
    expect(res.status, res.text).toBe(200);
    const lines = res.text.trimEnd().split('\r\n').slice(1);
    expect(lines.map((line) => Number(line.split(',')[0]))).toEqual(expected);
  });

  it.each(CASES.filter(([, query]) => query.includes(`type=${TYPE}`)))(
    'the stream filters by %s',
    async (_n, query, where) => {
      const expected = (await plainSql(where())).reverse();
      const res = await t.app.request(`/api/admin/audit/stream?${query}&after=0`, {
        headers: { authorization: `Bearer ${demo}` },
      });
      expect(res.status).toBe(200);
      const stream = eventStreamReader(res);
      try {
        const messages = await stream.next(expected.length);
        expect(messages.map((m) => Number(m.id))).toEqual(expected);
        // Nothing else passes: the next message is the next matching event.
        const w = where();
        await t.db.transaction((tx) =>
          appendAuditEvents(tx, [
            {
              source: (w.source ?? 'server') as AuditInput['source'],
              eventType: TYPE,
              severity: w.severity ?? 'low',
              userId: w.userId === undefined ? null : w.userId,
              occurredAt: new Date(w.to ? Date.parse(w.to) - 1 : Date.now()),
              details: { sentinel: true },
            },
          ]),
        );
        const [sentinel] = await stream.next(1);
        expect(JSON.parse(sentinel!.data).details).toEqual({ sentinel: true });
      } finally {
        await stream.close();
      }
    },
  );

  it('records the export with every filter it was given', async () => {
    await t.call(
      'GET',
      `/api/admin/audit/export?actor=${NOAH}&source=console&from=${hour(1)}&to=${hour(9)}`,
      { token: demo },
    );
    const last = (await auditOf(t, 'admin.audit.exported')).at(-1)!;
    expect(last.details).toMatchObject({
      filter: {
        type: null,
        severity: null,
        actor: NOAH,
        source: 'console',
        from: hour(1),
        to: hour(9),
      },
    });
  });
});

describe('refused filters', () => {
  const BAD: [string, string, string][] = [
    ['an unknown source', 'source=browser', 'source: Choose one of console, startup, server'],
    ['a malformed start', 'from=yesterday', 'from: Give an ISO 8601 date and time'],
    ['a date without a time', 'to=2031-03-01', 'to: Give an ISO 8601 date and time'],
    ['a time without an offset', 'from=2031-03-01T10:00:00', 'from: Give an ISO 8601'],
    [
      'an end before the start',
      `from=${hour(3)}&to=${hour(2)}`,
      'to: The range must end after it starts',
    ],
    ['an end at the start', `from=${hour(3)}&to=${hour(3)}`, 'to: The range must end after'],
    ['an unknown actor', 'actor=nobody@example.com', 'actor: No account has the email'],
  ];

  it.each(BAD)('the list refuses %s with 400', async (_n, query, message) => {
    const res = await t.call('GET', `/api/admin/audit?${query}`, { token: demo });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toContain(message);
    if (query.startsWith('actor=')) expect(res.json.error.code).toBe('unknown_actor');
  });

  it.each(BAD)('the export refuses %s with 400 and records nothing', async (_n, query, message) => {
    const before = await plainSql({});
    const res = await t.call('GET', `/api/admin/audit/export?${query}`, { token: demo });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toContain(message);
    expect(await plainSql({})).toEqual(before);
  });

  it.each(BAD)('the stream refuses %s with 400', async (_n, query, message) => {
    const res = await t.app.request(`/api/admin/audit/stream?${query}`, {
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toContain(message);
  });
});
