import type { SecondFactorMethod } from '@shared/schemas/mfa';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import type { AuthSession } from './session-store';

/**
 * How the auth provider signs people in. Demo mode uses the mock (docs/product/sign-in.md#mock-behaviour)
 * (no network calls); a production mode with server sessions can implement the
 * same contract and be handed to `<AuthProvider authenticator={…}>`.
 */
/**
 * The password was right and the account asks for a second step
 * (docs/product/sign-in.md#second-step): no session yet, but a pending token
 * that `completeSecondFactor` takes with a code for a few minutes.
 */
export type SecondFactorChallenge = {
  kind: 'second_factor';
  pendingToken: string;
  /** Seconds the pending sign-in lives. */
  expiresIn: number;
  /** The account's ways through the step; an authenticator app's code when left out. */
  methods?: readonly SecondFactorMethod[];
};

export interface Authenticator {
  /** Answers the session, or the second step a server account asks for. */
  signIn(email: string, password: string): Promise<AuthSession | SecondFactorChallenge>;
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
  /** Completes a sign-in that asked for a second step with an authenticator or recovery code. */
  completeSecondFactor?(pendingToken: string, code: string): Promise<AuthSession>;
  /**
   * Signs in with a passkey alone (docs/product/sign-in.md#passkeys): what the browser's
   * ceremony answered to the options handed out with `challengeId`.
   */
  signInWithPasskey?(challengeId: string, response: AuthenticationResponse): Promise<AuthSession>;
  /** Completes a sign-in that asked for a second step with one of the account's passkeys. */
  completeSecondFactorWithPasskey?(
    pendingToken: string,
    response: AuthenticationResponse,
  ): Promise<AuthSession>;
  /** Replaces the password; the session stays signed in (server accounts only). */
  changePassword?(
    session: AuthSession,
    currentPassword: string,
    newPassword: string,
  ): Promise<AuthSession>;
}

export type AuthFailureReason = 'invalid_code' | 'expired' | 'limited';

/**
 * A refusal meant for the user (wrong password, account disabled). Anything
 * else an authenticator throws is an unexpected failure and is reported with
 * the generic demo message instead of leaking internals.
 */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
  /** Why, where the page acts on it: a wrong code, a pending sign-in that expired, a limit reached. */
  readonly reason?: AuthFailureReason;
  constructor(message: string, options?: ErrorOptions & { reason?: AuthFailureReason }) {
    super(message, options);
    this.reason = options?.reason;
  }
}
