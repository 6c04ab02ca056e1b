import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { useAuth } from '@/lib/auth/auth-provider';
import { signUpSchema, type SignUpValues } from './auth-schemas';
import { attempt, DEMO_ATTEMPT } from './attempt';
import { AuthForm, demoEmailField, type AuthFieldSpec } from './form-parts';

const resolver = zodResolver(signUpSchema);

const FIELDS: readonly AuthFieldSpec<SignUpValues>[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name', placeholder: 'Alex Morgan' },
  demoEmailField(),
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'Any password works',
  },
];

/** The Demo Sign Up tab: full name, email and password; nothing is created anywhere. */
export function SignUpForm() {
  const { signUp, loading } = useAuth();
  return (
    <AuthForm
      resolver={resolver}
      defaultValues={{ fullName: '', email: '', password: '' }}
      fields={FIELDS}
      onSubmit={({ fullName, email, password }) =>
        attempt(() => signUp(fullName, email, password), DEMO_ATTEMPT.signUp)
      }
      disabled={loading}
      submitLabel="Create Demo Account"
      busyText="Creating demo account..."
      icon={<UserPlusIcon aria-hidden />}
    />
  );
}
