import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../start/app';
import type { AppDeps } from '../core/context';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { IN_FLIGHT_PER_ADDRESS, requestsInFlight } from './in-flight';

/**
 * A burst from one address holds at most IN_FLIGHT_PER_ADDRESS requests in the
 * server; the next is refused before any work, and other addresses are served.
 */
let t: TestContext;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
/** Uses of the database by the app; `failing` makes every use throw. */
const db = { uses: 0, failing: false };
const NOAH = 'noah.williams@sortstak.example';

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, people: [NOAH] });
  await givePassword(t, NOAH, 'the right password');
  const counted = new Proxy(t.db, {
    get(target, prop, receiver) {
      db.uses++;
      if (db.failing) throw new Error('the database is down');
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  deps = { ...t.deps, db: counted };
  app = createApp(deps);
});
afterAll(() => t.close());
beforeEach(async () => {
  db.failing = false;
  await t.database.exec('DELETE FROM rate_limits');
});

function from(ip: string, path: string, body?: unknown) {
  return app.request(
    path,
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000 } } },
  );
}

const signInFrom = (ip: string) =>
  from(ip, '/api/auth/sign-in', { email: NOAH, password: 'a wrong guess' });

/** Lets the requests already sent run until they wait for something. */
async function settle(ip: string, expected: number) {
  for (let i = 0; i < 1_000 && requestsInFlight(deps, ip) < expected; i++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it(`refuses the request past ${IN_FLIGHT_PER_ADDRESS} in flight from one address before any database work`, async () => {
  // Every sign-in waits for the rate-limit table while this transaction holds it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE rate_limits IN ACCESS EXCLUSIVE MODE`);
    locked();
    await held;
  });
  await isLocked;

  const ip = '2001:db8:99:1::1';
  const burst = Array.from({ length: IN_FLIGHT_PER_ADDRESS }, () => signInFrom(ip));
  await settle(ip, IN_FLIGHT_PER_ADDRESS);
  expect(requestsInFlight(deps, ip)).toBe(IN_FLIGHT_PER_ADDRESS);

  const usesBefore = db.uses;
  // Another interface of the same /64 is the same address.
  const refused = await signInFrom('2001:db8:99:1::2');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  expect(db.uses).toBe(usesBefore);

  // Another address is served (the API's description needs no database).
  expect((await from('2001:db8:99:2::1', '/api/openapi.json')).status).toBe(200);
  // The health check takes no slot: it is answered whatever the address has in flight.
  const health = from(ip, '/api/health');
  await settle(ip, IN_FLIGHT_PER_ADDRESS + 1);
  expect(requestsInFlight(deps, ip)).toBe(IN_FLIGHT_PER_ADDRESS);

  release();
  await holder;
  expect((await health).status).toBe(200);
  const statuses = await Promise.all(burst.map(async (r) => (await r).status));
  // 5 failures per account and address, then refused by the sign-in's own limit.
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(requestsInFlight(deps, ip)).toBe(0);
  expect((await from(ip, '/api/openapi.json')).status).toBe(200);
});

it('frees the slot of a request that fails', async () => {
  const ip = '192.0.2.60';
  db.failing = true;
  // Twice the cap, one after another: a slot kept by a failure would refuse the last ones.
  for (let i = 0; i < IN_FLIGHT_PER_ADDRESS * 2; i++) {
    expect((await signInFrom(ip)).status).toBe(500);
  }
  expect(requestsInFlight(deps, ip)).toBe(0);
});
