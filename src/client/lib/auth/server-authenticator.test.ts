import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthFailure } from './authenticator';
import { createServerAuthenticator } from './server-authenticator';
import type { AuthSession } from './session-store';

/** The server ends a session whose rotated refresh token comes back, so tabs must take turns. */
const user = { id: 'u1', email: 'liam@example.com', user_metadata: { full_name: 'Liam' } };
const session = (n: number): AuthSession => ({
  user,
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_at: 2_000_000_000 + n,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Web Locks stand-in: one holder at a time, in order of request. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, run: () => Promise<unknown>) => {
      const result = tail.then(run);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

describe('refreshing a server session', () => {
  it('sends a refresh token once when two tabs refresh the same session at the same time', async () => {
    let stored: AuthSession | null = session(1);
    const presented: string[] = [];
    vi.stubGlobal('navigator', { ...globalThis.navigator, locks: fakeLocks() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { refresh_token } = JSON.parse(String(init.body)) as { refresh_token: string };
        presented.push(refresh_token);
        await new Promise((r) => setTimeout(r, 20));
        const n = presented.length + 1;
        return new Response(
          JSON.stringify({
            access_token: `access-${n}`,
            refresh_token: `refresh-${n}`,
            token_type: 'bearer',
            expires_in: 900,
            expires_at: 2_000_000_000 + n,
            user: { ...user, roles: [] },
            must_change_password: false,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const tab = () =>
      createServerAuthenticator({
        latest: () => stored,
        remember: (s) => {
          stored = s;
        },
      });
    const [a, b] = await Promise.all([tab().refresh!(session(1)), tab().refresh!(session(1))]);
    expect(presented).toEqual(['refresh-1']);
    expect(a.refresh_token).toBe('refresh-2');
    expect(b.refresh_token).toBe('refresh-2');
    expect(stored?.refresh_token).toBe('refresh-2');
  });
});

describe('the second step (docs/product/sign-in.md#second-step)', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const auth = () => createServerAuthenticator({ latest: () => null });

  it('answers the pending sign-in, not a session, when the account has an app', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(202, {
          second_factor_required: true,
          pending_token: 'p-1',
          expires_in: 300,
          methods: ['totp', 'passkey'],
        }),
      ),
    );
    expect(await auth().signIn('ada@example.com', 'right')).toEqual({
      kind: 'second_factor',
      pendingToken: 'p-1',
      expiresIn: 300,
      methods: ['totp', 'passkey'],
    });
  });

  it('answers the pending sign-in of an account whose only second factor is a passkey', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(202, {
          second_factor_required: true,
          pending_token: 'p-2',
          expires_in: 300,
          methods: ['passkey'],
        }),
      ),
    );
    expect(await auth().signIn('ada@example.com', 'right')).toMatchObject({
      kind: 'second_factor',
      pendingToken: 'p-2',
      methods: ['passkey'],
    });
  });

  it.each([
    [401, 'invalid_code', 'That code is not valid. Try the current one.', 'invalid_code'],
    [401, 'invalid_pending_sign_in', 'Your sign-in has expired.', 'expired'],
    [429, 'rate_limited', 'Too many sign-in attempts. Try again in 15 minutes.', 'limited'],
    [403, 'account_inactive', 'This account has been deactivated', undefined],
  ])('turns a %i %s into a refusal the page can act on', async (status, code, message, reason) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(status, { error: { code, message } })),
    );
    const refused = await auth().completeSecondFactor!('p-1', '123456').catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AuthFailure);
    expect(refused).toMatchObject({ message, reason });
  });
});

describe('passkeys (docs/product/sign-in.md#passkeys)', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const auth = () => createServerAuthenticator({ latest: () => null });
  const response = {
    id: 'cred',
    rawId: 'cred',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };

  it('sends a passkey alone with its challenge id, and turns the limit into a refusal to wait', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return answer(429, {
          error: { code: 'rate_limited', message: 'Too many attempts. Try again in 15 minutes.' },
        });
      }),
    );
    const refused = await auth().signInWithPasskey!('c-1', response).catch((e: unknown) => e);
    expect(sent).toEqual([{ challenge_id: 'c-1', response }]);
    expect(refused).toBeInstanceOf(AuthFailure);
    expect(refused).toMatchObject({ reason: 'limited' });
  });

  it('ends the second step when its pending sign-in expired', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, {
          error: { code: 'invalid_pending_sign_in', message: 'Your sign-in has expired.' },
        }),
      ),
    );
    const refused = await auth().completeSecondFactorWithPasskey!('p-1', response).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ message: 'Your sign-in has expired.', reason: 'expired' });
  });
});
