import { toast } from 'sonner';
import type { AuthResult } from '@/lib/auth/auth-provider';
import type { SecondFactorChallenge } from '@/lib/auth/authenticator';
import { AUTH_MESSAGES } from './auth-messages';

type AttemptTexts = { success: string; successDetail: string; failure: string };

/** The toasts and the form message of the demo sign-in and sign-up forms. */
export const DEMO_ATTEMPT = {
  signIn: {
    success: AUTH_MESSAGES.signInSuccess,
    successDetail: AUTH_MESSAGES.signInSuccessDetail,
    failure: AUTH_MESSAGES.signInError,
  },
  signUp: {
    success: AUTH_MESSAGES.signUpSuccess,
    successDetail: AUTH_MESSAGES.signUpSuccessDetail,
    failure: AUTH_MESSAGES.signUpError,
  },
} as const satisfies Record<string, AttemptTexts>;

/**
 * Runs one sign-in or sign-up and tells the user how it went with the toasts
 * of docs/product/sign-in.md#mock-texts. Returns the message to show beside the form on failure.
 * A sign-in that asks for a code (docs/product/sign-in.md#demo-second-step) goes to
 * `onSecondFactor` instead, with no toast yet.
 */
export async function attempt(
  call: () => Promise<AuthResult>,
  texts: AttemptTexts,
  onSecondFactor?: (challenge: SecondFactorChallenge) => void,
): Promise<string | null> {
  try {
    const { error, secondFactor } = await call();
    if (error) throw error;
    if (secondFactor && onSecondFactor) {
      onSecondFactor(secondFactor);
      return null;
    }
    toast.success(texts.success, { description: texts.successDetail });
    return null;
  } catch (err) {
    const detail = err instanceof Error && err.message ? err.message : texts.failure;
    toast.error(AUTH_MESSAGES.errorToast, { description: detail });
    return texts.failure;
  }
}
