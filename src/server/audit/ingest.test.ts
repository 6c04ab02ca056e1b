import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../core/context';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { signInAs, userIdOf } from '../testing/admin-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { verifyAuditChain } from './chain/verify';
import { ingestAuditBatch } from './ingest';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: true },
    seed: false,
    people: [DEMO_ADMIN_EMAIL],
  });
});
afterAll(() => t.database.close());

const batch = (ids: string[]) => ({
  source: 'console' as const,
  events: ids.map((id, i) => ({
    id,
    event_type: 'admin.panel.access' as const,
    severity: 'low' as const,
    details: { n: i },
    timestamp: '2026-06-01T12:00:00.000Z',
    session_id: 'abcdefgh',
  })),
});
const meta = (ip: string) => ({ ip, userAgent: 'test' });
const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

describe('audit ingest: batches posted at once', () => {
  it('store each event once, count each address, and keep the chain intact', async () => {
    const deps: AppDeps = { ...t.deps, auditRateLimit: { limit: 25, windowMs: 60_000 } };
    const [a, b, c] = [ids(10), ids(10), ids(30)];
    const before = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    const results = await Promise.all([
      ingestAuditBatch(deps, batch(a), null, meta('192.0.2.1')),
      // The same batch again (a retry racing the first) and a batch overlapping it.
      ingestAuditBatch(deps, batch(a), null, meta('192.0.2.2')),
      ingestAuditBatch(deps, batch([...a.slice(5), ...b]), null, meta('192.0.2.3')),
      // Over its address's limit: refused, while the others are stored.
      ingestAuditBatch(deps, batch(c), null, meta('192.0.2.4')),
    ]);
    expect(results).toEqual([
      { outcome: 'stored', received: 10, stored: 10 },
      { outcome: 'stored', received: 10, stored: 0 },
      { outcome: 'stored', received: 15, stored: 10 },
      { outcome: 'limited', retryAfterSeconds: expect.any(Number) },
    ]);
    const [after] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    expect(after!.n - before[0]!.n).toBe(20);
    const counts = await t.database.query<{ bucket: string; count: number }>(
      `SELECT bucket, count FROM rate_limits WHERE bucket LIKE 'audit:ip:192.0.2.%' ORDER BY bucket`,
    );
    expect(counts.map((r) => r.count)).toEqual([10, 10, 15, 30]);
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('counts an IPv6 address by its /64, /56 and /48, as the sign-in limits do', async () => {
    const deps: AppDeps = { ...t.deps, auditRateLimit: { limit: 25, windowMs: 60_000 } };
    const first = await ingestAuditBatch(deps, batch(ids(20)), null, meta('2001:db8:7:1::a'));
    // Another address of the same /64: its batch would take the network past the limit.
    const same = await ingestAuditBatch(deps, batch(ids(10)), null, meta('2001:db8:7:1:ffff::b'));
    const other = await ingestAuditBatch(deps, batch(ids(10)), null, meta('2001:db8:7:2::a'));
    expect([first.outcome, same.outcome, other.outcome]).toEqual(['stored', 'limited', 'stored']);
    const counts = await t.database.query<{ bucket: string; count: number }>(
      `SELECT bucket, count FROM rate_limits WHERE bucket LIKE 'audit:ip:2001:db8:7:%' ORDER BY bucket`,
    );
    // The refused batch counts too, as any refused one does (above), in every tier.
    expect(counts).toEqual([
      { bucket: 'audit:ip:2001:db8:7:0::/56', count: 40 },
      { bucket: 'audit:ip:2001:db8:7:1::/64', count: 30 },
      { bucket: 'audit:ip:2001:db8:7:2::/64', count: 10 },
      { bucket: 'audit:ip:2001:db8:7::/48', count: 40 },
    ]);
  });

  it('keeps the head right when the rows are not numbered as foreseen', async () => {
    // The insert moves the head only if its rows took the numbers after the identity's last
    // one; here they skip every other number, so the head is updated on its own.
    const deps: AppDeps = { ...t.deps, auditRateLimit: { limit: 1_000, windowMs: 60_000 } };
    await t.database.query('ALTER SEQUENCE audit_events_seq_seq INCREMENT BY 2');
    try {
      const posted = [ids(3), ids(4)];
      const results = await Promise.all(
        posted.map((p, i) => ingestAuditBatch(deps, batch(p), null, meta(`192.0.2.2${i}`))),
      );
      expect(results.map((r) => r.outcome === 'stored' && r.stored)).toEqual([3, 4]);
    } finally {
      await t.database.query('ALTER SEQUENCE audit_events_seq_seq INCREMENT BY 1');
    }
    const [head] = await t.database.query<{ last_seq: number; max: number }>(
      'SELECT last_seq::int, (SELECT max(seq)::int FROM audit_events) AS max FROM audit_chain_head',
    );
    expect(head!.last_seq).toBe(head!.max);
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('stores the claimed times exactly, however far from now', async () => {
    // Times go to the database as epoch milliseconds; the chain hashes them to the millisecond.
    const times = [
      '9999-12-31T23:59:59.999Z',
      '1900-01-01T00:00:00.001Z',
      '2255-06-01T00:00:00.007Z',
    ];
    const posted = ids(times.length);
    const b = batch(posted);
    b.events.forEach((e, i) => (e.timestamp = times[i]!));
    const result = await ingestAuditBatch(t.deps, b, null, meta('192.0.2.30'));
    expect(result).toEqual({ outcome: 'stored', received: 3, stored: 3 });
    const rows = await t.database.query<{ claimed: string }>(
      `SELECT to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS claimed
         FROM audit_events WHERE client_event_id = ANY($1::uuid[]) ORDER BY seq`,
      [posted],
    );
    expect(rows.map((r) => r.claimed)).toEqual(times.map((x) => x.replace('Z', '000')));
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });

  it('fails every waiting batch, and stores nothing, when the database refuses', async () => {
    const failing: AppDeps = {
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get: (target, prop, receiver) =>
          prop === 'transaction'
            ? () => Promise.reject(new Error('connection refused'))
            : Reflect.get(target, prop, receiver),
      }),
    };
    const posted = [ids(3), ids(3)];
    const outcomes = await Promise.allSettled(
      posted.map((p) => ingestAuditBatch(failing, batch(p), null, meta('192.0.2.9'))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    const stored = await t.database.query(
      'SELECT 1 FROM audit_events WHERE client_event_id = ANY($1::uuid[])',
      [posted.flat()],
    );
    expect(stored).toHaveLength(0);
  });
});

type PgliteTx = { query: (text: string, ...rest: unknown[]) => Promise<unknown> };
type PgliteClient = { transaction: (fn: (tx: PgliteTx) => Promise<unknown>) => Promise<unknown> };

/**
 * Runs `fn` with every transaction on the embedded database logged: the first words of each
 * statement it runs (BEGIN and COMMIT are not statements of ours and are not listed).
 */
async function logTransactions<T>(fn: () => Promise<T>): Promise<{ result: T; log: string[][] }> {
  const client = (t.db as unknown as { $client: PgliteClient }).$client;
  const original = client.transaction;
  const log: string[][] = [];
  client.transaction = (body) =>
    original.call(client, (tx) => {
      const statements: string[] = [];
      log.push(statements);
      return body({
        ...tx,
        query: (text, ...rest) => {
          statements.push(text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' '));
          return tx.query(text, ...rest);
        },
      });
    });
  try {
    return { result: await fn(), log };
  } finally {
    client.transaction = original;
  }
}

// The statement log hooks the embedded database's client, so this runs where the suite does
// (`npm test`), not in its PostgreSQL run (TEST_DATABASE_URL), which opens a pool instead.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('audit ingest: the statements of a group', () => {
  it('are the same few however many batches, addresses and callers share it', async () => {
    const deps: AppDeps = { ...t.deps, auditRateLimit: { limit: 1_000, windowMs: 60_000 } };
    const [one, two] = [await signInAs(t, DEMO_ADMIN_EMAIL), await signInAs(t, DEMO_ADMIN_EMAIL)];
    const posted = Array.from({ length: 6 }, () => ids(5));
    const callers = [null, { bearer: one }, null, { bearer: two }, { bearer: one }, null];
    // A signed-in caller's console events carry its token's tail, so they are attributed.
    const bodyOf = (i: number) => {
      const caller = callers[i];
      const b = batch(posted[i]!);
      if (!caller) return b;
      return { ...b, events: b.events.map((e) => ({ ...e, session_id: caller.bearer.slice(-8) })) };
    };
    const { result, log } = await logTransactions(() =>
      Promise.all(
        posted.map((_, i) =>
          ingestAuditBatch(deps, bodyOf(i), callers[i]!, meta(`198.51.100.${i}`)),
        ),
      ),
    );
    expect(result.map((r) => r.outcome === 'stored' && r.stored)).toEqual([5, 5, 5, 5, 5, 5]);
    // One transaction of two statements, nothing per batch: the callers' sessions, every
    // address's count and the head's lock; then the insert, which reads the stored client ids
    // itself and moves the head.
    expect(log).toEqual([['WITH vouched AS', 'WITH stored AS']]);
    const rows = await t.database.query<{ client_event_id: string; user_id: string | null }>(
      'SELECT client_event_id, user_id FROM audit_events WHERE client_event_id = ANY($1::uuid[])',
      [posted.flat()],
    );
    const admin = await userIdOf(t, DEMO_ADMIN_EMAIL);
    const userOf = new Map(rows.map((r) => [r.client_event_id, r.user_id]));
    expect(posted.map((p) => userOf.get(p[0]!))).toEqual([null, admin, null, admin, admin, null]);
    const counts = await t.database.query<{ count: number }>(
      `SELECT count FROM rate_limits WHERE bucket LIKE 'audit:ip:198.51.100.%' ORDER BY bucket`,
    );
    expect(counts.map((r) => r.count)).toEqual([5, 5, 5, 5, 5, 5]);
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});

describe('audit ingest over sockets, on the embedded database', () => {
  it('groups batches that arrive on several connections at once', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const posted = Array.from({ length: 8 }, () => ids(5));
      const url = `http://127.0.0.1:${port}/api/audit/events`;
      // Eight kept-alive connections first, as browsers (and the benchmark) hold them.
      await Promise.all(posted.map(() => fetch(url, { method: 'OPTIONS' }).then((r) => r.text())));
      const { result, log } = await logTransactions(() =>
        Promise.all(
          posted.map(async (p) => {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(batch(p)),
            });
            return res.status;
          }),
        ),
      );
      expect(result).toEqual(posted.map(() => 200));
      // Each statement of the embedded database runs without giving way to I/O: unless the
      // queue lets the requests already received join, every batch commits on its own.
      expect(log.length).toBeLessThan(posted.length);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
