import type { AuthSessionResponse } from '@shared/schemas/auth';
import { api, ApiError } from '@/lib/api';
import { AuthFailure, type Authenticator, type SecondFactorChallenge } from './authenticator';
import type { AuthSession } from './session-store';

/**
 * Production mode (DEMO_MODE=false): accounts and sessions live on the server
 * (POST /api/auth/*). Tokens are kept in the session store so that a reload
 * stays signed in; `restore` checks them before any guard decides.
 */
export type ServerAuthenticatorOptions = {
  /** The session as stored now (another tab may have refreshed it meanwhile). */
  latest: () => AuthSession | null;
  /** Stores a refreshed session, before the next tab may start its own refresh. */
  remember?: (session: AuthSession) => void;
};

const REFRESH_LOCK = 'ted.auth.refresh';

/**
 * Runs one refresh at a time across this browser's tabs. The server ends the
 * whole session when a rotated refresh token is presented again, so two tabs
 * must never send the same one: the second waits, then finds the first one's
 * tokens in storage. Without Web Locks (old browsers) it runs unguarded.
 */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks?.request) return run();
  return locks.request(REFRESH_LOCK, run) as Promise<T>;
}

function toSession(r: AuthSessionResponse): AuthSession {
  return {
    user: { id: r.user.id, email: r.user.email, user_metadata: r.user.user_metadata },
    access_token: r.access_token,
    refresh_token: r.refresh_token,
    expires_at: r.expires_at,
    must_change_password: r.must_change_password,
    second_factor_enrolment_required: r.second_factor_enrolment_required,
  };
}

/** Refusals the user should read (wrong password, limit reached) rather than a generic error. */
function asUserFailure(err: unknown): never {
  if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
    throw new AuthFailure(err.message);
  }
  throw err;
}

/**
 * A refused code (docs/product/sign-in.md#second-step) in the user's words, marked with why:
 * a wrong or spent code, the pending sign-in expired (start again), the limit reached (wait).
 */
function asSecondFactorFailure(err: unknown): never {
  if (err instanceof ApiError && err.code === 'invalid_pending_sign_in') {
    throw new AuthFailure(err.message, { reason: 'expired' });
  }
  if (err instanceof ApiError && err.status === 429) {
    throw new AuthFailure(err.message, { reason: 'limited' });
  }
  if (err instanceof ApiError && err.code === 'invalid_code') {
    throw new AuthFailure(err.message, { reason: 'invalid_code' });
  }
  return asUserFailure(err);
}

/** A passkey sign-in refused: the limit (wait) apart, the server's words say what to do. */
function asPasskeyFailure(err: unknown): never {
  if (err instanceof ApiError && err.status === 429) {
    throw new AuthFailure(err.message, { reason: 'limited' });
  }
  return asUserFailure(err);
}

/**
 * Accepts an invitation with a password (docs/product/sign-in.md#invitations):
 * the server creates the account and answers as the sign-in does. A refusal
 * (used, expired, the password's rules) is an AuthFailure with its words.
 */
export async function acceptInvitation(
  token: string,
  password: string,
  fullName: string | null,
): Promise<AuthSession> {
  const r = await api('POST', '/api/invitations/accept', {
    body: { token, password, ...(fullName ? { full_name: fullName } : {}) },
    token: null,
  }).catch(asUserFailure);
  return toSession(r);
}

/**
 * Asks for an account (docs/product/sign-in.md#sign-up-tells): the server answers alike
 * whatever the address and mails it; the account exists once the mailed link is opened.
 * Resolves to the server's message (check the mailbox).
 */
export async function requestSignUp(
  fullName: string,
  email: string,
  password: string,
): Promise<string> {
  const r = await api('POST', '/api/auth/sign-up', {
    body: { full_name: fullName, email, password },
    token: null,
  }).catch(asUserFailure);
  return r.message;
}

/** Opens a sign-up's mailed link (`/auth/verify#token=…`): resolves to the verified address. */
export async function verifySignUp(token: string): Promise<string> {
  const r = await api('POST', '/api/auth/verify', { body: { token }, token: null });
  return r.email;
}

export function createServerAuthenticator(options: ServerAuthenticatorOptions): Authenticator {
  async function refresh(session: AuthSession): Promise<AuthSession> {
    const refreshToken = session.refresh_token;
    if (!refreshToken) throw new ApiError(401, 'unauthorized', 'No refresh token');
    return oneAtATime(() => refreshNow(session, refreshToken));
  }

  async function refreshNow(session: AuthSession, refreshToken: string): Promise<AuthSession> {
    // Another tab refreshed while this one waited: its tokens are the ones to use.
    const stored = options.latest();
    if (
      stored?.refresh_token &&
      stored.refresh_token !== session.refresh_token &&
      stored.user.id === session.user.id
    ) {
      return stored;
    }
    try {
      const r = await api('POST', '/api/auth/refresh', {
        body: { refresh_token: refreshToken },
        token: null,
      });
      const next = toSession(r);
      options.remember?.(next);
      return next;
    } catch (err) {
      // Another tab used this refresh token first: its new session is in storage.
      const latest = options.latest();
      if (err instanceof ApiError && latest?.refresh_token !== session.refresh_token && latest) {
        return latest;
      }
      throw err;
    }
  }

  return {
    async signIn(email, password) {
      const r = await api('POST', '/api/auth/sign-in', {
        body: { email, password },
        token: null,
      }).catch(asUserFailure);
      if ('second_factor_required' in r) {
        return {
          kind: 'second_factor',
          pendingToken: r.pending_token,
          expiresIn: r.expires_in,
          methods: r.methods,
        } satisfies SecondFactorChallenge;
      }
      return toSession(r);
    },
    async completeSecondFactor(pendingToken, code) {
      const r = await api('POST', '/api/auth/sign-in/second-factor', {
        body: { pending_token: pendingToken, code },
        token: null,
      }).catch(asSecondFactorFailure);
      return toSession(r);
    },
    async signInWithPasskey(challengeId, response) {
      const r = await api('POST', '/api/auth/sign-in/passkey', {
        body: { challenge_id: challengeId, response },
        token: null,
      }).catch(asPasskeyFailure);
      return toSession(r);
    },
    async completeSecondFactorWithPasskey(pendingToken, response) {
      const r = await api('POST', '/api/auth/sign-in/second-factor/passkey', {
        body: { pending_token: pendingToken, response },
        token: null,
      }).catch(asSecondFactorFailure);
      return toSession(r);
    },
    async signUp(fullName, email, password) {
      // No session: the account exists only once the mailed link is opened.
      throw new AuthFailure(await requestSignUp(fullName, email, password));
    },
    async signOut(session) {
      if (!session?.refresh_token) return;
      try {
        await api('POST', '/api/auth/sign-out', { token: session.access_token });
      } catch (err) {
        // Already ended on the server (expired or revoked): signed out either way.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
    },
    async restore(stored) {
      // A demo session (no refresh token) means nothing to this server.
      if (!stored?.refresh_token) return null;
      try {
        const me = await api('GET', '/api/auth/me', { token: stored.access_token });
        return {
          ...stored,
          must_change_password: me.must_change_password,
          second_factor_enrolment_required: me.second_factor_enrolment_required,
        };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        // Offline or the server is struggling: keep the session and let the scheduler retry.
        if (err.retryable) return stored;
        if (err.status !== 401) return null;
      }
      try {
        return await refresh(stored);
      } catch (err) {
        return err instanceof ApiError && err.retryable ? stored : null;
      }
    },
    refresh,
    async changePassword(session, currentPassword, newPassword) {
      await api('POST', '/api/auth/password', {
        body: { current_password: currentPassword, new_password: newPassword },
        token: session.access_token,
      }).catch(asUserFailure);
      return { ...session, must_change_password: false };
    },
  };
}
