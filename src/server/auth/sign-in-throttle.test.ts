import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

/** Guessing stays slow, but nobody can lock the owner out. */
let t: TestContext;
const clock = manualClock();
const slept: number[] = [];
const NOAH = 'noah.williams@sortstak.example';
const UNKNOWN = 'nobody.here@sortstak.example';
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    now: clock.now,
    people: [NOAH],
    // A throttled attempt waits on the injected clock, so the delay is observable.
    sleep: async (ms) => {
      slept.push(ms);
      clock.advance(ms);
    },
  });
  await givePassword(t, NOAH, PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.exec('DELETE FROM rate_limits');
  slept.length = 0;
  // Start each test at the beginning of a 15-minute window.
  clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / 900_000) * 900_000));
});

async function signInFrom(ip: string, email: string, password: string) {
  const res = await t.app.request(
    '/api/auth/sign-in',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('the sign-in throttle', () => {
  it('lets the owner in from a new address after five failures from five addresses, after a delay', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await signInFrom(`198.51.100.${i}`, NOAH, 'guess')).status).toBe(401);
    }
    expect(slept).toEqual([]);
    const owner = await signInFrom('203.0.113.50', NOAH, PASSWORD);
    expect(owner.status).toBe(200);
    expect(slept).toEqual([1000]);
  });

  it('still refuses a guesser from one address, even with the right password afterwards', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom('198.51.100.9', NOAH, 'guess')).status).toBe(401);
    }
    const limited = await signInFrom('198.51.100.9', NOAH, 'guess');
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect((await signInFrom('198.51.100.9', NOAH, PASSWORD)).status).toBe(429);
  });

  it('limits one address across accounts to 10 failures', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signInFrom('198.51.100.77', `user${i}@x.example`, 'guess')).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('counts an IPv6 network (/64) as one address, whatever interface ids it takes', async () => {
    // One ordinary IPv6 connection holds 2^64 addresses: each guess from a new one.
    const from = (i: number) => `2001:db8:5:6::${i.toString(16)}`;
    const statuses = [];
    for (let i = 1; i <= 12; i++) {
      statuses.push((await signInFrom(from(i), `user${i}@x.example`, 'guess')).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another network is another address.
    expect((await signInFrom('2001:db8:5:7::1', 'user1@x.example', 'guess')).status).toBe(401);

    // Against one account, the network is refused once it has failed five times, as one address is.
    await t.database.exec('DELETE FROM rate_limits');
    for (let i = 1; i <= 5; i++)
      expect((await signInFrom(from(i), NOAH, 'guess')).status).toBe(401);
    expect((await signInFrom(from(6), NOAH, 'guess')).status).toBe(429);
    expect((await signInFrom(from(7), NOAH, PASSWORD)).status).toBe(429);
  });

  it('bounds the guessing rate on one account however many addresses guess', async () => {
    const started = clock.now().getTime();
    let checked = 0;
    // One guess per fresh address, 200 addresses, all within one window.
    for (let i = 0; i < 200 && clock.now().getTime() - started < 900_000; i++) {
      const res = await signInFrom(`10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`, NOAH, 'guess');
      if (res.status === 401) checked++;
      else expect(res.status).toBe(429);
    }
    // 5 at once, then turns 1 s, 2 s, 4 s, 8 s, 16 s and 30 s apart: about 35 in 15 minutes.
    expect(checked).toBeGreaterThan(5);
    expect(checked).toBeLessThanOrEqual(40);
    // Each wait is at most 30 s.
    expect(Math.max(...slept)).toBeLessThanOrEqual(30_000);
  }, 120_000);

  it('answers and delays an unknown account exactly like a known one', async () => {
    const run = async (email: string) => {
      await t.database.exec('DELETE FROM rate_limits');
      slept.length = 0;
      const answers = [];
      for (let i = 1; i <= 7; i++) {
        answers.push(await signInFrom(`192.0.2.${i}`, email, 'guess'));
      }
      answers.push(await signInFrom('192.0.2.1', email, 'guess'));
      return { answers, slept: [...slept] };
    };
    const known = await run(NOAH);
    const unknown = await run(UNKNOWN);
    expect(unknown.answers).toEqual(known.answers);
    expect(unknown.slept).toEqual(known.slept);
    expect(known.answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 429]);
    expect(known.slept).toEqual([1000, 2000]);
  });

  it('holds for a concurrent burst from many addresses: only the free attempts and the turns within reach are checked', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInFrom(`10.9.0.${i + 1}`, NOAH, 'guess')),
    );
    const statuses = burst.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked + statuses.filter((s) => s === 429).length).toBe(30);
    // 5 free, then turns 1+2+4+8+16 s fit within the 30 s a request may wait; the clean
    // addresses the queue refuses get the clean lane's turns at 0 and 20 s.
    expect(checked).toBeLessThanOrEqual(12);
  });
});
