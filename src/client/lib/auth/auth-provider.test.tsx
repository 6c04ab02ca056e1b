import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_SIMULATION_FAILED, AuthProvider, useAuth } from './auth-provider';
import { ApiError } from '@/lib/api';
import { onAuthStateChange, type AuthEvent } from './auth-events';
import { AuthFailure, type Authenticator } from './authenticator';
import { createMockAuthenticator } from './mock-authenticator';
import { getAccessToken, sessionStore, type AuthSession } from './session-store';

const START = Date.UTC(2025, 0, 15, 9, 30);

function wrapperWith(authenticator?: Authenticator) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <AuthProvider authenticator={authenticator}>{children}</AuthProvider>;
  };
}

function renderAuth(authenticator?: Authenticator) {
  return renderHook(() => useAuth(), { wrapper: wrapperWith(authenticator) });
}

const stored: AuthSession = {
  user: { id: 'demo-user-1', email: 'kept@example.com', user_metadata: { full_name: 'Kept' } },
  access_token: 'demo-token-1',
};

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  sessionStore.set(null);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('mock sign-in (docs/product/sign-in.md#mock-behaviour)', () => {
  it('sets loading, waits 1000 ms, then fabricates the user and session', async () => {
    const { result } = renderAuth();
    expect(result.current).toMatchObject({ user: null, session: null, loading: false });

    let pending!: Promise<{ error: Error | null }>;
    act(() => {
      pending = result.current.signIn('ada@example.com', 'any password');
    });
    expect(result.current.loading).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(result.current.loading).toBe(true);
    expect(result.current.user).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    await expect(pending).resolves.toEqual({ error: null });
    const ms = START + 1000;
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toEqual({
      id: `demo-user-${ms}`,
      email: 'ada@example.com',
      user_metadata: { full_name: 'Demo User' },
    });
    expect(result.current.session).toEqual({
      user: result.current.user,
      access_token: `demo-token-${ms}`,
    });
  });

  it('keeps the session in localStorage for the next visit and for the API client', async () => {
    const { result } = renderAuth();
    act(() => void result.current.signIn('ada@example.com', 'pw'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const kept = JSON.parse(localStorage.getItem('ted.auth.session')!);
    expect(kept).toEqual(result.current.session);
    expect(getAccessToken()).toBe(`demo-token-${START + 1000}`);
  });

  it('accepts any values, even an address that is not one', async () => {
    const { result } = renderAuth();
    let outcome: { error: Error | null } | undefined;
    act(() => {
      void result.current.signIn('not an address', 'x').then((r) => (outcome = r));
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(outcome).toEqual({ error: null });
    expect(result.current.user?.email).toBe('not an address');
  });
});

describe('mock sign-up', () => {
  it('uses the given full name after the same 1000 ms wait', async () => {
    const { result } = renderAuth();
    act(() => void result.current.signUp('Grace Hopper', 'grace@example.com', 'pw'));
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toEqual({
      id: `demo-user-${START + 1000}`,
      email: 'grace@example.com',
      user_metadata: { full_name: 'Grace Hopper' },
    });
    expect(result.current.session?.access_token).toBe(`demo-token-${START + 1000}`);
  });
});

describe('sign-out', () => {
  it('clears user, session and the kept copy at once', async () => {
    sessionStore.set(stored);
    const { result } = renderAuth();
    expect(result.current.user).toEqual(stored.user);
    await act(async () => {
      await expect(result.current.signOut()).resolves.toEqual({ error: null });
    });
    expect(result.current).toMatchObject({ user: null, session: null, loading: false });
    expect(localStorage.getItem('ted.auth.session')).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('still forgets the session locally when the far end fails', async () => {
    sessionStore.set(stored);
    const failing: Authenticator = {
      ...createMockAuthenticator(),
      signOut: () => Promise.reject(new Error('offline')),
    };
    const { result } = renderAuth(failing);
    let outcome: { error: Error | null } | undefined;
    await act(async () => {
      outcome = await result.current.signOut();
    });
    expect(outcome?.error?.message).toBe(AUTH_SIMULATION_FAILED);
    expect(result.current.user).toBeNull();
  });
});

describe('restoring the session', () => {
  it('uses the kept session synchronously, before any guard decides', () => {
    sessionStore.set(stored);
    const { result } = renderAuth();
    expect(result.current.loading).toBe(false);
    expect(result.current.session).toEqual(stored);
  });

  it('stays loading while an authenticator checks the kept session', async () => {
    sessionStore.set(stored);
    let finish!: (s: AuthSession | null) => void;
    const checking: Authenticator = {
      ...createMockAuthenticator(),
      restore: () => new Promise((resolve) => (finish = resolve)),
    };
    const { result } = renderAuth(checking);
    expect(result.current.loading).toBe(true);
    await act(async () => finish(null));
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
  });

  it('follows another tab that signs in or out', () => {
    const { result } = renderAuth();
    act(() => {
      localStorage.setItem('ted.auth.session', JSON.stringify(stored));
      window.dispatchEvent(new StorageEvent('storage', { key: 'ted.auth.session' }));
    });
    expect(result.current.user).toEqual(stored.user);
    act(() => {
      localStorage.removeItem('ted.auth.session');
      window.dispatchEvent(new StorageEvent('storage', { key: 'ted.auth.session' }));
    });
    expect(result.current.user).toBeNull();
  });
});

describe('failures', () => {
  it('reports an unexpected failure with the demo message and clears loading', async () => {
    const broken: Authenticator = {
      ...createMockAuthenticator(),
      signIn: () => Promise.reject(new TypeError('boom')),
    };
    const { result } = renderAuth(broken);
    let outcome: { error: Error | null } | undefined;
    await act(async () => {
      outcome = await result.current.signIn('a@example.com', 'pw');
    });
    expect(outcome?.error?.message).toBe(AUTH_SIMULATION_FAILED);
    expect(result.current).toMatchObject({ user: null, loading: false });
  });

  it('passes a refusal meant for the user through unchanged', async () => {
    const refusing: Authenticator = {
      ...createMockAuthenticator(),
      signUp: () => Promise.reject(new AuthFailure('Sign-up is closed')),
    };
    const { result } = renderAuth(refusing);
    let outcome: { error: Error | null } | undefined;
    await act(async () => {
      outcome = await result.current.signUp('A', 'a@example.com', 'pw');
    });
    expect(outcome?.error?.message).toBe('Sign-up is closed');
  });

  it('throws an internal error when used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });
});

describe('server sessions (docs/product/sign-in.md#session-events)', () => {
  // The provider loads the scheduler's code when an authenticator refreshes: here, already loaded.
  beforeAll(async () => {
    await import('./refresh-scheduler');
  });

  const serverSession = (n: number, at: number): AuthSession => ({
    user: { id: 'u-1', email: 'admin@example.com', user_metadata: { full_name: 'Admin' } },
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_at: Math.floor(at / 1000) + 120,
  });

  it('signs in, refreshes before expiry, and signs out when the refresh is refused', async () => {
    let refreshes = 0;
    const server: Authenticator = {
      signIn: async () => serverSession(1, Date.now()),
      signUp: () => Promise.reject(new Error('unused')),
      signOut: async () => {},
      refresh: async () => {
        refreshes += 1;
        if (refreshes === 1) return serverSession(2, Date.now());
        throw new ApiError(401, 'invalid_refresh_token', 'Your session has ended.');
      },
    };
    const events: [AuthEvent, string | null][] = [];
    const stop = onAuthStateChange((event, session) =>
      events.push([event, session?.access_token ?? null]),
    );
    try {
      const { result } = renderAuth(server);
      await act(() => result.current.signIn('admin@example.com', 'pw'));
      expect(events).toEqual([['SIGNED_IN', 'access-1']]);

      // Refreshed a minute before the two-minute token expires.
      await act(() => vi.advanceTimersByTimeAsync(59_999));
      expect(refreshes).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(result.current.session?.access_token).toBe('access-2');
      expect(events.at(-1)).toEqual(['TOKEN_REFRESHED', 'access-2']);

      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(refreshes).toBe(2);
      expect(result.current.session).toBeNull();
      expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
      await act(() => vi.advanceTimersByTimeAsync(600_000));
      expect(refreshes).toBe(2);
    } finally {
      stop();
    }
  });
});
