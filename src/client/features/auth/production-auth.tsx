import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/lib/auth/auth-provider';
import type { SecondFactorChallenge } from '@/lib/auth/authenticator';
import { cancelPasskeyCeremony } from './passkey-ceremony';
import { PasskeySignInButton, usePasskeyAutofill, useSignInWithPasskey } from './passkey-sign-in';
import { SecondFactorStep } from './second-factor-step';
import { ServerSignInForm, ServerSignUpForm } from './server-auth-forms';

/** After a sign-up: the address it was for and the server's words (docs/product/sign-in.md#sign-up-tells). */
function CheckMailbox({
  email,
  message,
  onDone,
}: {
  email: string;
  message: string;
  onDone: () => void;
}) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-3 pt-6 text-center">
        <MailCheckIcon className="size-8 text-indigo-600" aria-hidden />
        <h2 className="text-lg font-semibold text-slate-900">Check your mailbox</h2>
        <div role="status" className="grid max-w-sm gap-2 text-sm text-slate-700">
          <p className="font-medium break-all text-slate-900">{email}</p>
          <p>{message}</p>
        </div>
        <Button onClick={onDone}>Back to sign in</Button>
      </CardContent>
    </Card>
  );
}

/**
 * The sign-in form with passkeys (docs/product/sign-in.md#passkeys): the browser's autofill
 * offers them under Email while the form is open, and "Sign in with a passkey" opens the
 * browser's own prompt. Sending the password ends the autofill's wait.
 */
function SignInWaysIn({
  onSecondFactor,
}: {
  onSecondFactor: (email: string, challenge: SecondFactorChallenge) => void;
}) {
  const { loading } = useAuth();
  const [round, setRound] = useState(0);
  const [refused, setRefused] = useState<string | null>(null);
  const again = () => setRound((n) => n + 1);
  const signIn = useSignInWithPasskey();
  usePasskeyAutofill(round, async (challengeId, response) => {
    setRefused(null);
    const failed = await signIn(challengeId, response);
    setRefused(failed);
    if (failed) again();
    return failed;
  });
  return (
    <div className="grid gap-4">
      <ServerSignInForm
        onSecondFactor={onSecondFactor}
        onSending={cancelPasskeyCeremony}
        onRefused={again}
      />
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
        <span className="h-px flex-1 bg-slate-300" />
        or
        <span className="h-px flex-1 bg-slate-300" />
      </div>
      <FormAlert>{refused}</FormAlert>
      <PasskeySignInButton disabled={loading} onEnded={again} />
    </div>
  );
}

/**
 * /auth in production mode (DEMO_MODE=false): email and password of a server
 * account, then its authenticator code when it has an app. Sign-up is offered
 * only when the server allows it; it ends on a request to open the mailed link,
 * never signed in.
 */
export function ProductionAuth({ allowSignup }: { allowSignup: boolean }) {
  const [signingUp, setSigningUp] = useState(false);
  const [requested, setRequested] = useState<{ email: string; message: string } | null>(null);
  const [pending, setPending] = useState<{
    email: string;
    challenge: SecondFactorChallenge;
  } | null>(null);
  const creating = allowSignup && signingUp;
  if (pending) {
    return (
      <Card>
        <CardContent className="pt-5">
          <SecondFactorStep {...pending} onBack={() => setPending(null)} />
        </CardContent>
      </Card>
    );
  }
  if (requested) {
    return (
      <CheckMailbox
        {...requested}
        onDone={() => {
          setRequested(null);
          setSigningUp(false);
        }}
      />
    );
  }
  return (
    <>
      <Card>
        <CardContent className="pt-5">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            {creating ? 'Create an account' : 'Sign in to your account'}
          </h2>
          {creating ? (
            <ServerSignUpForm onRequested={(email, message) => setRequested({ email, message })} />
          ) : (
            <SignInWaysIn onSecondFactor={(email, challenge) => setPending({ email, challenge })} />
          )}
        </CardContent>
      </Card>
      {allowSignup ? (
        <p className="text-center text-sm text-slate-600">
          {creating ? 'Already have an account?' : 'No account yet?'}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => setSigningUp(!creating)}>
            {creating ? 'Sign in' : 'Create an account'}
          </Button>
        </p>
      ) : null}
      <p className="text-center text-xs text-slate-600">
        After 5 failed attempts, sign-in pauses for 15 minutes for the account and the address.
      </p>
    </>
  );
}
