import { zodResolver } from '@hookform/resolvers/zod';
import { LogInIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { newPasswordSchema } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FieldGroup } from '@/components/ui/field';
import { useAuth, type AuthResult } from '@/lib/auth/auth-provider';
import { AuthField, Progress } from './form-parts';

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
  const { error } = await call();
  if (!error) {
    toast.success(success);
    return null;
  }
  return error.message || 'Something went wrong. Please try again.';
}

export function ServerSignInForm() {
  const { signIn, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, formState } = useForm<SignInValues>({
    resolver: zodResolver(signInValues),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;
  const message = errors.email?.message ?? errors.password?.message ?? failure;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    setSubmitting(true);
    setFailure(await run(() => signIn(email, password), 'Signed in'));
    setSubmitting(false);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="grid gap-4">
      <FieldGroup message={message}>
        <AuthField
          control={control}
          label="Email"
          type="email"
          autoComplete="username"
          {...register('email')}
        />
        <AuthField
          control={control}
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
      </FieldGroup>
      <Button type="submit" size="lg" disabled={loading || submitting} className="w-full">
        <Progress busy={submitting} busyText="Signing in..." icon={<LogInIcon aria-hidden />}>
          Sign In
        </Progress>
      </Button>
    </form>
  );
}

export function ServerSignUpForm() {
  const { signUp, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, formState } = useForm<SignUpValues>({
    resolver: zodResolver(signUpValues),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const { errors } = formState;
  const message =
    errors.fullName?.message ?? errors.email?.message ?? errors.password?.message ?? failure;

  const onSubmit = handleSubmit(async ({ fullName, email, password }) => {
    setFailure(null);
    setSubmitting(true);
    setFailure(await run(() => signUp(fullName, email, password), 'Account created'));
    setSubmitting(false);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="grid gap-4">
      <FieldGroup message={message}>
        <AuthField
          control={control}
          label="Full name"
          autoComplete="name"
          {...register('fullName')}
        />
        <AuthField
          control={control}
          label="Email"
          type="email"
          autoComplete="username"
          {...register('email')}
        />
        <AuthField
          control={control}
          label="Password"
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
      </FieldGroup>
      <Button type="submit" size="lg" disabled={loading || submitting} className="w-full">
        <Progress
          busy={submitting}
          busyText="Creating account..."
          icon={<UserPlusIcon aria-hidden />}
        >
          Create Account
        </Progress>
      </Button>
    </form>
  );
}
