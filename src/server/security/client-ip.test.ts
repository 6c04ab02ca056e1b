import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { limitedAddress, limitedAddresses, normalizeIp } from './client-ip';

/** The caller's address behind a trusted proxy that appends to X-Forwarded-For. */
const PROXY = '10.1.2.3';
let t: TestContext;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false, trustedProxies: [PROXY] },
    now: clock.now,
    people: ['liam.chen@hirehub.example'],
  });
  await givePassword(t, 'liam.chen@hirehub.example', 'correct horse battery staple');
});
afterAll(() => t.close());

/** A request whose socket peer is `peer`, as through a real connection. */
async function viaPeer(peer: string, path: string, init: RequestInit) {
  const res = await t.app.request(path, init, {
    incoming: { socket: { remoteAddress: peer, remotePort: 40000, remoteFamily: 'IPv4' } },
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('normalizeIp', () => {
  it('spells every address one way and refuses what is not one', () => {
    expect(normalizeIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('::FFFF:0a01:0203')).toBe('10.1.2.3');
    expect(normalizeIp('[2001:DB8::0:1]:443')).toBe('2001:db8::1');
    expect(normalizeIp('203.0.113.9:5555')).toBe('203.0.113.9');
    expect(normalizeIp(' 198.51.100.4 ')).toBe('198.51.100.4');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    for (const bad of ['', 'unknown', 'evil.example', '1.2.3', '999.1.1.1', 'x'.repeat(80)]) {
      expect(normalizeIp(bad), bad).toBeNull();
    }
  });
});

describe('limitedAddress', () => {
  it('counts an IPv6 address by its /64 network, and any other as it is', () => {
    const network = '2001:db8:5:6::/64';
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6:a:b:c:d', '2001:db8:5:6::ffff:1']) {
      expect(limitedAddress(normalizeIp(ip)), ip).toBe(network);
    }
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('2001:db8:5:7::1')).not.toBe(network);
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress(null)).toBe('unknown');
  });

  it('yields an IPv6 address in its /64, /56 and /48, any other address alone', () => {
    expect(limitedAddresses('2001:db8:5:6a7::1')).toEqual([
      { key: '2001:db8:5:6a7::/64', factor: 1 },
      { key: '2001:db8:5:600::/56', factor: 4 },
      { key: '2001:db8:5::/48', factor: 16 },
    ]);
    // Two /64s of one /56 share its bucket and its /48's; another /56 shares only the /48's.
    const keys = (ip: string) => limitedAddresses(ip).map((t) => t.key);
    expect(keys('2001:db8:5:6ff::9')).toEqual([
      '2001:db8:5:6ff::/64',
      ...keys('2001:db8:5:600::1').slice(1),
    ]);
    expect(keys('2001:db8:5:700::1').slice(1)).toEqual(['2001:db8:5:700::/56', '2001:db8:5::/48']);
    expect(limitedAddresses('203.0.113.9')).toEqual([{ key: '203.0.113.9', factor: 1 }]);
    expect(limitedAddresses(null)).toEqual([{ key: 'unknown', factor: 1 }]);
  });
});

describe('the client address behind a trusted proxy', () => {
  it('is the right-most address that is not a trusted proxy, whatever the client wrote first', async () => {
    await t.database.exec('DELETE FROM rate_limits');
    const statuses: number[] = [];
    // The client writes a different first entry every time; the proxy appends its real address.
    for (let i = 0; i < 12; i++) {
      const res = await viaPeer(`::ffff:${PROXY}`, '/api/auth/sign-in', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `192.0.2.${i + 1}, 203.0.113.9, ${PROXY}`,
        },
        body: JSON.stringify({ email: `guess${i}@x.example`, password: 'guess' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const rows = await t.database.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limits WHERE bucket LIKE 'signin:ip:%'",
    );
    expect(rows.map((r) => r.bucket)).toEqual(['signin:ip:203.0.113.9']);
    // Twelve production-cost password checks: slow on a busy machine.
  }, 180_000);

  it('is the peer itself when the peer is not a trusted proxy (its header is ignored)', async () => {
    await t.database.exec('DELETE FROM rate_limits');
    await viaPeer('198.51.100.20', '/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
      body: JSON.stringify({ email: 'someone@x.example', password: 'guess' }),
    });
    const rows = await t.database.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limits WHERE bucket LIKE 'signin:ip:%'",
    );
    expect(rows.map((r) => r.bucket)).toEqual(['signin:ip:198.51.100.20']);
  });

  it('is the nearest trusted hop when every entry is a trusted proxy or garbage', async () => {
    await t.database.exec('DELETE FROM rate_limits');
    await viaPeer(PROXY, '/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `not-an-ip, ${PROXY}` },
      body: JSON.stringify({ email: 'someone@x.example', password: 'guess' }),
    });
    const rows = await t.database.query<{ bucket: string }>(
      "SELECT bucket FROM rate_limits WHERE bucket LIKE 'signin:ip:%'",
    );
    expect(rows.map((r) => r.bucket)).toEqual([`signin:ip:${PROXY}`]);
  });
});
