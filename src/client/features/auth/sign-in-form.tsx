import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-provider';
import { AUTH_MESSAGES } from './auth-messages';
import { signInSchema, type SignInValues } from './auth-schemas';
import { attempt } from './attempt';
import { AuthField, FormMessage, Progress } from './form-parts';

const MESSAGE_ID = 'signin-message';

/** The Demo Sign In tab: email and password, any values accepted. */
export function SignInForm() {
  const { signIn, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const message = errors.email?.message ?? errors.password?.message ?? failure;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    setSubmitting(true);
    const failed = await attempt(() => signIn(email, password), {
      success: AUTH_MESSAGES.signInSuccess,
      successDetail: AUTH_MESSAGES.signInSuccessDetail,
      failure: AUTH_MESSAGES.signInError,
    });
    setSubmitting(false);
    setFailure(failed);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="grid gap-4">
      <AuthField
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        invalid={!!errors.email}
        describedBy={message ? MESSAGE_ID : undefined}
        {...register('email')}
      />
      <AuthField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Any password works"
        invalid={!!errors.password}
        describedBy={message ? MESSAGE_ID : undefined}
        {...register('password')}
      />
      {message ? <FormMessage id={MESSAGE_ID}>{message}</FormMessage> : null}
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        <Progress busy={submitting} busyText="Signing in..." icon={<LogInIcon aria-hidden />}>
          Sign In
        </Progress>
      </Button>
    </form>
  );
}
