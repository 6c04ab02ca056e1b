import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordCredentials, platformUsers } from '../db/schema';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { hashPassword } from './passwords';

/**
 * Per-address limits count an IPv6 customer's prefix, not each of its /64s:
 * a /56 gets 4 and a /48 16 times the limit of one /64 (client-ip.ts IPV6_TIERS).
 */
let t: TestContext;
const clock = manualClock();
const ACCOUNTS = 170;
const accountEmail = (i: number) => `tier.${i}@tiers.example`;

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, now: clock.now, seed: false });
  // Accounts of their own, each with a cheap hash, so that each guess is checked quickly.
  const passwordHash = await hashPassword('a password nobody guesses', { logN: 10, r: 8, p: 1 });
  const users = await t.db
    .insert(platformUsers)
    .values(Array.from({ length: ACCOUNTS }, (_, i) => ({ email: accountEmail(i) })))
    .returning({ id: platformUsers.id });
  await t.db.insert(passwordCredentials).values(users.map((u) => ({ userId: u.id, passwordHash })));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.exec('DELETE FROM rate_limits');
  clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / 900_000) * 900_000));
});

async function post(path: string, body: unknown, ip: string) {
  const res = await t.app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000 } } },
  );
  await res.text();
  return res.status;
}

/** The i-th /64 of 2001:db8:77::/48, each of the first 256 in a /56 of its own. */
const spreadOverOne48 = (i: number) =>
  `2001:db8:77:${(((i % 256) << 8) | Math.floor(i / 256)).toString(16)}::1`;

describe('the wider IPv6 tiers of the per-address limits', () => {
  it('refuses sign-ins from 300 /64s of one /48 once the /48 has failed 160 times', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const email = accountEmail(i % ACCOUNTS);
      statuses.push(
        await post('/api/auth/sign-in', { email, password: 'guess' }, spreadOverOne48(i)),
      );
    }
    expect(statuses.slice(0, 160)).toEqual(Array(160).fill(401));
    expect(statuses.slice(160)).toEqual(Array(140).fill(429));
    // Another /48 is another customer.
    const elsewhere = await post(
      '/api/auth/sign-in',
      { email: accountEmail(0), password: 'guess' },
      '2001:db8:78::1',
    );
    expect(elsewhere).toBe(401);
  }, 120_000);

  it('refuses invitation links from 300 /64s of one /48 once the /48 was refused 160 times', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      statuses.push(
        await post('/api/invitations/inspect', { token: `guess-${i}` }, spreadOverOne48(i)),
      );
    }
    expect(statuses.slice(0, 160)).toEqual(Array(160).fill(404));
    expect(statuses.slice(160)).toEqual(Array(140).fill(429));
  }, 120_000);

  it('refuses invitation links from the /64s of one /56 once the /56 was refused 40 times', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const ip = `2001:db8:79:${(0x4200 + i).toString(16)}::1`;
      statuses.push(await post('/api/invitations/inspect', { token: `guess-${i}` }, ip));
    }
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(404));
    expect(statuses.slice(40)).toEqual(Array(10).fill(429));
  });
});
