import { FingerprintIcon } from 'lucide-react';
import { useState } from 'react';
import { STEP_UP_MAX_AGE_SECONDS } from '@shared/mfa-constants';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { api } from '@/lib/api';
import { demoMfa } from '@/lib/auth/demo-mfa';
import type { StepUpMethod } from '@/lib/step-up';
import { codeFields, codeResolver, messageOf } from './code-dialog';
import { AuthForm } from './form-parts';

/** docs/product/sign-in.md#step-up: the dialog's words. */
const STEP_UP_TEXT = {
  title: 'Confirm it’s you',
  description: `This action needs your second factor from the last ${STEP_UP_MAX_AGE_SECONDS / 60} minutes. Enter a code from your authenticator app, or use a passkey.`,
  passkeyOnly: `This action needs your second factor from the last ${STEP_UP_MAX_AGE_SECONDS / 60} minutes. Use one of your passkeys.`,
  passkey: 'Use a passkey',
  passkeyBusy: 'Waiting for your passkey...',
  passkeyFailed: 'The passkey was not used. Try again, or enter a code.',
  submit: 'Confirm',
  busy: 'Checking...',
  demo: 'Demo: this step is simulated because you turned on the demo authenticator app or a demo passkey in this tab. Any 6 digits work, and the passkey needs no prompt.',
} as const;

const CODE_FIELDS = codeFields('Authenticator code');

/** A passkey of the account answers this session's step-up options. */
async function stepUpWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await api('POST', '/api/auth/step-up/passkey-options');
  let assertion: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    assertion = await startAuthentication({ optionsJSON: options as never });
  } catch {
    throw new Error(STEP_UP_TEXT.passkeyFailed);
  }
  await api('POST', '/api/auth/step-up', { body: { assertion: assertion as never } });
}

/** Where a code or a passkey is checked: the server, or in demo mode the tab's simulation. */
const SERVER_STEP_UP = {
  code: async (code: string) => {
    await api('POST', '/api/auth/step-up', { body: { code } });
  },
  passkey: stepUpWithPasskey,
};
const DEMO_STEP_UP = {
  code: (code: string) => demoMfa.stepUpWithCode(code),
  passkey: () => demoMfa.stepUpWithPasskey(),
};

/**
 * "Confirm it's you" (docs/product/sign-in.md#step-up): a code field and, for an account with
 * a passkey, Use a passkey. `onDone(true)` once the server took the step-up; `onDone(false)` on
 * Cancel, Escape or a click outside, when the action is not sent again. `simulated`: demo
 * mode's, labelled and checked in the page (docs/product/sign-in.md#demo-step-up).
 */
export default function StepUpDialog({
  methods,
  simulated = false,
  onDone,
}: {
  methods: readonly StepUpMethod[];
  simulated?: boolean;
  onDone: (passed: boolean) => void;
}) {
  const check = simulated ? DEMO_STEP_UP : SERVER_STEP_UP;
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const hasCode = methods.length === 0 || methods.includes('totp');
  const hasPasskey = methods.includes('passkey');

  const usePasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyProblem(null);
    try {
      await check.passkey();
      onDone(true);
    } catch (err) {
      setPasskeyProblem(messageOf(err));
    } finally {
      setPasskeyBusy(false);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onDone(false);
      }}
      title={STEP_UP_TEXT.title}
      description={hasCode ? STEP_UP_TEXT.description : STEP_UP_TEXT.passkeyOnly}
    >
      <div className="grid gap-3">
        {simulated ? (
          <p
            role="note"
            className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
          >
            {STEP_UP_TEXT.demo}
          </p>
        ) : null}
        {hasCode ? (
          <AuthForm
            resolver={codeResolver}
            defaultValues={{ code: '' }}
            fields={CODE_FIELDS}
            onSubmit={async ({ code }) => {
              try {
                await check.code(code);
                onDone(true);
                return null;
              } catch (err) {
                return messageOf(err);
              }
            }}
            submitLabel={STEP_UP_TEXT.submit}
            busyText={STEP_UP_TEXT.busy}
            wide={false}
            focusFirst
          />
        ) : null}
        {hasPasskey ? (
          <div className="grid gap-2">
            <Button
              type="button"
              variant={hasCode ? 'outline' : 'default'}
              disabled={passkeyBusy}
              onClick={usePasskey}
            >
              <FingerprintIcon aria-hidden />
              {passkeyBusy ? STEP_UP_TEXT.passkeyBusy : STEP_UP_TEXT.passkey}
            </Button>
            {passkeyProblem ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {passkeyProblem}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <Button type="button" variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
        </div>
      </div>
    </FormDialog>
  );
}
