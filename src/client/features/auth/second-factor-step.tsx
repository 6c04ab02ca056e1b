import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, ClockAlertIcon, FingerprintIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { TOTP_DIGITS } from '@shared/schemas/mfa';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/lib/auth/auth-provider';
import { AuthFailure, type SecondFactorChallenge } from '@/lib/auth/authenticator';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthForm, Progress, type AuthFieldSpec } from './form-parts';
import { passkeyFailureWords, secondStepAssertion } from './passkey-sign-in';

type Values = { code: string };
type Kind = 'app' | 'recovery' | 'passkey';
type CodeKind = Exclude<Kind, 'passkey'>;

/** Six digits; spaces between them are allowed (some apps show `123 456`). */
const appCode = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .regex(
      new RegExp(`^(\\d\\s*){${TOTP_DIGITS}}$`),
      `Enter the ${TOTP_DIGITS} digits your app shows`,
    ),
});
const recoveryCode = z.object({
  code: z.string().trim().min(1, 'Enter one of your recovery codes'),
});

const STEPS: Record<
  CodeKind,
  {
    heading: string;
    lead: string;
    resolver: Resolver<Values>;
    field: AuthFieldSpec<Values>;
    other: string;
  }
> = {
  app: {
    heading: 'Enter your authenticator code',
    lead: 'Open the authenticator app you set up for this account.',
    resolver: zodResolver(appCode),
    field: {
      name: 'code',
      label: 'Authenticator code',
      description: `The ${TOTP_DIGITS}-digit code your app shows now.`,
      autoComplete: 'one-time-code',
      inputMode: 'numeric',
    },
    other: 'Use a recovery code instead',
  },
  recovery: {
    heading: 'Enter a recovery code',
    lead: 'Use one of the ten recovery codes you saved when you set up your app.',
    resolver: zodResolver(recoveryCode),
    field: {
      name: 'code',
      label: 'Recovery code',
      description: 'Like xxxx-xxxx-xxxx. Each code works once.',
      autoComplete: 'off',
    },
    other: 'Use the authenticator app instead',
  },
};

/** Above the demo's simulated step. */
export const DEMO_STEP_NOTE =
  'Demo: this step is simulated because you turned on the demo authenticator app or a demo passkey in this tab. Any 6 digits work, and the passkey needs no prompt.';

/**
 * The demo's passkey answers without the browser: the mock takes any answer from a tab that
 * holds a simulated passkey (docs/product/sign-in.md#demo-second-step).
 */
const DEMO_PASSKEY_ANSWER: AuthenticationResponse = {
  id: 'demo',
  rawId: 'demo',
  type: 'public-key',
  response: { clientDataJSON: '', authenticatorData: '', signature: '' },
  clientExtensionResults: {},
};

const WRONG_RECOVERY_CODE =
  'That recovery code is not valid or was used already. Check it, or use your authenticator app.';

/**
 * The sign-in's second step (docs/product/sign-in.md#second-step): the password was right
 * and the account has an authenticator app. One field, focused when the step appears; a
 * recovery code instead; Back to start over. A wrong code, an expired pending sign-in and
 * the limit each say what to do next.
 */
export function SecondFactorStep({
  email,
  challenge,
  demo = false,
  onBack,
}: {
  email: string;
  challenge: SecondFactorChallenge;
  /** The mock sign-in's simulated step (docs/product/sign-in.md#demo-second-step), labelled. */
  demo?: boolean;
  /** Leaves the step for the email and password (a new sign-in). */
  onBack: () => void;
}) {
  const { completeSecondFactor, completeSecondFactorWithPasskey, loading } = useAuth();
  const methods = challenge.methods ?? ['totp'];
  const hasApp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [kind, setKind] = useState<Kind>(hasPasskey ? 'passkey' : 'app');
  const [expired, setExpired] = useState<string | null>(null);

  /** A session, or what the refusal says; an expired pending sign-in ends the step. */
  const settle = (error: Error | null): string | null => {
    if (!error) {
      if (demo) {
        toast.success(AUTH_MESSAGES.signInSuccess, {
          description: AUTH_MESSAGES.signInSuccessDetail,
        });
      } else toast.success('Signed in');
      return null;
    }
    const reason = error instanceof AuthFailure ? error.reason : undefined;
    if (reason === 'expired') {
      setExpired(error.message);
      return null;
    }
    if (reason === 'invalid_code' && kind === 'recovery') return WRONG_RECOVERY_CODE;
    return error.message || 'Something went wrong. Please try again.';
  };

  const onSubmit = async ({ code }: Values): Promise<string | null> =>
    settle((await completeSecondFactor(challenge.pendingToken, code)).error);

  const withPasskey = async (): Promise<string | null> => {
    let response: AuthenticationResponse;
    try {
      response = demo ? DEMO_PASSKEY_ANSWER : await secondStepAssertion(challenge.pendingToken);
    } catch (err) {
      if (err instanceof AuthFailure) return settle(err);
      return passkeyFailureWords(err);
    }
    return settle((await completeSecondFactorWithPasskey(challenge.pendingToken, response)).error);
  };

  if (expired) return <ExpiredStep message={expired} onBack={onBack} />;

  const demoNote = demo ? (
    <p
      role="note"
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      {DEMO_STEP_NOTE}
    </p>
  ) : null;
  const back = (
    <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
      <ArrowLeftIcon aria-hidden />
      Back to email and password
    </Button>
  );

  if (kind === 'passkey') {
    return (
      <div className="grid gap-4">
        <StepHeading
          heading="Use your passkey"
          email={email}
          lead="Your browser asks for your fingerprint, face, screen lock or security key."
          icon={<FingerprintIcon className="size-5 text-indigo-600" aria-hidden />}
        />
        {demoNote}
        <PasskeyButton run={withPasskey} disabled={loading} />
        <div className="grid justify-items-start gap-2">
          {hasApp ? (
            <Button variant="link" className="h-auto px-0" onClick={() => setKind('app')}>
              Use your authenticator app instead
            </Button>
          ) : null}
          {back}
        </div>
      </div>
    );
  }

  const step = STEPS[kind];
  return (
    <div className="grid gap-4">
      <StepHeading
        heading={step.heading}
        email={email}
        lead={step.lead}
        icon={<ShieldCheckIcon className="size-5 text-indigo-600" aria-hidden />}
      />
      {demoNote}
      <AuthForm
        key={kind}
        resolver={step.resolver}
        defaultValues={{ code: '' }}
        fields={[step.field]}
        onSubmit={onSubmit}
        disabled={loading}
        submitLabel="Verify"
        busyText="Checking..."
        focusFirst
      />
      <div className="grid justify-items-start gap-2">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => setKind(kind === 'app' ? 'recovery' : 'app')}
        >
          {step.other}
        </Button>
        {hasPasskey ? (
          <Button variant="link" className="h-auto px-0" onClick={() => setKind('passkey')}>
            Use a passkey instead
          </Button>
        ) : null}
        {back}
      </div>
    </div>
  );
}

function StepHeading({
  heading,
  email,
  lead,
  icon,
}: {
  heading: string;
  email: string;
  lead: string;
  icon: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {heading}
      </h2>
      <p className="text-sm text-slate-600">
        Signing in as <span className="font-medium break-words text-slate-900">{email}</span>
      </p>
      <p className="text-sm text-slate-600">{lead}</p>
    </div>
  );
}

/** "Use a passkey", focused when the step appears; its refusal under it, read out. */
function PasskeyButton({
  run,
  disabled,
}: {
  run: () => Promise<string | null>;
  disabled: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => button.current?.focus(), []);
  const click = async () => {
    setBusy(true);
    setFailure(null);
    const failed = await run();
    setBusy(false);
    setFailure(failed);
  };
  return (
    <div className="grid gap-3">
      <FormAlert>{failure}</FormAlert>
      <Button
        ref={button}
        size="lg"
        className="w-full"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={() => void click()}
      >
        <Progress busy={busy} busyText="Waiting for your passkey..." icon={<FingerprintIcon />}>
          Use a passkey
        </Progress>
      </Button>
    </div>
  );
}

/** The pending sign-in ran out (5 minutes) or was used: only a new sign-in helps. */
function ExpiredStep({ message, onBack }: { message: string; onBack: () => void }) {
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <ClockAlertIcon className="size-8 text-amber-600" aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">This sign-in has expired</h2>
      <p role="alert" className="max-w-sm text-sm text-slate-700">
        {message} For your safety, the code step lasts a few minutes.
      </p>
      <Button ref={again} onClick={onBack}>
        Start again
      </Button>
    </div>
  );
}
