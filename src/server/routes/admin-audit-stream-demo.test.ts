import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditInput } from '../audit/chain/link';
import {
  closeLiveAudit,
  LIVE_AUDIT_LIMITS,
  liveAuditReads,
  liveAuditSettled,
  setLiveAuditTiming,
} from '../audit/live';
import { createTestContext, type TestContext } from '../testing/harness';
import { eventStreamReader } from '../testing/event-stream';
import { appendEvents } from '../testing/principals';
import { closeRefusalWindows } from '../testing/refusals';

/**
 * The live stream and the trail in demo mode, where anyone can mint sessions of the one demo
 * administrator: what one client can take, and what one visitor shows the others.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  // Only a notification wakes a stream in time here.
  setLiveAuditTiming(t.deps, { recheckMs: 3_600_000 });
});
afterAll(async () => {
  await closeLiveAudit(t.deps);
  await t.close();
});

const STREAM = '/api/admin/audit/stream';
const append = (events: Partial<AuditInput>[]) => appendEvents(t.db, events);

/** A demo visitor's stream request from `address`. */
function openFrom(address: string, token: string, path = STREAM) {
  return t.app.request(
    path,
    { headers: { authorization: `Bearer ${token}` } },
    { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
}

/** Opens a demo visitor's stream from `address` and waits until it has read where it starts. */
async function connectFrom(address: string, token: string) {
  const res = await openFrom(address, token);
  expect(res.status).toBe(200);
  const stream = eventStreamReader(res);
  await stream.opened();
  return stream;
}

describe('GET /api/admin/audit/stream in demo mode, from one client', () => {
  it(`gives 40 demo sessions of one address ${LIVE_AUDIT_LIMITS.demoStreamsPerAddress} streams; another address still gets one`, async () => {
    const streams: ReturnType<typeof eventStreamReader>[] = [];
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const res = await openFrom('198.51.100.40', t.demoToken(10_000 + i));
        statuses.push(res.status);
        if (res.status === 200) streams.push(eventStreamReader(res));
        else expect((await res.json()).error.message).toMatch(/from one address/);
      }
      const share = LIVE_AUDIT_LIMITS.demoStreamsPerAddress;
      expect(statuses).toEqual([...Array(share).fill(200), ...Array(40 - share).fill(429)]);
      // Another client, at another address, is not held back by the first.
      const other = await openFrom('198.51.100.41', t.demoToken(20_000));
      expect(other.status).toBe(200);
      streams.push(eventStreamReader(other));
    } finally {
      for (const s of streams) await s.close();
    }
  });

  it.each([1, 20])('reads the new events once per append, with %i streams open', async (k) => {
    const streams: ReturnType<typeof eventStreamReader>[] = [];
    try {
      for (let i = 0; i < k; i++) {
        // Filtered and unfiltered streams alike, each a visitor of its own.
        const path = i % 2 ? `${STREAM}?type=live.cost` : STREAM;
        const res = await openFrom(`192.0.2.${100 + i}`, t.demoToken(30_000 + i), path);
        expect(res.status).toBe(200);
        streams.push(eventStreamReader(res));
        await streams.at(-1)!.opened();
      }
      await liveAuditSettled(t.deps);
      const before = liveAuditReads(t.deps);
      const [seq] = await append([{ eventType: 'live.cost' }]);
      for (const s of streams) expect(Number((await s.next(1))[0]!.id)).toBe(seq);
      await liveAuditSettled(t.deps);
      expect(liveAuditReads(t.deps) - before).toBe(1);
    } finally {
      for (const s of streams) await s.close();
    }
  });
});

describe('demo mode: what one visitor leaves on the trail for the others', () => {
  const ADDRESS = '203.0.113.77';
  const AGENT = 'VisitorA-Browser/9.9';
  /** A request of visitor A, from A's address and browser. */
  const asA = (token: string, method: string, path: string, body?: unknown) =>
    t.app.request(
      path,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'user-agent': AGENT,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ADDRESS, remotePort: 40000, remoteFamily: 'IPv4' } } },
    );

  it("shows visitor B neither visitor A's address nor A's user agent: list, export, live stream", async () => {
    const visitorA = t.demoToken(3_000);
    const visitorB = t.demoToken(4_000);
    const stream = await connectFrom('192.0.2.250', visitorB);
    const [app] = await t.database.query<{ id: string; app_url: string }>(
      `SELECT id, app_url FROM applications WHERE app_name = 'HireHub'`,
    );
    try {
      const actions = [
        await asA(visitorA, 'POST', '/api/audit/events', {
          source: 'console',
          events: [
            {
              id: crypto.randomUUID(),
              event_type: 'admin.panel.access',
              severity: 'low',
              details: {},
              timestamp: new Date().toISOString(),
              session_id: visitorA.slice(-8),
            },
          ],
          dropped: [{ id: crypto.randomUUID(), count: 3 }],
        }),
        await asA(visitorA, 'POST', '/api/sso/initiate', {
          app_id: app!.id,
          redirect_url: `${app!.app_url}/sso/callback`,
        }),
        await asA(visitorA, 'POST', '/api/sso/initiate', {
          app_id: app!.id,
          redirect_url: 'https://evil.example/',
        }),
        await asA(visitorA, 'POST', '/api/admin/credential-requests', { access_type: 'x' }),
        await asA(visitorA, 'GET', '/api/admin/audit/export'),
      ];
      expect(actions.map((r) => r.status)).toEqual([200, 201, 400, 400, 200]);
      // Every refusal window closed: the summaries are on the trail too.
      await closeRefusalWindows(t);

      const list = await t.call('GET', '/api/admin/audit?limit=100', { token: visitorB });
      expect(list.status).toBe(200);
      const mine = list.json.events.filter(
        (e: { session_id: string | null }) => e.session_id === visitorA.slice(-8),
      );
      expect(mine.map((e: { event_type: string }) => e.event_type).sort()).toEqual([
        'admin.audit.exported',
        'admin.credential.access.request_refused',
        'admin.panel.access',
        'cross_platform.auth.initiated',
        'security.violation',
      ]);
      const csv = await t.call('GET', '/api/admin/audit/export', { token: visitorB });
      expect(csv.status).toBe(200);
      const live = (await stream.next(mine.length + 1)).map((m) => m.data);
      for (const seen of [JSON.stringify(list.json), csv.text, live.join('\n')]) {
        expect(seen).not.toContain(ADDRESS);
        expect(seen).not.toContain(AGENT);
      }
      for (const e of mine) expect(e).toMatchObject({ ip_address: null, user_agent: null });
    } finally {
      await stream.close();
    }
  });
});
