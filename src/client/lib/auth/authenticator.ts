import type { AuthSession } from './session-store';

/**
 * How the auth provider signs people in. Demo mode uses the mock (docs/product/sign-in.md#mock-behaviour)
 * (no network calls); a production mode with server sessions can implement the
 * same contract and be handed to `<AuthProvider authenticator={…}>`.
 */
export interface Authenticator {
  signIn(email: string, password: string): Promise<AuthSession>;
  signUp(fullName: string, email: string, password: string): Promise<AuthSession>;
  /** Ends the session wherever it lives (a server would revoke it). */
  signOut(session: AuthSession | null): Promise<void>;
  /**
   * Checks the session kept from an earlier visit before any guard decides
   * (a server would validate or refresh it). Without it the stored session is
   * used as it is, synchronously, so protected pages never flash a loader.
   */
  restore?(stored: AuthSession | null): Promise<AuthSession | null>;
  /** Exchanges the session's refresh token for a new session (server sessions only). */
  refresh?(session: AuthSession): Promise<AuthSession>;
  /** Replaces the password; the session stays signed in (server accounts only). */
  changePassword?(
    session: AuthSession,
    currentPassword: string,
    newPassword: string,
  ): Promise<AuthSession>;
}

/**
 * A refusal meant for the user (wrong password, account disabled). Anything
 * else an authenticator throws is an unexpected failure and is reported with
 * the generic demo message instead of leaking internals.
 */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
}
