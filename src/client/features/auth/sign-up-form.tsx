import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldGroup } from '@/components/ui/field';
import { useAuth } from '@/lib/auth/auth-provider';
import { AUTH_MESSAGES } from './auth-messages';
import { signUpSchema, type SignUpValues } from './auth-schemas';
import { attempt } from './attempt';
import { AuthField, Progress } from './form-parts';

/** The Demo Sign Up tab: full name, email and password; nothing is created anywhere. */
export function SignUpForm() {
  const { signUp, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const message =
    errors.fullName?.message ?? errors.email?.message ?? errors.password?.message ?? failure;

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
      <FieldGroup message={message}>
        <AuthField
          control={control}
          label="Full name"
          autoComplete="name"
          placeholder="Alex Morgan"
          {...register('fullName')}
        />
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
          autoComplete="new-password"
          placeholder="Any password works"
          {...register('password')}
        />
      </FieldGroup>
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
