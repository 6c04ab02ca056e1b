import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givePassword } from '../testing/auth-helpers';
import {
  createTestContext,
  manualClock,
  TEST_DEVICE_COOKIE_KEY,
  type TestContext,
} from '../testing/harness';
import { CHECKS_PER_ACCOUNT_WINDOW, DEVICE_FAILURE_LIMIT } from './credentials-check';
import { DEVICE_COOKIE, mintDeviceCookie } from './device-cookie';

/**
 * Guessers slowing an account never lock its owner out: a device cookie skips
 * the queue, and a clean address gets the clean lane when the queue is full.
 */
let t: TestContext;
const clock = manualClock();
const slept: number[] = [];
const NOAH = 'noah.williams@sortstak.example';
const LIAM = 'liam.chen@hirehub.example';
const PASSWORD = 'correct horse battery staple';
const OWNER_IP = '203.0.113.50';

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    now: clock.now,
    people: [NOAH, LIAM],
    // Guesses arrive concurrently: a waiting one holds its turn, the clock runs on without it.
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  await givePassword(t, NOAH, PASSWORD);
  await givePassword(t, LIAM, PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.exec('DELETE FROM rate_limits');
  slept.length = 0;
  // Start each test at the beginning of a 15-minute window.
  clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / 900_000) * 900_000));
});

async function signInFrom(ip: string, email: string, password: string, device?: string) {
  const res = await t.app.request(
    '/api/auth/sign-in',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
      },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000 } } },
  );
  await res.text();
  const cookie = /ted_device=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { status: res.status, cookie, setCookie: res.headers.get('set-cookie') };
}

/** The owner's device cookie, from a successful sign-in at the start of the test. */
async function ownerDevice(email = NOAH) {
  const res = await signInFrom(OWNER_IP, email, PASSWORD);
  expect(res.status).toBe(200);
  return res.cookie!;
}

/**
 * One wrong guess every 3 s for `minutes`, each from a fresh IPv6 /64; `prefixOf(i)` is the
 * first three groups (the /48) of guess i. Returns how many guesses were checked.
 */
async function attack(minutes: number, prefixOf: (i: number) => string) {
  let checked = 0;
  for (let i = 0; i < (minutes * 60) / 3; i++) {
    const res = await signInFrom(`${prefixOf(i)}:${(i % 0xffff).toString(16)}::1`, NOAH, 'guess');
    if (res.status === 401) checked++;
    else expect(res.status).toBe(429);
    clock.advance(3_000);
  }
  return checked;
}

describe('an owner under a slow-down attack', () => {
  it('gets in from a clean address after guesses from a fresh /64 every 3 s', async () => {
    await attack(5, () => '2001:db8:a77');
    const owner = await signInFrom('192.0.2.200', NOAH, PASSWORD);
    expect(owner.status).toBe(200);
    expect(Math.max(0, ...slept.slice(-1))).toBeLessThanOrEqual(30_000);
  });

  it('gets in from a clean address while the queue is kept full by four fresh /48s a minute', async () => {
    // Every fifth guess from a new /48: the queue stays full, the clean lane is left.
    await attack(5, (i) => `2001:db8:${(0x100 + Math.floor(i / 5)).toString(16)}`);
    const owner = await signInFrom('192.0.2.201', NOAH, PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('gets in with the device cookie from an address that has failed', async () => {
    const device = await ownerDevice();
    // The owner's address mistypes until it is refused for the account, and guessers slow it.
    for (let i = 0; i < 5; i++) expect((await signInFrom(OWNER_IP, NOAH, 'typo')).status).toBe(401);
    await attack(3, () => '2001:db8:a78');
    expect((await signInFrom(OWNER_IP, NOAH, PASSWORD)).status).toBe(429);
    const owner = await signInFrom(OWNER_IP, NOAH, PASSWORD, device);
    expect(owner.status).toBe(200);
    expect(owner.cookie).toBeDefined();
  });

  it('sets the device cookie for the sign-in only, HttpOnly, SameSite=Strict, Secure on https', async () => {
    const plain = await signInFrom(OWNER_IP, NOAH, PASSWORD);
    expect(plain.setCookie).toMatch(
      /^ted_device=[^;]+; Max-Age=15552000; Path=\/api\/auth\/sign-in; HttpOnly; SameSite=Strict$/,
    );
    const publicUrl = t.config.publicUrl;
    t.config.publicUrl = 'https://console.example';
    try {
      expect((await signInFrom(OWNER_IP, NOAH, PASSWORD)).setCookie).toMatch(/; Secure;/);
    } finally {
      t.config.publicUrl = publicUrl;
    }
  });
});

describe('device cookies give no bypass to a guesser', () => {
  /** The owner's address refused for the account: only a valid device cookie gets through. */
  async function refusedAddress() {
    for (let i = 0; i < 5; i++) expect((await signInFrom(OWNER_IP, NOAH, 'typo')).status).toBe(401);
    expect((await signInFrom(OWNER_IP, NOAH, PASSWORD)).status).toBe(429);
  }

  it('refuses a tampered, re-signed, expired or other account’s cookie like none', async () => {
    const device = await ownerDevice();
    const other = await ownerDevice(LIAM);
    await refusedAddress();
    const [account, nonce, expires, mac] = device.split('.');
    const flipped = `${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = [
      `${account}.${nonce}.${expires}.${flipped}`,
      `${account}.${nonce}.${Number(expires) + 1}.${mac}`,
      mintDeviceCookie(Buffer.from('another-key-of-at-least-32-characters!!'), NOAH, clock.now()),
      mintDeviceCookie(
        Buffer.from(TEST_DEVICE_COOKIE_KEY),
        NOAH,
        new Date(clock.now().getTime() - 181 * 86_400_000),
      ),
      other,
      'garbage',
    ];
    for (const cookie of forged) {
      expect((await signInFrom(OWNER_IP, NOAH, PASSWORD, cookie)).status, cookie).toBe(429);
    }
    expect((await signInFrom(OWNER_IP, NOAH, PASSWORD, device)).status).toBe(200);
  });

  it('allows a cookie 5 failures a window, then counts it as absent', async () => {
    const device = await ownerDevice();
    await refusedAddress();
    for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++) {
      expect((await signInFrom(OWNER_IP, NOAH, 'guess', device)).status).toBe(401);
    }
    expect((await signInFrom(OWNER_IP, NOAH, PASSWORD, device)).status).toBe(429);
    clock.advance(15 * 60_000);
    expect((await signInFrom(OWNER_IP, NOAH, PASSWORD, device)).status).toBe(200);
  });
});

describe('the bound on guessing one account', () => {
  it(`checks at most ${CHECKS_PER_ACCOUNT_WINDOW} passwords a window, whatever the addresses`, async () => {
    // A guess every 2 s for a whole window, each from a /48 never seen before.
    let checked = 0;
    for (let i = 0; i < 450; i++) {
      const res = await signInFrom(`2001:${(0x1000 + i).toString(16)}:1::1`, NOAH, 'guess');
      if (res.status === 401) checked++;
      else expect(res.status).toBe(429);
      clock.advance(2_000);
    }
    expect(checked).toBeLessThanOrEqual(CHECKS_PER_ACCOUNT_WINDOW);
    // Both the queue (at most 39 a window) and the clean lane served guesses.
    expect(checked).toBeGreaterThan(39);
    expect(Math.max(...slept)).toBeLessThanOrEqual(30_000);
  }, 120_000);
});
