import { describe, expect, it } from 'vitest';
import { fakeQueueEnv } from './queue-env.test-double';
import { SecurityEventQueue } from './security-event-queue';

function setup() {
  const env = fakeQueueEnv();
  const make = () =>
    new SecurityEventQueue({
      ...env.deps,
      sessionId: () => 'tab-session-7',
      pageUrl: () => 'http://127.0.0.1:4342/admin?tab=users',
    });
  return { env, make, queue: make() };
}

describe('start-up security-event queue', () => {
  it('logs config_change (info, app_startup) when it starts', () => {
    const { queue } = setup();
    queue.start();
    expect(queue.snapshot().events).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        event_type: 'config_change',
        severity: 'info',
        details: { action: 'app_startup' },
        timestamp: '2026-06-01T12:00:00.000Z',
        session_id: 'tab-session-7',
        page_url: 'http://127.0.0.1:4342/admin?tab=users',
      },
    ]);
  });

  it('flushes every 5000 ms, not before', async () => {
    const { env, queue } = setup();
    queue.start();
    await env.advance(4999);
    expect(env.requests).toHaveLength(0);
    await env.advance(1);
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]).toMatchObject({ keepalive: false, batch: { source: 'startup' } });
    expect(queue.snapshot().events).toEqual([]);
  });

  it('flushes as soon as 50 events are held', async () => {
    const { env, queue } = setup();
    queue.start();
    for (let i = 0; i < 48; i++) queue.log('sensitive_data_access', 'low');
    await env.settle();
    expect(env.requests).toHaveLength(0);
    queue.log('sensitive_data_access', 'low'); // the 50th
    await env.settle();
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]!.batch.events).toHaveLength(50);
  });

  it.each(['high', 'critical'] as const)('flushes a %s event at once', async (severity) => {
    const { env, queue } = setup();
    queue.start();
    queue.log('role_escalation_attempt', severity, { target: 'x' });
    await env.settle();
    expect(env.requests).toHaveLength(1);
    expect(env.requests[0]!.batch.events.map((e) => e.severity)).toEqual(['info', severity]);
  });

  it('flushes on page hide with keepalive', () => {
    const { env, queue } = setup();
    queue.start();
    queue.flushOnHide();
    expect(env.requests).toMatchObject([{ keepalive: true }]);
  });

  it('puts failed events back into the queue up to 50, keeping high and critical ones', async () => {
    const { env, queue } = setup();
    queue.start(); // 1 info event
    env.server.mode = 'down';
    for (let i = 0; i < 29; i++) queue.log('sensitive_data_access', 'low');
    env.hold();
    const flushing = queue.flush(); // 30 events in flight
    for (let i = 0; i < 25; i++) queue.log('admin_panel_access', 'medium');
    queue.log('emergency_access', 'critical');
    // 56 held: the 30 in flight may still get through, so nothing is dropped yet.
    expect(queue.snapshot().events).toHaveLength(56);
    await env.release();
    await flushing;
    const state = queue.snapshot();
    expect(state.events).toHaveLength(50);
    expect(state.events.map((e) => e.event_type)).toContain('emergency_access');
    // The send failed: the lowest severities went first, oldest first.
    expect(state.events.filter((e) => e.severity === 'info')).toHaveLength(0);
    expect(state.events.filter((e) => e.severity === 'low')).toHaveLength(24);
    expect(state.events.filter((e) => e.severity === 'medium')).toHaveLength(25);
    const dropped = state.pendingDrops + state.drops.reduce((n, d) => n + d.count, 0);
    expect(dropped).toBe(6);

    env.server.mode = 'ok';
    await env.advance(5000);
    expect(env.server.stored.size).toBe(50);
    expect(env.droppedReported()).toBe(6);
    expect(queue.snapshot()).toMatchObject({ events: [], drops: [], pendingDrops: 0 });
  });

  it('loses nothing and stores nothing twice through an outage and lost answers', async () => {
    const { env, queue } = setup();
    queue.start();
    const logged = [queue.snapshot().events[0]!.id];
    const modes = ['down', 'lost-response', 'ok', 'down', 'lost-response', 'lost-response', 'ok'];
    for (const mode of modes) {
      env.server.mode = mode as typeof env.server.mode;
      for (let i = 0; i < 7; i++) logged.push(queue.log('sensitive_data_access', 'low'));
      await env.advance(5000);
    }
    env.server.mode = 'ok';
    await env.advance(5000);
    expect([...env.server.stored.keys()].sort()).toEqual([...logged].sort());
    expect(env.server.duplicatesIgnored).toBeGreaterThan(0);
    expect(queue.snapshot().events).toEqual([]);
    expect(env.droppedReported()).toBe(0);
  });

  it('survives a reload: the next page sends what the last one could not', async () => {
    const { env, queue, make } = setup();
    env.server.mode = 'down';
    queue.start();
    queue.log('logout', 'low');
    queue.flushOnHide();
    await env.settle();
    queue.stop();

    env.server.mode = 'ok';
    const next = make();
    next.start(); // logs its own app_startup
    await env.advance(5000);
    expect(env.server.stored.size).toBe(3);
    expect(
      [...env.server.stored.values()].filter((e) => e.event_type === 'config_change'),
    ).toHaveLength(2);
  });
});
