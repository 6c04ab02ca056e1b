import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
import { useAuth } from '@/lib/auth/auth-provider';
import type { SecondFactorChallenge } from '@/lib/auth/authenticator';
import { signInSchema, type SignInValues } from './auth-schemas';
import { attempt, DEMO_ATTEMPT } from './attempt';
import { AuthForm, demoEmailField, type AuthFieldSpec } from './form-parts';

const resolver = zodResolver(signInSchema);

const FIELDS: readonly AuthFieldSpec<SignInValues>[] = [
  demoEmailField(),
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Any password works',
  },
];

/**
 * The Demo Sign In tab: email and password, any values accepted; a code next while the tab's
 * simulated authenticator app is on (`onSecondFactor`).
 */
export function SignInForm({
  onSecondFactor,
}: {
  onSecondFactor: (email: string, challenge: SecondFactorChallenge) => void;
}) {
  const { signIn, loading } = useAuth();
  return (
    <AuthForm
      resolver={resolver}
      defaultValues={{ email: '', password: '' }}
      fields={FIELDS}
      onSubmit={({ email, password }) =>
        attempt(
          () => signIn(email, password),
          DEMO_ATTEMPT.signIn,
          (challenge) => onSecondFactor(email.trim(), challenge),
        )
      }
      disabled={loading}
      submitLabel="Sign In"
      busyText="Signing in..."
      icon={<LogInIcon aria-hidden />}
    />
  );
}
