import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import { ensureSetupKey } from '../setup/setup-key';
import {
  createTestContext,
  manualClock,
  TEST_SETUP_KEY,
  type TestContext,
} from '../testing/harness';
import { rowCount } from '../testing/principals';
import { closeRefusalWindows, refusalEvents, refusalsOnTrail } from '../testing/refusals';
import { SETUP_KEY_LIMITS } from './setup';

/** Guessing the setup key: limited per address and in total, and on the audit trail. */
let t: TestContext;
const clock = manualClock(new Date('2026-06-01T12:00:30Z'));

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, now: clock.now });
  await ensureSetupKey(t.db, t.config, () => {});
});
afterAll(() => t.close());
beforeEach(async () => {
  await closeRefusalWindows(t);
  clock.advance(SETUP_KEY_LIMITS.windowMs);
});

/** A setup call from one address (the socket's, as the Node server sees it). */
async function setupCall(endpoint: string, key: string, address = '192.0.2.10') {
  const res = await t.app.request(
    `/api/setup/${endpoint}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation_key: key }),
    },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: res.status, headers: res.headers, json: (await res.json()) as any };
}

describe('guessing the setup key', () => {
  it('300 wrong keys from one address: 429 after the limit, aggregated on the trail', async () => {
    const wrongKeys = Array.from({ length: 300 }, (_, i) => `guess-${i}-${'x'.repeat(20)}`);
    const statuses: number[] = [];
    for (const [i, key] of wrongKeys.entries()) {
      const res = await setupCall(['system-admins', 'clear-all-users'][i % 2]!, key);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.json.error.code).toBe('rate_limited');
        expect(res.json.error.message).toMatch(/^Too many wrong setup confirmation keys/);
      } else {
        expect(res.json.error.message).toBe('The setup confirmation key is not valid');
      }
    }
    expect(statuses.slice(0, SETUP_KEY_LIMITS.perAddress).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(SETUP_KEY_LIMITS.perAddress).every((s) => s === 429)).toBe(true);

    // A full limit refuses the right key too (otherwise it would tell a guess apart).
    const users = await rowCount(t, 'platform_users');
    expect((await setupCall('system-admins', TEST_SETUP_KEY)).status).toBe(429);
    expect(await rowCount(t, 'platform_users')).toBe(users);

    // On the trail: a handful of high-severity events whose counts add up.
    const refused = await refusalEvents(t, 'setup.key_refused');
    expect(refused.map((e) => e.eventType)).toEqual([
      'system.setup.key_refused',
      'system.setup.key_refused',
    ]);
    expect(refused.every((e) => e.severity === 'high')).toBe(true);
    expect(refused.map((e) => (e.details as { refusals: number }).refusals)).toEqual([1, 9]);
    expect(refused[0]!.ipAddress).toBe('192.0.2.10');
    expect((await refusalEvents(t, 'setup.rate_limited')).length).toBe(3);
    await closeRefusalWindows(t);
    expect(await refusalsOnTrail(t, 'setup.key_refused')).toBe(SETUP_KEY_LIMITS.perAddress);
    expect(await refusalsOnTrail(t, 'setup.rate_limited')).toBe(
      300 - SETUP_KEY_LIMITS.perAddress + 1,
    );
    expect(await rowCount(t, 'audit_events')).toBe(6);

    // No key material on the trail: neither the guesses nor the key.
    const [trail] = await t.db
      .select({ text: sql<string>`string_agg(${auditEvents.details}::text, ' ')` })
      .from(auditEvents);
    for (const key of [TEST_SETUP_KEY, ...wrongKeys.slice(0, 3)]) {
      expect(trail!.text).not.toContain(key);
    }
    expect(trail!.text).not.toContain('guess-');

    // The next window starts afresh: the right key works.
    clock.advance(SETUP_KEY_LIMITS.windowMs);
    expect((await setupCall('cleanup-all-users', TEST_SETUP_KEY)).status).toBe(200);
  });

  it('limits wrong keys from all addresses together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SETUP_KEY_LIMITS.total + 10; i++) {
      // A new address for every guess, each far below its own limit.
      const res = await setupCall('cleanup-all-users', `wrong-key-${i}`, `203.0.113.${i}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SETUP_KEY_LIMITS.total).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(SETUP_KEY_LIMITS.total).every((s) => s === 429)).toBe(true);
    // A wrong key from a fresh address is refused too until the window ends.
    expect((await setupCall('cleanup-all-users', 'wrong-key-fresh', '198.51.100.1')).status).toBe(
      429,
    );
  });

  it('lets the right key through a flood that filled the all-addresses limit', async () => {
    // The attack: the whole shared budget spent by five addresses at the start of the window.
    const floodedBy = Array.from({ length: 5 }, (_, i) => `203.0.113.${100 + i}`);
    for (const address of floodedBy) {
      for (let i = 0; i < SETUP_KEY_LIMITS.total / floodedBy.length; i++) {
        expect((await setupCall('cleanup-all-users', `flood-${i}`, address)).status).toBe(403);
      }
    }
    expect((await setupCall('cleanup-all-users', 'one-more', '198.51.100.7')).status).toBe(429);
    // The operator, from an address of its own, still gets in with the right key.
    const users = await rowCount(t, 'platform_users');
    const created = await setupCall('system-admins', TEST_SETUP_KEY, '198.51.100.8');
    expect(created.status).toBe(200);
    expect(created.json.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    expect(await rowCount(t, 'platform_users')).toBe(users + 3);
    // Wrong keys stay refused, from the flooding addresses and from new ones.
    expect((await setupCall('cleanup-all-users', 'still-wrong', '198.51.100.8')).status).toBe(429);
    expect((await setupCall('cleanup-all-users', 'still-wrong', floodedBy[0])).status).toBe(429);
  });

  it('never limits the right key: legitimate setup use is not throttled', async () => {
    for (let i = 0; i < SETUP_KEY_LIMITS.total + 10; i++) {
      expect((await setupCall('cleanup-all-users', TEST_SETUP_KEY)).status).toBe(200);
    }
    // A few typos along the way stay within the limit.
    for (let i = 0; i < 3; i++) {
      expect((await setupCall('cleanup-all-users', `typo-${i}`)).status).toBe(403);
      expect((await setupCall('cleanup-all-users', TEST_SETUP_KEY)).status).toBe(200);
    }
  });
});
