import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context';
import { createTestContext, type TestContext } from '../testing/harness';
import { verifyAuditChain } from './chain';
import { ingestAuditBatch } from './ingest';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: true }, seed: false });
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
