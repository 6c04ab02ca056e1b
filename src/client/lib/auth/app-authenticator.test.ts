import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppAuthenticator } from './app-authenticator';
import type { AuthSession } from './session-store';

const page = vi.hoisted(() => ({
  config: undefined as { demoMode: boolean } | undefined,
  reads: 0,
}));
vi.mock('@/lib/public-config', () => ({
  pageConfig: () => {
    page.reads += 1;
    return page.config;
  },
}));

const serverSession: AuthSession = {
  user: { id: 'u1', email: 'liam@example.com', user_metadata: { full_name: 'Liam' } },
  access_token: 'server-access-token',
  refresh_token: 'refresh',
  expires_at: 2_000_000_000,
};

let requests: string[];
beforeEach(() => {
  page.reads = 0;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(String(url));
      return new Response(JSON.stringify({ error: 'invalid_credentials', message: 'No' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the way in', () => {
  it('is chosen once from the page: a later change of mode is not followed', async () => {
    page.config = { demoMode: false };
    const auth = createAppAuthenticator();
    page.config = { demoMode: true };

    await expect(auth.signIn('liam@example.com', 'pw')).rejects.toThrow();
    await expect(auth.signIn('liam@example.com', 'pw')).rejects.toThrow();
    await auth.restore?.(null);

    expect(page.reads).toBe(1);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.includes('/api/auth/'))).toBe(true);
    expect(requests.some((url) => url.includes('/api/config'))).toBe(false);
    expect(typeof auth.refresh).toBe('function');
  });

  it('in demo mode signs in with the mock, never asks the server and drops a server session', async () => {
    vi.useFakeTimers();
    page.config = { demoMode: true };
    const auth = createAppAuthenticator();

    const signingIn = auth.signIn('ava@example.com', 'anything');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await signingIn).toMatchObject({ access_token: expect.stringMatching(/^demo-token-/) });
    expect(await auth.restore?.(serverSession)).toBeNull();
    expect(auth.refresh).toBeUndefined();
    expect(requests).toEqual([]);
    expect(page.reads).toBe(1);
  });

  it('goes on as in demo mode when the page carries no configuration', () => {
    page.config = undefined;
    expect(createAppAuthenticator().refresh).toBeUndefined();
  });
});
