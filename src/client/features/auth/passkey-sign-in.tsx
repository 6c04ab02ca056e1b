import { FingerprintIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-provider';
import { AuthFailure } from '@/lib/auth/authenticator';
import { Progress } from './form-parts';
import { assertPasskey, autofillPasskey, cancelPasskeyCeremony } from './passkey-ceremony';

/**
 * A passkey alone (docs/product/sign-in.md#passkeys): the browser offers the passkeys it holds
 * for this site, beside the email field (autofill) or in its own prompt (the button).
 */

const signInOptions = () => api('POST', '/api/auth/sign-in/passkey/options', { token: null });

/**
 * While the sign-in form is open, the browser's autofill offers this site's passkeys under the
 * Email field (`autocomplete="username webauthn"`); picking one signs in. `round` restarts the
 * wait (after the button's own prompt ended it). The wait ends when the page leaves.
 */
export function usePasskeyAutofill(round: number, signIn: SignInWith): void {
  const latest = useRef(signIn);
  useEffect(() => {
    latest.current = signIn;
  });
  useEffect(() => {
    let wanted = true;
    let challengeId = '';
    void autofillPasskey(
      async () => {
        const r = await signInOptions();
        challengeId = r.challenge_id;
        return r.options;
      },
      () => wanted,
    ).then((response) => {
      if (wanted && response) void latest.current(challengeId, response);
    });
    return () => {
      wanted = false;
      cancelPasskeyCeremony();
    };
  }, [round]);
}

type SignInWith = (challengeId: string, response: AuthenticationResponse) => Promise<string | null>;

/** Signs in with a passkey's answer; the failure's words, or null once signed in. */
export function useSignInWithPasskey(): SignInWith {
  const { signInWithPasskey } = useAuth();
  return async (challengeId, response) => {
    const { error } = await signInWithPasskey(challengeId, response);
    if (!error) {
      toast.success('Signed in');
      return null;
    }
    return error.message || 'Something went wrong. Please try again.';
  };
}

/** An answer from the server or the ceremony, in the person's words. */
const wordsOf = (err: unknown) =>
  (err instanceof ApiError && err.status !== 0 && err.status < 500) ||
  err instanceof AuthFailure ||
  (err instanceof Error && err.name === 'PasskeyProblem')
    ? (err as Error).message
    : 'Something went wrong. Please try again.';

/**
 * "Sign in with a passkey": the browser's prompt lists this site's passkeys; no address typed.
 * `onEnded` follows a prompt that did not sign in (the autofill may wait again).
 */
export function PasskeySignInButton({
  disabled,
  onEnded,
}: {
  disabled: boolean;
  onEnded: () => void;
}) {
  const signIn = useSignInWithPasskey();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setFailure(null);
    let failed: string | null;
    try {
      const { challenge_id, options } = await signInOptions();
      failed = await signIn(challenge_id, await assertPasskey(options));
    } catch (err) {
      failed = wordsOf(err);
    }
    setBusy(false);
    setFailure(failed);
    if (failed) onEnded();
  };

  return (
    <div className="grid gap-3">
      <FormAlert>{failure}</FormAlert>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={() => void run()}
      >
        <Progress busy={busy} busyText="Waiting for your passkey..." icon={<FingerprintIcon />}>
          Sign in with a passkey
        </Progress>
      </Button>
    </div>
  );
}

/**
 * The second step with a passkey: options bound to the pending sign-in, then the browser's
 * prompt. An expired pending sign-in is an AuthFailure with the reason `expired`.
 */
export async function secondStepAssertion(pendingToken: string): Promise<AuthenticationResponse> {
  const { options } = await api('POST', '/api/auth/sign-in/second-factor/passkey-options', {
    body: { pending_token: pendingToken },
    token: null,
  }).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'invalid_pending_sign_in') {
      throw new AuthFailure(err.message, { reason: 'expired' });
    }
    throw err;
  });
  return assertPasskey(options);
}

export { wordsOf as passkeyFailureWords };
