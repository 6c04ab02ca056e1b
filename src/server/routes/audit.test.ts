import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_EVENT_TYPES,
  AUDIT_LIMITS,
  jsonBytes,
  SERVER_ONLY_EVENT_TYPES,
} from '@shared/audit-events';
import { appendAuditEvents } from '../audit/chain/append';
import { verifyAuditChain } from '../audit/chain/verify';
import { AUDIT_RATE_LIMIT } from '../audit/ingest';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { auditRows, signInAs, userIdOf } from '../testing/admin-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

let t: TestContext;
const clock = manualClock(new Date('2026-06-01T12:00:30Z'));
beforeAll(async () => {
  t = await createTestContext({ now: clock.now });
});
afterAll(() => t.close());

/** A POST from a given socket address, as @hono/node-server would present it. */
async function postFrom(
  ip: string,
  body: unknown,
  init: { token?: string; headers?: Record<string, string>; raw?: string; to?: TestContext } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'AuditTest/1.0',
    ...init.headers,
  };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await (init.to ?? t).app.request(
    '/api/audit/events',
    { method: 'POST', headers, body: init.raw ?? JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

const startupEvent = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  event_type: 'config_change',
  severity: 'info',
  details: { action: 'app_startup' },
  timestamp: '2026-06-01T11:59:58.123Z',
  session_id: 'tab-session-1',
  page_url: 'http://127.0.0.1/demo',
  ...over,
});
const consoleEvent = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  event_type: 'admin.panel.access',
  severity: 'low',
  details: { tab: 'users' },
  timestamp: '2026-06-01T11:59:59.000Z',
  session_id: null,
  ...over,
});

const countAll = async () =>
  Number(
    (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events`))[0]!.n,
  );

describe('POST /api/audit/events', () => {
  it('stores an anonymous start-up event, in demo mode without the address and user agent', async () => {
    const event = startupEvent();
    const res = await postFrom('203.0.113.7', { source: 'startup', events: [event] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: 1, stored: 1 });
    const [row] = (await auditRows(t, 'config_change')).filter(
      (r) => r.client_event_id === event.id,
    );
    expect(row).toMatchObject({
      source: 'startup',
      severity: 'info',
      user_id: null,
      // docs/api/audit-trail.md#demo-privacy: every demo visitor reads the trail.
      ip_address: null,
      user_agent: null,
      session_id: 'tab-session-1',
      page_url: 'http://127.0.0.1/demo',
      details: { action: 'app_startup' },
    });
    // The receive time is authoritative; the browser's timestamp is kept apart as its claim.
    expect(row!.occurred_at.toISOString()).toBe(clock.now().toISOString());
    const [claim] = await t.database.query<{ claimed_at: Date }>(
      `SELECT claimed_at FROM audit_events WHERE client_event_id = $1`,
      [event.id],
    );
    expect(claim!.claimed_at.toISOString()).toBe('2026-06-01T11:59:58.123Z');
  });

  it('lists a browser event as reported by a browser, at its receive time, with its claimed time', async () => {
    const event = consoleEvent({ timestamp: '2020-01-01T00:00:00.000Z' });
    expect((await postFrom('203.0.113.70', { source: 'console', events: [event] })).status).toBe(
      200,
    );
    const res = await t.call('GET', '/api/admin/audit?type=admin.panel.access&limit=100', {
      token: t.demoToken(),
    });
    const listed = res.json.events.find(
      (e: { details: Record<string, unknown> }) => e.details.tab === 'users',
    );
    expect(listed).toMatchObject({
      reported_by: 'browser',
      source: 'console',
      occurred_at: clock.now().toISOString(),
      claimed_at: '2020-01-01T00:00:00.000Z',
    });
    await appendAuditEvents(t.db, [{ source: 'server', eventType: 'test.server' }], clock.now());
    const server = await t.call('GET', '/api/admin/audit?type=test.server', {
      token: t.demoToken(),
    });
    expect(server.json.events[0]).toMatchObject({ reported_by: 'server', claimed_at: null });
  });

  it.each(SERVER_ONLY_EVENT_TYPES)(
    'refuses %s from a browser, signed in or not, and stores nothing',
    async (type) => {
      const before = await countAll();
      const forged = consoleEvent({
        event_type: type,
        severity: 'low',
        timestamp: '2026-01-01T09:00:00.000Z',
        session_id: 'a1b2c3d4',
        details: { email: DEMO_ADMIN_EMAIL },
      });
      const anonymous = await postFrom('203.0.113.71', { source: 'console', events: [forged] });
      expect(anonymous.status).toBe(400);
      expect(anonymous.json.error.message).toContain('recorded by the server only');
      const signedIn = await postFrom(
        '203.0.113.71',
        { source: 'console', events: [consoleEvent(), forged] },
        { token: t.demoToken() },
      );
      expect(signedIn.status).toBe(400);
      expect(await countAll()).toBe(before);
    },
  );

  it('stores each client event once, however often and however concurrently it is sent', async () => {
    const a = startupEvent();
    const b = startupEvent();
    expect((await postFrom('203.0.113.8', { source: 'startup', events: [a] })).json.stored).toBe(1);
    expect((await postFrom('203.0.113.8', { source: 'startup', events: [a] })).json).toEqual({
      received: 1,
      stored: 0,
    });
    const mixed = await postFrom('203.0.113.8', { source: 'startup', events: [a, b, b] });
    expect(mixed.json).toEqual({ received: 3, stored: 1 });

    const c = consoleEvent();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postFrom('203.0.113.8', { source: 'console', events: [c] })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.json.stored, 0)).toBe(1);
    for (const id of [a.id, b.id, c.id]) {
      const rows = await t.database.query(`SELECT 1 FROM audit_events WHERE client_event_id = $1`, [
        id,
      ]);
      expect(rows).toHaveLength(1);
    }
  });

  it('takes the user from the bearer token, for console events of that same token only', async () => {
    const token = t.demoToken(1_780_000_000_000);
    const admin = await userIdOf(t, DEMO_ADMIN_EMAIL);
    const mine = consoleEvent({ session_id: token.slice(-8) });
    const earlier = consoleEvent({ session_id: 'xxxxxxxx' });
    const res = await postFrom(
      '203.0.113.9',
      { source: 'console', events: [mine, earlier] },
      { token },
    );
    expect(res.json.stored).toBe(2);
    const rows = await auditRows(t, 'admin.panel.access');
    expect(rows.find((r) => r.client_event_id === mine.id)?.user_id).toBe(admin);
    expect(rows.find((r) => r.client_event_id === earlier.id)?.user_id).toBeNull();

    const startup = startupEvent();
    await postFrom('203.0.113.9', { source: 'startup', events: [startup] }, { token });
    const [row] = (await auditRows(t, 'config_change')).filter(
      (r) => r.client_event_id === startup.id,
    );
    expect(row?.user_id).toBe(admin);
  });

  it('records a queue drop report once, under its own id', async () => {
    const report = { id: randomUUID(), count: 7 };
    const first = await postFrom('203.0.113.10', {
      source: 'startup',
      events: [],
      dropped: [report],
    });
    expect(first.json).toEqual({ received: 1, stored: 1 });
    const again = await postFrom('203.0.113.10', {
      source: 'startup',
      events: [startupEvent()],
      dropped: [report],
    });
    expect(again.json).toEqual({ received: 2, stored: 1 });
    const rows = (await auditRows(t, 'audit.queue.overflow')).filter(
      (r) => r.client_event_id === report.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      severity: 'medium',
      details: { dropped: 7, queue: 'startup' },
    });
  });

  const many = (n: number, make = startupEvent) => Array.from({ length: n }, () => make());
  it.each([
    ['no events', { source: 'startup', events: [] }, /at least one event/],
    ['more than 50 events', { source: 'startup', events: many(51) }, /at most 50 events/],
    ['an unknown source', { source: 'server', events: [startupEvent()] }, /source must be/],
    ['no source', { events: [startupEvent()] }, /source/],
    [
      'a console type in a start-up batch',
      { source: 'startup', events: [startupEvent({ event_type: 'admin.panel.access' })] },
      /Unknown security event type/,
    ],
    [
      'an unknown console type',
      { source: 'console', events: [consoleEvent({ event_type: 'admin.user.updated' })] },
      /Unknown console event type/,
    ],
    [
      'severity info from the console',
      { source: 'console', events: [consoleEvent({ severity: 'info' })] },
      /Unknown severity/,
    ],
    [
      'an id that is not a UUID',
      { source: 'console', events: [consoleEvent({ id: 'abc' })] },
      /id must be a UUID/,
    ],
    [
      'a bad timestamp',
      { source: 'console', events: [consoleEvent({ timestamp: 'yesterday' })] },
      /ISO 8601/,
    ],
    [
      'a user_id in the body',
      { source: 'console', events: [consoleEvent({ user_id: randomUUID() })] },
      /user_id/,
    ],
    [
      'an ip_address in the body',
      { source: 'startup', events: [startupEvent({ ip_address: '1.1.1.1' })] },
      /ip_address/,
    ],
    [
      'details that are not an object',
      { source: 'console', events: [consoleEvent({ details: 'x' })] },
      /details/,
    ],
    [
      'details over 2048 bytes',
      { source: 'console', events: [consoleEvent({ details: { note: 'x'.repeat(2100) } })] },
      /at most 2048 bytes/,
    ],
    [
      'details with too many keys',
      {
        source: 'console',
        events: [
          consoleEvent({
            details: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])),
          }),
        ],
      },
      /at most 32 keys/,
    ],
    [
      'an over-long session id',
      { source: 'console', events: [consoleEvent({ session_id: 's'.repeat(65) })] },
      /at most 64/,
    ],
    [
      'an over-long page URL',
      { source: 'startup', events: [startupEvent({ page_url: `http://x/${'p'.repeat(2050)}` })] },
      /at most 2048/,
    ],
    [
      'a drop report with a zero count',
      { source: 'startup', events: [], dropped: [{ id: randomUUID(), count: 0 }] },
      /dropped/,
    ],
    [
      'an unknown top-level field',
      { source: 'startup', events: [startupEvent()], user: 'x' },
      /user/,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const before = await countAll();
    const res = await postFrom('203.0.113.20', body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.message).toMatch(message);
    expect(await countAll()).toBe(before);
  });

  it('refuses a batch over its byte bound, malformed JSON and a non-JSON body', async () => {
    const before = await countAll();
    // Just over the batch bound, still under the 64 KB body limit of every API request.
    const fat: ReturnType<typeof startupEvent>[] = [];
    while (jsonBytes({ source: 'startup', events: fat }) <= AUDIT_LIMITS.maxBatchBytes) {
      fat.push(startupEvent({ details: { note: 'x'.repeat(1900) } }));
    }
    expect(jsonBytes({ source: 'startup', events: fat })).toBeLessThan(64 * 1024);
    const tooBig = await postFrom('203.0.113.21', { source: 'startup', events: fat });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toMatch(`at most ${AUDIT_LIMITS.maxBatchBytes} bytes`);
    const huge = await postFrom('203.0.113.21', {
      source: 'startup',
      events: many(50, () => startupEvent({ details: { note: 'x'.repeat(1500) } })),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe('payload_too_large');
    expect((await postFrom('203.0.113.21', null, { raw: '{"source":' })).status).toBe(400);
    const text = await postFrom('203.0.113.21', null, {
      raw: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await countAll()).toBe(before);
  });

  it('rate-limits a flood from one address, and only that address, until the window ends', async () => {
    clock.set(new Date('2026-06-01T12:10:00Z'));
    const flood = '192.0.2.50';
    const batches = AUDIT_RATE_LIMIT.limit / AUDIT_LIMITS.maxEvents;
    for (let i = 0; i < batches; i++) {
      const res = await postFrom(flood, { source: 'startup', events: many(50) });
      expect(res.status).toBe(200);
    }
    const before = await countAll();
    const refused = await postFrom(flood, { source: 'startup', events: [startupEvent()] });
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({
      code: 'rate_limited',
      message: 'Too many audit events from this address. Try again in 60 seconds.',
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await countAll()).toBe(before);

    expect(
      (await postFrom('192.0.2.51', { source: 'startup', events: [startupEvent()] })).status,
    ).toBe(200);

    clock.advance(AUDIT_RATE_LIMIT.windowMs);
    expect((await postFrom(flood, { source: 'startup', events: [startupEvent()] })).status).toBe(
      200,
    );
  });

  it('takes its limit from the server option when one is given (the API benchmark raises it)', async () => {
    clock.set(new Date('2026-06-01T12:20:00Z'));
    t.deps.auditRateLimit = { limit: 100, windowMs: 60_000 };
    try {
      const ip = '192.0.2.60';
      for (let i = 0; i < 2; i++) {
        expect((await postFrom(ip, { source: 'startup', events: many(50) })).status).toBe(200);
      }
      expect((await postFrom(ip, { source: 'startup', events: [startupEvent()] })).status).toBe(
        429,
      );
    } finally {
      delete t.deps.auditRateLimit;
    }
    // Without the option, the default limit holds again: a new address passes more than 100.
    const other = '192.0.2.61';
    for (let i = 0; i < 3; i++) {
      expect((await postFrom(other, { source: 'startup', events: many(50) })).status).toBe(200);
    }
  });

  it('refuses a claimed time that would not read back as written, and the chain stays intact', async () => {
    // Read back through JavaScript's date parser, a year below 100 became 19xx or 20xx: one
    // anonymous post made the whole trail fail its verification.
    for (const timestamp of [
      '0001-01-01T00:00:00.000Z',
      '0099-06-01T00:00:00+00:00',
      '1969-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59-05:00',
    ]) {
      const before = await countAll();
      const res = await postFrom('192.0.2.77', {
        source: 'startup',
        events: [startupEvent({ timestamp })],
      });
      expect(res.status, timestamp).toBe(400);
      expect(JSON.stringify(res.json)).toContain('timestamp must fall between');
      expect(await countAll()).toBe(before);
    }
    const edges = ['1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'];
    const res = await postFrom('192.0.2.77', {
      source: 'startup',
      events: edges.map((timestamp) => startupEvent({ timestamp })),
    });
    expect(res.status).toBe(200);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('keeps the audit chain intact', async () => {
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});

describe('POST /api/audit/events in production mode, signed out', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({ config: { demoMode: false }, now: clock.now });
  });
  afterAll(() => prod.close());

  const post = (body: unknown) =>
    prod.call('POST', '/api/audit/events', { body, headers: { 'user-agent': 'AuditTest/1.0' } });
  const count = async () =>
    Number(
      (await prod.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events`))[0]!
        .n,
    );

  it('refuses a forged auth.signin.success with 4xx and stores nothing', async () => {
    const before = await count();
    const res = await post({
      source: 'console',
      events: [
        consoleEvent({
          event_type: 'auth.signin.success',
          timestamp: '2026-01-01T09:00:00.000Z',
          session_id: 'a1b2c3d4',
          details: { email: 'ecosystem.admin@talentecosystem.demo' },
        }),
      ],
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await count()).toBe(before);
  });

  it('takes only what a signed-out page sends, and refuses the rest with 403', async () => {
    const startup = await post({ source: 'startup', events: [startupEvent()] });
    expect(startup.status).toBe(200);
    const violation = await post({
      source: 'console',
      events: [consoleEvent({ event_type: 'security.violation', severity: 'high' })],
    });
    expect(violation.status).toBe(200);

    const before = await count();
    for (const body of [
      { source: 'console', events: [consoleEvent()] },
      {
        source: 'startup',
        events: [startupEvent(), startupEvent({ event_type: 'login_success', severity: 'low' })],
      },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
    expect(await count()).toBe(before);
    expect([...ANONYMOUS_EVENT_TYPES.startup, ...ANONYMOUS_EVENT_TYPES.console]).toEqual([
      'config_change',
      'security.violation',
    ]);
  });

  it('stores the caller address and user agent, ignoring X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const event = startupEvent();
    await postFrom(
      '198.51.100.4',
      { source: 'startup', events: [event] },
      { headers: { 'x-forwarded-for': '1.2.3.4' }, to: prod },
    );
    const [row] = (await auditRows(prod)).filter((r) => r.client_event_id === event.id);
    expect(row).toMatchObject({ ip_address: '198.51.100.4', user_agent: 'AuditTest/1.0' });
  });

  it('takes a drop report but writes no audit.queue.overflow event for it', async () => {
    const before = await count();
    const event = startupEvent();
    const report = { id: randomUUID(), count: AUDIT_LIMITS.maxDroppedPerReport };
    const res = await post({ source: 'startup', events: [event], dropped: [report] });
    // Acknowledged, so an honest page's queue forgets it, but only the start-up event is stored.
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: 2, stored: 1 });
    expect(await count()).toBe(before + 1);
    const overflow = await prod.database.query(
      `SELECT 1 FROM audit_events WHERE event_type = 'audit.queue.overflow'`,
    );
    expect(overflow).toHaveLength(0);
  });

  it(`refuses a drop count over ${AUDIT_LIMITS.maxDroppedPerReport} with 400 and changes nothing`, async () => {
    const before = await count();
    const limits = await prod.database.query(`SELECT bucket, count FROM rate_limits ORDER BY 1`);
    const res = await post({
      source: 'startup',
      events: [startupEvent()],
      dropped: [{ id: randomUUID(), count: AUDIT_LIMITS.maxDroppedPerReport + 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.message).toMatch(/dropped/);
    expect(await count()).toBe(before);
    expect(await prod.database.query(`SELECT bucket, count FROM rate_limits ORDER BY 1`)).toEqual(
      limits,
    );
  });
});

describe('POST /api/audit/events in production mode, signed in', () => {
  let prod: TestContext;
  const email = DEMO_ADMIN_EMAIL;
  beforeAll(async () => {
    prod = await createTestContext({
      config: { demoMode: false },
      now: clock.now,
      people: [email],
    });
  });
  afterAll(() => prod.close());

  const post = (token: string, event: ReturnType<typeof consoleEvent>) =>
    prod.call('POST', '/api/audit/events', {
      token,
      body: { source: 'console', events: [event] },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });

  it('refuses a signed-out session on its very next batch', async () => {
    const token = await signInAs(prod, email);
    const first = consoleEvent({ session_id: token.slice(-8) });
    expect((await post(token, first)).status).toBe(200);
    const [row] = await prod.database.query<{ user_id: string | null }>(
      'SELECT user_id FROM audit_events WHERE client_event_id = $1',
      [first.id],
    );
    expect(row?.user_id).toBe(await userIdOf(prod, email));

    expect((await prod.call('POST', '/api/auth/sign-out', { token })).status).toBe(204);
    // The stolen token, right after its session ended: the console events it may no
    // longer report are refused, and nothing is stored under the account.
    const next = consoleEvent({ session_id: token.slice(-8) });
    const res = await post(token, next);
    expect(res.status).toBe(403);
    const stored = await prod.database.query(
      'SELECT 1 FROM audit_events WHERE client_event_id = $1',
      [next.id],
    );
    expect(stored).toHaveLength(0);
  });

  it('refuses the session of an account deactivated since its last batch', async () => {
    const token = await signInAs(prod, email);
    expect((await post(token, consoleEvent({ session_id: token.slice(-8) }))).status).toBe(200);
    await prod.database.query(
      'UPDATE platform_users SET is_active = false WHERE lower(email) = $1',
      [email],
    );
    try {
      expect((await post(token, consoleEvent({ session_id: token.slice(-8) }))).status).toBe(403);
    } finally {
      await prod.database.query(
        'UPDATE platform_users SET is_active = true WHERE lower(email) = $1',
        [email],
      );
    }
  });
});
