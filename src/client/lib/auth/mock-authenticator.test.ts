import { afterEach, describe, expect, it, vi } from 'vitest';
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
