import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-provider';
import { AUTH_MESSAGES } from './auth-messages';
import { signUpSchema, type SignUpValues } from './auth-schemas';
import { attempt } from './attempt';
import { AuthField, FormMessage, Progress } from './form-parts';

const MESSAGE_ID = 'signup-message';

/** The Demo Sign Up tab: full name, email and password; nothing is created anywhere. */
export function SignUpForm() {
  const { signUp, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const message =
    errors.fullName?.message ?? errors.email?.message ?? errors.password?.message ?? failure;
  const describedBy = message ? MESSAGE_ID : undefined;

  const onSubmit = handleSubmit(async ({ fullName, email, password }) => {
    setFailure(null);
    setSubmitting(true);
    const failed = await attempt(() => signUp(fullName, email, password), {
      success: AUTH_MESSAGES.signUpSuccess,
      successDetail: AUTH_MESSAGES.signUpSuccessDetail,
      failure: AUTH_MESSAGES.signUpError,
    });
    setSubmitting(false);
    setFailure(failed);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="grid gap-4">
      <AuthField
        id="signup-name"
        label="Full name"
        autoComplete="name"
        placeholder="Alex Morgan"
        invalid={!!errors.fullName}
        describedBy={describedBy}
        {...register('fullName')}
      />
      <AuthField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        invalid={!!errors.email}
        describedBy={describedBy}
        {...register('email')}
      />
      <AuthField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Any password works"
        invalid={!!errors.password}
        describedBy={describedBy}
        {...register('password')}
      />
      {message ? <FormMessage id={MESSAGE_ID}>{message}</FormMessage> : null}
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        <Progress
          busy={submitting}
          busyText="Creating demo account..."
          icon={<UserPlusIcon aria-hidden />}
        >
          Create Demo Account
        </Progress>
      </Button>
    </form>
  );
}
