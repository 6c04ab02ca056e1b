import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldGroup } from '@/components/ui/field';
import { useAuth } from '@/lib/auth/auth-provider';
import { AUTH_MESSAGES } from './auth-messages';
import { signInSchema, type SignInValues } from './auth-schemas';
import { attempt } from './attempt';
import { AuthField, Progress } from './form-parts';

/** The Demo Sign In tab: email and password, any values accepted. */
export function SignInForm() {
  const { signIn, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
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
      <FieldGroup message={message}>
        <AuthField
          control={control}
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
        />
        <AuthField
          control={control}
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Any password works"
          {...register('password')}
        />
      </FieldGroup>
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        <Progress busy={submitting} busyText="Signing in..." icon={<LogInIcon aria-hidden />}>
          Sign In
        </Progress>
      </Button>
    </form>
  );
}
