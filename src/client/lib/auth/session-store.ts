/**
 * The signed-in session, kept in localStorage so that a reload does not sign
 * the user out (issue: "a reload keeping the session"). The API client reads
 * the access token from here; the auth provider writes it.
 */
export type SessionUser = {
  id: string;
  email: string;
  user_metadata: { full_name: string };
};

export type AuthSession = {
  user: SessionUser;
  access_token: string;
  refresh_token?: string;
  /** Seconds since the epoch, for sessions that expire (production mode). */
  expires_at?: number;
  /** A generated password must be changed before the console can be used. */
  must_change_password?: boolean;
  /** A second factor must be set up before the console can be used (production mode). */
  second_factor_enrolment_required?: boolean;
};

const STORAGE_KEY = 'ted.auth.session';
type Listener = (session: AuthSession | null) => void;
const listeners = new Set<Listener>();

function isSession(value: unknown): value is AuthSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<AuthSession>;
  return (
    typeof v.access_token === 'string' &&
    !!v.user &&
    typeof v.user.id === 'string' &&
    typeof v.user.email === 'string' &&
    typeof v.user.user_metadata?.full_name === 'string'
  );
}

function read(): AuthSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: AuthSession | null = read();

export const sessionStore = {
  get(): AuthSession | null {
    return current;
  },
  set(session: AuthSession | null): void {
    current = session;
    try {
      if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Private browsing or a full quota: the session still lives for this page.
    }
    for (const listener of listeners) listener(session);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads storage (another tab signed in or out). */
  reload(): void {
    const next = read();
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      current = next;
      for (const listener of listeners) listener(next);
    }
  },
  storageKey: STORAGE_KEY,
};

export function getAccessToken(): string | null {
  return current?.access_token ?? null;
}
