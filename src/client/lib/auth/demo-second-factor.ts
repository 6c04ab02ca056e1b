import type { SecondFactorChallenge } from './authenticator';

/** What the mock sign-in asks of the tab's simulated authenticator app. */
export type DemoSecondFactor = {
  isOn(): boolean;
  /** A sign-in past the password that waits for its code. */
  begin(email: string): SecondFactorChallenge;
  /** The address the pending sign-in was for, once the code passes; else an AuthFailure. */
  complete(pendingToken: string, code: string): string;
  /** The same, once a simulated passkey answers. */
  completeWithPasskey(pendingToken: string): string;
};

let current: DemoSecondFactor | null = null;

/**
 * The tab's simulated app (docs/product/sign-in.md#demo-second-step), once demo-mfa.ts has
 * loaded and registered it: the mock sign-in reads it through here, so that the pages that
 * never show Two-step sign-in (the landing page) do not load its code. Until then it is off.
 */
export function registerDemoSecondFactor(app: DemoSecondFactor): void {
  current = app;
}

export const registeredDemoSecondFactor = (): DemoSecondFactor | null => current;
