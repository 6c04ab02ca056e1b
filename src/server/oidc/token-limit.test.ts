import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { consumeRateLimit } from '../security/rate-limit';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { listenForTests } from '../testing/oidc-relying-party';
import { TOKEN_LIMIT } from './token-limit';

/** The token endpoint's own limits, per address and per client (it is outside /api). */
const clock = manualClock(new Date('2026-06-01T12:00:10Z'));
let server: Awaited<ReturnType<typeof listenForTests>>;
let t: TestContext;

beforeAll(async () => {
  server = await listenForTests();
  t = await createTestContext({
    seed: false,
    now: clock.now,
    // The test's loopback is a trusted proxy, so X-Forwarded-For names the address.
    config: { demoMode: false, publicUrl: server.origin, trustedProxies: ['127.0.0.1'] },
  });
  server.serve(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const tokenRequest = (from: string, clientId?: string) =>
  fetch(`${server.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': from,
      ...(clientId
        ? { authorization: `Basic ${Buffer.from(`${clientId}:wrong`).toString('base64')}` }
        : {}),
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
  });

const fill = (bucket: string, units: number) =>
  consumeRateLimit(
    t.db,
    { bucket, limit: units, windowMs: TOKEN_LIMIT.windowMs },
    clock.now(),
    units,
  );

describe('the token endpoint’s rate limit', () => {
  it('refuses an address past its limit with 429, Retry-After and an OAuth error; others go on', async () => {
    const under = await tokenRequest('198.51.100.7');
    expect(under.status).not.toBe(429);
    await fill('oidc-token:ip:198.51.100.7', TOKEN_LIMIT.perAddress);
    const over = await tokenRequest('198.51.100.7');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBe(50);
    expect(await over.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'Too many token requests. Try again in 50 seconds.',
    });
    expect((await tokenRequest('198.51.100.8')).status).not.toBe(429);
  });

  it('counts an IPv6 address by its /64', async () => {
    await fill('oidc-token:ip:2001:db8:1:2::/64', TOKEN_LIMIT.perAddress);
    expect((await tokenRequest('2001:db8:1:2::abcd')).status).toBe(429);
  });

  it('refuses a client past its limit, from any address', async () => {
    await fill('oidc-token:client:busy-client', TOKEN_LIMIT.perClient);
    expect((await tokenRequest('203.0.113.9', 'busy-client')).status).toBe(429);
    expect((await tokenRequest('203.0.113.9', 'other-client')).status).not.toBe(429);
  });

  it('audits a refusal, tallied per address, with the client named and no secret', async () => {
    const events = await t.db
      .select({ details: auditEvents.details, ip: auditEvents.ipAddress })
      .from(auditEvents)
      .where(sql`${auditEvents.details}->>'error' = 'rate_limited'`);
    expect(events).toContainEqual(
      expect.objectContaining({
        ip: '203.0.113.9',
        details: expect.objectContaining({ client_id: 'busy-client', limited_by: 'client' }),
      }),
    );
    expect(JSON.stringify(events)).not.toContain('wrong');
  });
});
