import { toast } from 'sonner';
import type { AuthResult } from '@/lib/auth/auth-provider';
import { AUTH_MESSAGES } from './auth-messages';

type AttemptTexts = { success: string; successDetail: string; failure: string };

/**
 * Runs one sign-in or sign-up and tells the user how it went with the toasts
 * of docs/product/sign-in.md#mock-texts. Returns the message to show beside the form on failure.
 */
export async function attempt(
  call: () => Promise<AuthResult>,
  texts: AttemptTexts,
): Promise<string | null> {
  try {
    const { error } = await call();
    if (error) throw error;
    toast.success(texts.success, { description: texts.successDetail });
    return null;
  } catch (err) {
    const detail = err instanceof Error && err.message ? err.message : texts.failure;
    toast.error(AUTH_MESSAGES.errorToast, { description: detail });
    return texts.failure;
  }
}
