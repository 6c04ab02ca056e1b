import { DEMO_ACCOUNT_NAME, TIMINGS } from '@shared/constants';
import { AuthFailure, type Authenticator } from './authenticator';
import { registeredDemoSecondFactor, type DemoSecondFactor } from './demo-second-factor';
import type { AuthSession } from './session-store';

export type MockAuthenticatorOptions = {
  /** docs/product/sign-in.md#mock-behaviour: mock login delay 1000 ms. */
  delayMs?: number;
  /** The clock that stamps the fabricated ids. */
  now?: () => number;
  /** How to wait; tests drive it with fake timers. */
  sleep?: (ms: number) => Promise<void>;
  /** The tab's simulated authenticator app (docs/product/sign-in.md#demo-second-step). */
  secondFactor?: DemoSecondFactor;
};

/** What the sign-in says when the browser refuses to keep the mock session. */
const MOCK_SESSION_NOT_STORED = 'Failed to create mock session token';

/**
 * The mock session lives in localStorage so that a reload keeps it; a browser
 * that refuses to store it (storage blocked or full) cannot sign in.
 */
function assertStorable(session: AuthSession): void {
  const probe = 'ted.auth.session-probe';
  try {
    globalThis.localStorage.setItem(probe, JSON.stringify(session));
    globalThis.localStorage.removeItem(probe);
  } catch (err) {
    throw new AuthFailure(MOCK_SESSION_NOT_STORED, { cause: err });
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The user name the mock gives every sign-in (docs/product/sign-in.md#mock-user). */
const MOCK_SIGN_IN_NAME = DEMO_ACCOUNT_NAME;

/**
 * docs/product/sign-in.md#mock-behaviour: wait, then fabricate a user `demo-user-<ms>`
 * and a session `demo-token-<ms>`. Any values are accepted; nothing leaves the
 * browser. The server treats a `demo-token-<ms>` as the demo administrator.
 */
export function createMockAuthenticator(options: MockAuthenticatorOptions = {}): Authenticator {
  const delayMs = options.delayMs ?? TIMINGS.mockLoginDelayMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const app = () => options.secondFactor ?? registeredDemoSecondFactor();

  async function fabricate(email: string, fullName: string): Promise<AuthSession> {
    await sleep(delayMs);
    // Stamped after the wait, as the documented mock does.
    const ms = now();
    const user = { id: `demo-user-${ms}`, email, user_metadata: { full_name: fullName } };
    const session = { user, access_token: `demo-token-${ms}` };
    assertStorable(session);
    return session;
  }

  return {
    // docs/product/sign-in.md#demo-second-step: while the simulated app is on, a code first.
    signIn: async (email) => {
      const mfa = app();
      if (!mfa?.isOn()) return fabricate(email, MOCK_SIGN_IN_NAME);
      await sleep(delayMs);
      return mfa.begin(email);
    },
    completeSecondFactor: async (pendingToken, code) =>
      fabricate(app()!.complete(pendingToken, code), MOCK_SIGN_IN_NAME),
    // docs/product/sign-in.md#demo-second-step: a simulated passkey of the tab answers.
    completeSecondFactorWithPasskey: async (pendingToken) =>
      fabricate(app()!.completeWithPasskey(pendingToken), MOCK_SIGN_IN_NAME),
    signUp: (fullName, email) => fabricate(email, fullName),
    signOut: async () => {},
  };
}
