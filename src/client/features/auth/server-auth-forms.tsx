import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon, UserPlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { newPasswordSchema } from '@shared/schemas/auth';
import { useAuth, type AuthResult } from '@/lib/auth/auth-provider';
import { AuthFailure, type SecondFactorChallenge } from '@/lib/auth/authenticator';
import { requestSignUp } from '@/lib/auth/server-authenticator';
import { AuthForm, type AuthFieldSpec } from './form-parts';

/** Production mode: sign in with a server account (no demo texts, no quick login). */

const signInValues = z.object({
  email: z.string().trim().min(1, 'Enter your email address'),
  password: z.string().min(1, 'Enter your password'),
});
type SignInValues = z.infer<typeof signInValues>;

const signUpValues = z.object({
  fullName: z.string().trim().min(1, 'Enter your full name'),
  email: z.string().trim().min(1, 'Enter your email address'),
  password: newPasswordSchema,
});
type SignUpValues = z.infer<typeof signUpValues>;

/** Runs a call; on failure returns the server's message (shown beside the form and read out). */
async function run(call: () => Promise<AuthResult>, success: string): Promise<string | null> {
  const { error, secondFactor } = await call();
  if (secondFactor) return null;
  if (!error) {
    toast.success(success);
    return null;
  }
  return error.message || 'Something went wrong. Please try again.';
}

const EMAIL: AuthFieldSpec<SignInValues & SignUpValues> = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'username',
};

const signInResolver = zodResolver(signInValues);
const SIGN_IN_FIELDS: readonly AuthFieldSpec<SignInValues>[] = [
  // The browser's autofill may offer this site's passkeys here too (docs/product/sign-in.md#passkeys).
  { ...(EMAIL as AuthFieldSpec<SignInValues>), autoComplete: 'username webauthn' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

const signUpResolver = zodResolver(signUpValues);
const SIGN_UP_FIELDS: readonly AuthFieldSpec<SignUpValues>[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  EMAIL as AuthFieldSpec<SignUpValues>,
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

/**
 * Email and password; an account with a second factor goes on to the second step
 * (`onSecondFactor`, docs/product/sign-in.md#second-step) with no session yet. `onSending`
 * runs as the password leaves (the passkey autofill's wait ends), `onRefused` when it was
 * refused.
 */
export function ServerSignInForm({
  onSecondFactor,
  onSending,
  onRefused,
}: {
  onSecondFactor: (email: string, challenge: SecondFactorChallenge) => void;
  onSending?: () => void;
  onRefused?: () => void;
}) {
  const { signIn, loading } = useAuth();
  return (
    <AuthForm
      resolver={signInResolver}
      defaultValues={{ email: '', password: '' }}
      fields={SIGN_IN_FIELDS}
      onSubmit={async ({ email, password }) => {
        onSending?.();
        const failed = await run(async () => {
          const result = await signIn(email, password);
          if (result.secondFactor) onSecondFactor(email.trim(), result.secondFactor);
          return result;
        }, 'Signed in');
        if (failed) onRefused?.();
        return failed;
      }}
      disabled={loading}
      submitLabel="Sign In"
      busyText="Signing in..."
      icon={<LogInIcon aria-hidden />}
    />
  );
}

/**
 * Sign-up (docs/product/sign-in.md#sign-up-tells): the server mails the address, whatever it
 * is; `onRequested` gets the address and the server's message (check the mailbox).
 */
export function ServerSignUpForm({
  onRequested,
}: {
  onRequested: (email: string, message: string) => void;
}) {
  const { loading } = useAuth();
  return (
    <AuthForm
      resolver={signUpResolver}
      defaultValues={{ fullName: '', email: '', password: '' }}
      fields={SIGN_UP_FIELDS}
      onSubmit={async ({ fullName, email, password }) => {
        try {
          onRequested(email.trim(), await requestSignUp(fullName, email, password));
          return null;
        } catch (err) {
          return err instanceof AuthFailure
            ? err.message
            : 'Something went wrong. Please try again.';
        }
      }}
      disabled={loading}
      submitLabel="Create Account"
      busyText="Creating account..."
      icon={<UserPlusIcon aria-hidden />}
    />
  );
}
