import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthFailure, type SecondFactorChallenge } from './authenticator';
import { createDemoMfa, DEMO_WRONG_CODE } from './demo-mfa';
import { createMockAuthenticator } from './mock-authenticator';

afterEach(() => {
  vi.useRealTimers();
});

describe('createMockAuthenticator', () => {
  it('stamps ids with the injected clock after the injected wait', async () => {
    const waits: number[] = [];
    let clock = 1_000;
    const auth = createMockAuthenticator({
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    const session = await auth.signUp('Lin', 'lin@example.com', 'pw');
    expect(waits).toEqual([1000]);
    expect(session).toEqual({
      user: { id: 'demo-user-2000', email: 'lin@example.com', user_metadata: { full_name: 'Lin' } },
      access_token: 'demo-token-2000',
    });
  });

  it('does not answer before 1000 ms have passed', async () => {
    vi.useFakeTimers({ now: 5_000 });
    const settled = vi.fn();
    void createMockAuthenticator().signIn('a@example.com', 'pw').then(settled);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith({
      user: {
        id: 'demo-user-6000',
        email: 'a@example.com',
        user_metadata: { full_name: 'Demo User' },
      },
      access_token: 'demo-token-6000',
    });
  });
});

describe('the demo second step (docs/product/sign-in.md#demo-second-step)', () => {
  const instant = { delayMs: 0, sleep: async () => {} };

  it('signs in at once while the simulated app is off', async () => {
    const auth = createMockAuthenticator({ ...instant, secondFactor: createDemoMfa() });
    expect(await auth.signIn('a@b.example', 'x')).toMatchObject({ user: { email: 'a@b.example' } });
  });

  it('asks for a code while it is on: any six digits, a recovery code once', async () => {
    const app = createDemoMfa();
    await app.startTotp();
    const [recovery] = await app.confirmTotp('123456');
    const auth = createMockAuthenticator({ ...instant, secondFactor: app });

    const first = await auth.signIn('a@b.example', 'x');
    expect(first).toMatchObject({ kind: 'second_factor' });
    const token = (first as SecondFactorChallenge).pendingToken;
    await expect(auth.completeSecondFactor!(token, '12a456')).rejects.toMatchObject({
      message: DEMO_WRONG_CODE,
      reason: 'invalid_code',
    });
    expect(await auth.completeSecondFactor!(token, '000 111')).toMatchObject({
      user: { email: 'a@b.example' },
    });
    // The pending sign-in is spent.
    await expect(auth.completeSecondFactor!(token, '000111')).rejects.toMatchObject({
      reason: 'expired',
    });

    const second = (await auth.signIn('a@b.example', 'x')) as SecondFactorChallenge;
    expect(await auth.completeSecondFactor!(second.pendingToken, recovery!)).toMatchObject({
      user: { email: 'a@b.example' },
    });
    const third = (await auth.signIn('a@b.example', 'x')) as SecondFactorChallenge;
    await expect(auth.completeSecondFactor!(third.pendingToken, recovery!)).rejects.toBeInstanceOf(
      AuthFailure,
    );
    expect((await app.status()).recovery_codes_remaining).toBe(9);
  });
});
