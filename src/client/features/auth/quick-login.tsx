import { ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/lib/auth/auth-provider';
import type { SecondFactorChallenge } from '@/lib/auth/authenticator';
import { AUTH_MESSAGES } from './auth-messages';
import { attempt } from './attempt';
import { DEMO_CREDENTIALS } from './demo-credentials';
import { Progress } from './form-parts';

/**
 * docs/product/sign-in.md#quick-login: one click, with the pre-filled demo address and password;
 * a code next while the tab's simulated authenticator app is on (`onSecondFactor`).
 */
export function QuickLogin({
  onSecondFactor,
}: {
  onSecondFactor: (email: string, challenge: SecondFactorChallenge) => void;
}) {
  const { signIn, loading } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setFailure(null);
    setSubmitting(true);
    const failed = await attempt(
      () => signIn(DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password),
      {
        success: AUTH_MESSAGES.signInSuccess,
        successDetail: AUTH_MESSAGES.signInSuccessDetail,
        failure: AUTH_MESSAGES.quickLoginError,
      },
      (challenge) => onSecondFactor(DEMO_CREDENTIALS.email, challenge),
    );
    setSubmitting(false);
    setFailure(failed);
  };

  return (
    <section aria-labelledby="quick-login-heading" className="grid gap-4">
      <div>
        <h2 id="quick-login-heading" className="font-semibold text-slate-900">
          Fastest way in
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sign in with the demo administrator in one click.
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
        <dt className="text-slate-600">Email</dt>
        <dd className="font-medium break-all text-slate-900">{DEMO_CREDENTIALS.email}</dd>
        <dt className="text-slate-600">Password</dt>
        <dd className="font-mono font-medium text-slate-900">{DEMO_CREDENTIALS.password}</dd>
      </dl>
      <FormAlert>{failure}</FormAlert>
      <Button type="button" size="lg" className="w-full" disabled={loading} onClick={run}>
        <Progress busy={submitting} busyText="Signing in..." icon={<ZapIcon aria-hidden />}>
          Quick Demo Login
        </Progress>
      </Button>
    </section>
  );
}
