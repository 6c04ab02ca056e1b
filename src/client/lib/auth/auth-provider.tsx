import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import { ApiError } from '@/lib/api';
import { emitAuthEvent } from './auth-events';
import { AuthFailure, type Authenticator, type SecondFactorChallenge } from './authenticator';
import { createMockAuthenticator } from './mock-authenticator';
import type { RefreshScheduler, SchedulerClock } from './refresh-scheduler';
import { sessionStore, type AuthSession, type SessionUser } from './session-store';

/** docs/product/sign-in.md#mock-texts: what the user reads when the mock itself fails. */
export const AUTH_SIMULATION_FAILED = 'Demo authentication simulation failed';

export type AuthResult = {
  error: Error | null;
  /** The password was right and the account asks for a code before a session opens. */
  secondFactor?: SecondFactorChallenge;
};

export type AuthContextValue = {
  user: SessionUser | null;
  session: AuthSession | null;
  /** True while the kept session is checked and while a sign-in or sign-up runs. */
  loading: boolean;
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(fullName: string, email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
  /** Completes a sign-in that answered `secondFactor`, with an authenticator or recovery code. */
  completeSecondFactor(pendingToken: string, code: string): Promise<AuthResult>;
  /** Signs in with a passkey alone: the browser's answer to the options of `challengeId`. */
  signInWithPasskey(challengeId: string, response: AuthenticationResponse): Promise<AuthResult>;
  /** Completes a sign-in that answered `secondFactor` with one of the account's passkeys. */
  completeSecondFactorWithPasskey(
    pendingToken: string,
    response: AuthenticationResponse,
  ): Promise<AuthResult>;
  /** Server accounts: replaces the password (required first when it was generated). */
  changePassword(currentPassword: string, newPassword: string): Promise<AuthResult>;
};

/** What a sign-in that takes no passkey says when one is offered (the mock without one). */
const NO_PASSKEYS = 'This sign-in does not take a passkey.';

const AuthContext = createContext<AuthContextValue | null>(null);
const noSession = () => null;

function toUserError(err: unknown): Error {
  return err instanceof AuthFailure ? err : new Error(AUTH_SIMULATION_FAILED, { cause: err });
}

/**
 * The one auth state of the app (docs/product/sign-in.md#auth-state): user, session and a loading
 * flag. The session lives in `sessionStore` (localStorage), so the API client
 * sends its token and a reload or another tab sees the same session.
 */
const isRetryable = (err: unknown) =>
  err instanceof ApiError ? err.retryable : !(err instanceof AuthFailure);

export function AuthProvider({
  children,
  authenticator,
  clock,
}: {
  children: ReactNode;
  authenticator?: Authenticator;
  /** The refresh scheduler's timers (tests). */
  clock?: SchedulerClock;
}) {
  const [auth] = useState<Authenticator>(() => authenticator ?? createMockAuthenticator());
  // A pre-rendered page was rendered signed out; once hydrated it shows the kept session.
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
  const [restoring, setRestoring] = useState(() => typeof auth.restore === 'function');
  const [running, setRunning] = useState(0);

  useEffect(() => {
    if (!auth.restore) return;
    let current = true;
    auth
      .restore(sessionStore.get())
      .then(
        (restored) => current && sessionStore.set(restored),
        () => current && sessionStore.set(null),
      )
      .finally(() => current && setRestoring(false));
    return () => {
      current = false;
    };
  }, [auth]);

  // docs/product/sign-in.md#session-refresh: refreshed automatically before expiry; removed on a non-retryable failure.
  // Only server sessions are refreshed: the scheduler's code loads with the first authenticator that refreshes.
  const [scheduler, setScheduler] = useState<RefreshScheduler | null>(null);
  useEffect(() => {
    if (!auth.refresh) return;
    let current = true;
    void import('./refresh-scheduler').then(({ RefreshScheduler }) => {
      if (!current) return;
      setScheduler(
        new RefreshScheduler({
          refresh: (s) => auth.refresh!(s),
          onRefreshed: (next) => {
            sessionStore.set(next);
            emitAuthEvent('TOKEN_REFRESHED', next);
          },
          // docs/product/sign-in.md#session-refresh: removed on a non-retryable refresh failure, then a sign-out event follows.
          onFailed: () => {
            sessionStore.set(null);
            emitAuthEvent('SIGNED_OUT', null);
          },
          isRetryable,
          clock,
        }),
      );
    });
    return () => {
      current = false;
    };
  }, [auth, clock]);
  useEffect(() => {
    if (!scheduler || restoring) return;
    if (session) scheduler.start(session);
    else scheduler.stop();
  }, [scheduler, session, restoring]);
  useEffect(() => () => scheduler?.stop(), [scheduler]);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === sessionStore.storageKey) sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const establish = useCallback(
    async (start: () => Promise<AuthSession | SecondFactorChallenge>): Promise<AuthResult> => {
      setRunning((n) => n + 1);
      try {
        const session = await start();
        if ('kind' in session) return { error: null, secondFactor: session };
        sessionStore.set(session);
        emitAuthEvent('SIGNED_IN', session);
        return { error: null };
      } catch (err) {
        return { error: toUserError(err) };
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [],
  );

  const signIn = useCallback(
    (email: string, password: string) => establish(() => auth.signIn(email, password)),
    [auth, establish],
  );
  const signUp = useCallback(
    (fullName: string, email: string, password: string) =>
      establish(() => auth.signUp(fullName, email, password)),
    [auth, establish],
  );
  const completeSecondFactor = useCallback(
    (pendingToken: string, code: string) =>
      establish(() =>
        auth.completeSecondFactor
          ? auth.completeSecondFactor(pendingToken, code)
          : Promise.reject(new AuthFailure('This sign-in does not take a code.')),
      ),
    [auth, establish],
  );
  const signInWithPasskey = useCallback(
    (challengeId: string, response: AuthenticationResponse) =>
      establish(() =>
        auth.signInWithPasskey
          ? auth.signInWithPasskey(challengeId, response)
          : Promise.reject(new AuthFailure(NO_PASSKEYS)),
      ),
    [auth, establish],
  );
  const completeSecondFactorWithPasskey = useCallback(
    (pendingToken: string, response: AuthenticationResponse) =>
      establish(() =>
        auth.completeSecondFactorWithPasskey
          ? auth.completeSecondFactorWithPasskey(pendingToken, response)
          : Promise.reject(new AuthFailure(NO_PASSKEYS)),
      ),
    [auth, establish],
  );
  const signOut = useCallback(async (): Promise<AuthResult> => {
    const ending = sessionStore.get();
    // Forget the session here first: signing out must work even if the far end does not answer.
    sessionStore.set(null);
    emitAuthEvent('SIGNED_OUT', null);
    try {
      await auth.signOut(ending);
      return { error: null };
    } catch (err) {
      return { error: toUserError(err) };
    }
  }, [auth]);

  const changePassword = useCallback(
    async (currentPassword: string, newPassword: string): Promise<AuthResult> => {
      const current = sessionStore.get();
      if (!current || !auth.changePassword) return { error: new Error('Sign in to continue') };
      try {
        const next = await auth.changePassword(current, currentPassword, newPassword);
        // The tokens may have been refreshed while the form was open: keep the newest.
        const latest = sessionStore.get() ?? next;
        sessionStore.set({ ...latest, must_change_password: next.must_change_password });
        return { error: null };
      } catch (err) {
        return { error: err instanceof Error ? err : new Error(String(err)) };
      }
    },
    [auth],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      loading: restoring || running > 0,
      signIn,
      signUp,
      signOut,
      completeSecondFactor,
      signInWithPasskey,
      completeSecondFactorWithPasskey,
      changePassword,
    }),
    [
      session,
      restoring,
      running,
      signIn,
      signUp,
      signOut,
      completeSecondFactor,
      signInWithPasskey,
      completeSecondFactorWithPasskey,
      changePassword,
    ],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  // docs/product/sign-in.md#missing-provider: a missing auth provider is an internal error.
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
