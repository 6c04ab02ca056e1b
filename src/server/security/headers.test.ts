import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness';
import { HSTS_HEADER } from './headers';
import { MAX_DEMO_SESSIONS } from '../setup/demo-admin';

/** HSTS only over HTTPS, request ids only from the server, and a bounded count of demo sessions. */
let plain: TestContext;
const PROXY = '10.9.8.7';

beforeAll(async () => {
  plain = await createTestContext({
    config: { publicUrl: 'http://127.0.0.1:3000', trustedProxies: [PROXY] },
  });
});
afterAll(() => plain.close());

const fromPeer = (peer: string) => ({
  incoming: { socket: { remoteAddress: peer, remotePort: 40000, remoteFamily: 'IPv4' } },
});

describe('Strict-Transport-Security', () => {
  it('is absent over plain HTTP, even when an untrusted caller claims HTTPS', async () => {
    expect((await plain.call('GET', '/api/health')).headers.get('strict-transport-security')).toBe(
      null,
    );
    const claimed = await plain.app.request(
      '/api/health',
      { headers: { 'x-forwarded-proto': 'https' } },
      fromPeer('198.51.100.3'),
    );
    expect(claimed.headers.get('strict-transport-security')).toBe(null);
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const res = await plain.app.request(
      '/api/health',
      { headers: { 'x-forwarded-proto': 'https' } },
      fromPeer(PROXY),
    );
    expect(res.headers.get('strict-transport-security')).toBe(HSTS_HEADER);
    const overHttp = await plain.app.request(
      '/api/health',
      { headers: { 'x-forwarded-proto': 'http' } },
      fromPeer(PROXY),
    );
    expect(overHttp.headers.get('strict-transport-security')).toBe(null);
  });

  it('is sent on every answer when the public origin is HTTPS', async () => {
    const https = await createTestContext({
      seed: false,
      config: { publicUrl: 'https://console.example' },
    });
    try {
      for (const path of ['/api/health', '/api/missing']) {
        const res = await https.call('GET', path);
        expect(res.headers.get('strict-transport-security'), path).toBe(HSTS_HEADER);
      }
    } finally {
      await https.close();
    }
  });
});

describe('the request id', () => {
  it('is always the server’s own: a caller’s X-Request-Id is neither echoed nor logged', async () => {
    const logged: Record<string, unknown>[] = [];
    const log = plain.deps.log;
    plain.deps.log = { ...log, info: (_msg, fields) => logged.push(fields ?? {}) };
    try {
      const forged = 'admin-login-ok-forged-line';
      const res = await plain.call('GET', '/api/health', { headers: { 'x-request-id': forged } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe(forged);
      expect(JSON.stringify(logged)).not.toContain(forged);
      expect(logged.some((f) => f.requestId === id)).toBe(true);
    } finally {
      plain.deps.log = log;
    }
  });
});

describe('demo sessions', () => {
  it('stay bounded however many demo tokens a caller mints, and a pruned token still works', async () => {
    const first = plain.demoToken(1);
    expect((await plain.call('GET', '/api/admin/users', { token: first })).status).toBe(200);
    for (let i = 0; i < MAX_DEMO_SESSIONS + 40; i++) {
      // Every /api request resolves its bearer token, and a new demo token records a session.
      const res = await plain.call('GET', '/api/health', { token: plain.demoToken(i + 2) });
      expect(res.status).toBe(200);
    }
    const [row] = await plain.database.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM sessions WHERE kind = 'demo'",
    );
    expect(row!.count).toBeLessThanOrEqual(MAX_DEMO_SESSIONS);
    expect((await plain.call('GET', '/api/admin/users', { token: first })).status).toBe(200);
  }, 120_000);
});
