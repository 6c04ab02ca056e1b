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
import { AuthFailure, type Authenticator } from './authenticator';
import { createMockAuthenticator } from './mock-authenticator';
import { sessionStore, type AuthSession, type SessionUser } from './session-store';

/** SPEC.md §8 "Demo errors": what the user reads when the mock itself fails. */
export const AUTH_SIMULATION_FAILED = 'Demo authentication simulation failed';

export type AuthResult = { error: Error | null };

export type AuthContextValue = {
  user: SessionUser | null;
  session: AuthSession | null;
  /** True while the kept session is checked and while a sign-in or sign-up runs. */
  loading: boolean;
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(fullName: string, email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function toUserError(err: unknown): Error {
  return err instanceof AuthFailure ? err : new Error(AUTH_SIMULATION_FAILED, { cause: err });
}

/**
 * The one auth state of the app (SPEC.md §4): user, session and a loading
 * flag. The session lives in `sessionStore` (localStorage), so the API client
 * sends its token and a reload or another tab sees the same session.
 */
export function AuthProvider({
  children,
  authenticator,
}: {
  children: ReactNode;
  authenticator?: Authenticator;
}) {
  const [auth] = useState<Authenticator>(() => authenticator ?? createMockAuthenticator());
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
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

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === sessionStore.storageKey) sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const establish = useCallback(async (start: () => Promise<AuthSession>) => {
    setRunning((n) => n + 1);
    try {
      sessionStore.set(await start());
      return { error: null };
    } catch (err) {
      return { error: toUserError(err) };
    } finally {
      setRunning((n) => n - 1);
    }
  }, []);

  const signIn = useCallback(
    (email: string, password: string) => establish(() => auth.signIn(email, password)),
    [auth, establish],
  );
  const signUp = useCallback(
    (fullName: string, email: string, password: string) =>
      establish(() => auth.signUp(fullName, email, password)),
    [auth, establish],
  );
  const signOut = useCallback(async (): Promise<AuthResult> => {
    const ending = sessionStore.get();
    // Forget the session here first: signing out must work even if the far end does not answer.
    sessionStore.set(null);
    try {
      await auth.signOut(ending);
      return { error: null };
    } catch (err) {
      return { error: toUserError(err) };
    }
  }, [auth]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      session,
      loading: restoring || running > 0,
      signIn,
      signUp,
      signOut,
    }),
    [session, restoring, running, signIn, signUp, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  // SPEC.md §8: a missing auth provider is an internal error.
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
