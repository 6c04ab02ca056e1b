import { describe, expect, it } from 'vitest';
import { AUDIT_LIMITS } from '@shared/audit-events';
import { ConsoleAuditQueue } from './console-queue';
import { fakeQueueEnv } from './queue-env.test-double';

const TOKEN = 'demo-token-1780000000123';

function setup(token: string | null = TOKEN) {
  const env = fakeQueueEnv();
  const make = () => new ConsoleAuditQueue({ ...env.deps, accessToken: () => token });
  const queue = make();
  queue.start();
  return { env, queue, make };
}

const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe('admin console audit queue', () => {
  it('builds console events (docs/product/audit-trail.md#audit-event): client UUID, low by default, session id = last 8 of the token', () => {
    const { env, queue } = setup();
    queue.log('admin.panel.access', { details: { tab: 'users' } });
    const [event] = queue.snapshot().events;
    expect(event).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      event_type: 'admin.panel.access',
      severity: 'low',
      details: { tab: 'users' },
      timestamp: '2026-06-01T12:00:00.000Z',
      session_id: '00000123',
    });
    // Kept in storage at once: closing the tab now loses nothing.
    expect(env.storage.getItem('ted.audit.console')).toContain(event!.id);
    expect(env.requests).toHaveLength(0);
  });

  it('has no session id when nobody is signed in', () => {
    const { queue } = setup(null);
    queue.log('security.suspicious_activity');
    expect(queue.snapshot().events[0]!.session_id).toBeNull();
  });

  it('flushes every 30 seconds, not before', async () => {
    const { env, queue } = setup();
    queue.log('admin.panel.access');
    queue.log('security.panel.access', { severity: 'medium' });
    await env.advance(29_999);
    expect(env.requests).toHaveLength(0);
    await env.advance(1);
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]).toMatchObject({ keepalive: false, batch: { source: 'console' } });
    expect(env.requests[0]!.batch.events.map((e) => e.severity)).toEqual(['low', 'medium']);
    expect(queue.snapshot().events).toEqual([]);
    await env.advance(30_000);
    expect(env.requests).toHaveLength(1); // Nothing held, nothing sent.
  });

  it.each(['high', 'critical'] as const)('flushes a %s event at once', async (severity) => {
    const { env, queue } = setup();
    queue.log('admin.panel.access');
    queue.log('security.violation', { severity });
    await env.settle();
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]!.batch.events.map((e) => e.event_type)).toEqual([
      'admin.panel.access',
      'security.violation',
    ]);
  });

  it('keeps failed events at the front, in order, and loses none', async () => {
    const { env, queue } = setup();
    env.server.mode = 'down';
    const a = queue.log('admin.panel.access');
    const b = queue.log('security.panel.access');
    await env.advance(30_000);
    expect(env.requests).toHaveLength(1);
    const c = queue.log('security.panel.access');
    expect(ids(queue.snapshot().events)).toEqual([a, b, c]);
    await env.advance(30_000);
    expect(ids(queue.snapshot().events)).toEqual([a, b, c]);

    env.server.mode = 'ok';
    await env.advance(30_000);
    expect(ids(env.requests.at(-1)!.batch.events)).toEqual([a, b, c]);
    expect(queue.snapshot().events).toEqual([]);
    expect([...env.server.stored.keys()]).toEqual([a, b, c]);
  });

  it('stores nothing twice when the answer to a stored batch is lost and the batch is retried', async () => {
    const { env, queue } = setup();
    env.server.mode = 'lost-response';
    const a = queue.log('admin.panel.access');
    await env.advance(30_000);
    expect(queue.snapshot().events.map((e) => e.id)).toEqual([a]);
    env.server.mode = 'ok';
    await env.advance(30_000);
    expect(env.requests).toHaveLength(2);
    expect(env.server.stored.size).toBe(1);
    expect(env.server.duplicatesIgnored).toBe(1);
    expect(queue.snapshot().events).toEqual([]);
  });

  it('sends events logged during a flush with the next batch', async () => {
    const { env, queue } = setup();
    const a = queue.log('admin.panel.access');
    env.hold();
    const flushing = queue.flush();
    const b = queue.log('security.panel.access');
    await env.release();
    await flushing;
    expect(env.requests.map((r) => ids(r.batch.events))).toEqual([[a], [b]]);
    expect(queue.snapshot().events).toEqual([]);
  });

  it('sends everything with keepalive when the page is hidden, including a batch still in flight', async () => {
    const { env, queue } = setup();
    env.hold();
    const a = queue.log('admin.panel.access');
    void queue.flush();
    const b = queue.log('security.panel.access');
    queue.flushOnHide();
    queue.flushOnHide(); // pagehide after visibilitychange: no second copy
    expect(env.requests.map((r) => [r.keepalive, ids(r.batch.events)])).toEqual([
      [false, [a]],
      [true, [a, b]],
    ]);
    await env.release();
    expect(queue.snapshot().events).toEqual([]);
    expect(env.server.stored.size).toBe(2);
  });

  it('leaves events for the next page when the page-hide request fails (closing the tab mid-outage)', async () => {
    const { env, queue, make } = setup();
    env.server.mode = 'down';
    const a = queue.log('admin.panel.access');
    queue.flushOnHide();
    await env.settle();
    queue.stop();

    env.server.mode = 'ok';
    const nextPage = make();
    nextPage.start();
    expect(ids(nextPage.snapshot().events)).toEqual([a]);
    await env.advance(30_000);
    expect([...env.server.stored.keys()]).toEqual([a]);
  });

  it('keeps the events of two tabs that share the queue', async () => {
    const { env, queue, make } = setup();
    const other = make();
    const a = queue.log('admin.panel.access');
    const b = other.log('security.panel.access');
    expect(ids(queue.snapshot().events)).toEqual([a, b]);
    await queue.flush();
    expect([...env.server.stored.keys()]).toEqual([a, b]);
  });

  it('holds at most 50 events, drops the lowest severity first, and reports the drops once', async () => {
    const { env, queue } = setup();
    env.server.mode = 'down';
    const medium = queue.log('security.panel.access', { severity: 'medium' });
    for (let i = 0; i < 55; i++) queue.log('admin.panel.access');
    const state = queue.snapshot();
    expect(state.events).toHaveLength(50);
    expect(ids(state.events)).toContain(medium);
    expect(state.pendingDrops).toBe(6);

    await env.advance(30_000); // fails; the drop report is sealed and kept
    await env.advance(30_000); // fails again
    env.server.mode = 'ok';
    await env.advance(30_000);
    expect(env.droppedReported()).toBe(6);
    expect(env.server.drops.size).toBe(1);
    expect(env.server.stored.size).toBe(50);
    expect(queue.snapshot()).toMatchObject({ events: [], drops: [], pendingDrops: 0 });
  });

  it('never drops a high or critical event, even past the cap', async () => {
    const { env, queue } = setup();
    env.server.mode = 'down';
    for (let i = 0; i < 60; i++) {
      queue.log('security.violation', { severity: i % 2 ? 'high' : 'critical' });
    }
    await env.settle();
    queue.log('admin.panel.access');
    expect(queue.snapshot().events).toHaveLength(60);
    expect(queue.snapshot().pendingDrops).toBe(1);
    env.server.mode = 'ok';
    await queue.flush();
    expect(env.server.stored.size).toBe(60);
    expect(env.droppedReported()).toBe(1);
  });

  it('drops (and reports) a batch the server refuses for good instead of retrying it forever', async () => {
    const { env, queue } = setup();
    env.server.mode = 'refuse';
    queue.log('admin.panel.access');
    queue.log('admin.panel.access');
    await env.advance(30_000);
    expect(queue.snapshot()).toMatchObject({ events: [], pendingDrops: 2 });
    env.server.mode = 'ok';
    queue.log('security.violation', { severity: 'high' });
    await env.settle();
    expect(env.droppedReported()).toBe(2);
  });

  it(`reports a drop count over ${AUDIT_LIMITS.maxDroppedPerReport} in reports the server takes`, async () => {
    const { env, queue } = setup();
    // Drops left by an earlier page (refused reports are counted again, so a count can grow).
    const pending = 2 * AUDIT_LIMITS.maxDroppedPerReport + 5;
    env.storage.setItem(
      'ted.audit.console',
      JSON.stringify({ v: 1, events: [], drops: [], pendingDrops: pending }),
    );
    await queue.flush();
    const counts = env.requests.flatMap((r) => (r.batch.dropped ?? []).map((d) => d.count));
    expect(counts).toEqual([AUDIT_LIMITS.maxDroppedPerReport, AUDIT_LIMITS.maxDroppedPerReport, 5]);
    expect(env.droppedReported()).toBe(pending);
  });

  it('refuses an event the server would refuse, and counts it as dropped', () => {
    const { queue } = setup();
    queue.log('admin.panel.access', { details: { note: 'x'.repeat(3000) } });
    expect(queue.snapshot()).toMatchObject({ events: [], pendingDrops: 1 });
  });

  it('stops its timer', async () => {
    const { env, queue } = setup();
    expect(env.activeIntervals()).toBe(1);
    queue.stop();
    expect(env.activeIntervals()).toBe(0);
  });
});
