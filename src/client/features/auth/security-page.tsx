import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, ShieldCheckIcon, ShieldOffIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { RECOVERY_CODE_COUNT, type MfaStatus } from '@shared/schemas/mfa';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-provider';
import { usePublicMode } from '@/lib/public-config';
import { demoMfa } from '@/lib/auth/demo-mfa';
import { serverMfa, type MfaBackend, type TotpEnrolment } from './mfa-backend';
import { CodeDialog, messageOf } from './code-dialog';
import { EnrolmentNote } from './enrolment-note';
import { RecoveryCodes } from './recovery-codes';
import { ConnectedAppsSection } from './connected-apps-section';
import { PasskeysSection } from './passkeys-section';
import { TotpSetup } from './totp-setup';

/** What the page says in demo mode, where nothing leaves the browser tab. */
export const DEMO_MFA_NOTE =
  'Demo: two-step sign-in is simulated in this browser tab. The key is made up and any 6 digits pass for a code; passkeys are made up too, with no prompt from your browser and nothing kept on your device. While the app or a passkey is on, the demo sign-in asks for it. It is all gone when the page reloads.';

const STATUS_KEY = ['auth', 'mfa'] as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Not yet');

type Flow =
  | { step: 'status' }
  | { step: 'setup'; enrolment: TotpEnrolment }
  | { step: 'codes'; codes: string[] };

/** The server's factors, or in demo mode the tab's simulated one. */
function useBackend(): MfaBackend | null {
  const mode = usePublicMode();
  if (mode === 'pending') return null;
  return mode === 'production' ? serverMfa : demoMfa;
}

/**
 * Two-step sign-in (docs/product/sign-in.md#two-step-screen): the signed-in account's
 * authenticator app and recovery codes. Set up (QR code and key, then a first code), the ten
 * recovery codes shown once, and Remove or New recovery codes, each with a current code. In
 * demo mode the same screens, simulated in the tab and labelled.
 */
export default function SecurityPage() {
  const backend = useBackend();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ShieldCheckIcon />}
        title="Two-step sign-in"
        description="After your password, a code from an app on your phone or a passkey: a stolen password alone does not open your account."
      />
      {backend?.simulated ? (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {DEMO_MFA_NOTE}
        </p>
      ) : null}
      {backend && !backend.simulated ? <EnrolmentNote /> : null}
      {backend ? (
        <Factors backend={backend} />
      ) : (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      )}
    </div>
  );
}

function Factors({ backend }: { backend: MfaBackend }) {
  const { user, session } = useAuth();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: [...STATUS_KEY, backend.simulated],
    queryFn: () => backend.status(),
  });
  const [flow, setFlow] = useState<Flow>({ step: 'status' });
  const [starting, setStarting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const start = async () => {
    setStarting(true);
    try {
      setFlow({ step: 'setup', enrolment: await backend.startTotp() });
    } catch (err) {
      toast.error('Could not start the set-up', { description: messageOf(err) });
    } finally {
      setStarting(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      const codes = await backend.confirmTotp(code);
      setFlow({ step: 'codes', codes });
      void refresh();
      toast.success('Authenticator app added', {
        description: 'Signing in now asks for a code after your password.',
      });
      return null;
    } catch (err) {
      return messageOf(err);
    }
  };

  if (flow.step === 'setup') {
    return (
      <Card>
        <CardContent className="pt-6">
          <TotpSetup
            enrolment={flow.enrolment}
            onConfirm={confirm}
            onCancel={() => {
              setFlow({ step: 'status' });
              void refresh();
            }}
          />
        </CardContent>
      </Card>
    );
  }
  if (flow.step === 'codes') {
    return (
      <Card>
        <CardContent className="pt-6">
          <RecoveryCodes
            codes={flow.codes}
            email={user?.email ?? ''}
            onDone={() => setFlow({ step: 'status' })}
          />
        </CardContent>
      </Card>
    );
  }

  if (status.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading...
      </p>
    );
  }
  if (status.isError) {
    return (
      <ErrorState
        title="Two-step sign-in could not be loaded"
        message={messageOf(status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <StatusCard
        status={status.data}
        backend={backend}
        starting={starting}
        onStart={() => void start()}
        onCodes={(codes) => {
          setFlow({ step: 'codes', codes });
          void refresh();
        }}
        onRemoved={() => void refresh()}
      />
      <PasskeysSection
        backend={backend.passkeys}
        simulated={backend.simulated}
        hasApp={status.data.factors.some((f) => f.kind === 'totp')}
      />
      {/* An account that must set up a second factor first signs in to no application yet. */}
      {backend.simulated || session?.second_factor_enrolment_required ? null : (
        <ConnectedAppsSection />
      )}
    </div>
  );
}

function StatusCard({
  status,
  backend,
  starting,
  onStart,
  onCodes,
  onRemoved,
}: {
  status: MfaStatus;
  backend: MfaBackend;
  starting: boolean;
  onStart: () => void;
  onCodes: (codes: string[]) => void;
  onRemoved: () => void;
}) {
  const app = status.factors.find((f) => f.kind === 'totp');
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <SmartphoneIcon className="size-5 text-indigo-600" aria-hidden />
            Authenticator app
          </h2>
          <span
            className={
              app
                ? 'rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200'
                : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200'
            }
          >
            {app ? 'On' : 'Off'}
          </span>
        </div>
        {app ? (
          <>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-slate-600">Added</dt>
              <dd className="font-medium text-slate-900">{when(app.created_at)}</dd>
              <dt className="text-slate-600">Last used</dt>
              <dd className="font-medium text-slate-900">{when(app.last_used_at)}</dd>
              <dt className="text-slate-600">Recovery codes left</dt>
              <dd className="font-medium text-slate-900">
                {status.recovery_codes_remaining} of {RECOVERY_CODE_COUNT}
              </dd>
            </dl>
            {status.recovery_codes_remaining <= 2 ? (
              <p
                role="note"
                className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                {status.recovery_codes_remaining === 0
                  ? 'You have no recovery codes left. Get new ones, so that losing your phone does not lock you out.'
                  : 'You are running out of recovery codes. Get new ones while you can still sign in.'}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <CodeDialog
                trigger={
                  <Button variant="outline">
                    <KeyRoundIcon aria-hidden />
                    New recovery codes
                  </Button>
                }
                title="Get new recovery codes"
                description="Your current recovery codes stop working. Enter a code from your app, or an unused recovery code."
                submitLabel="Get new codes"
                busyText="Getting codes..."
                run={async (code) => onCodes(await backend.regenerateRecoveryCodes(code))}
              />
              <CodeDialog
                trigger={
                  <Button variant="outline" className="text-rose-700 hover:text-rose-800">
                    <ShieldOffIcon aria-hidden />
                    Remove app
                  </Button>
                }
                title="Remove the authenticator app?"
                description="Signing in will take your password alone, and your recovery codes stop working. Enter a code from your app, or an unused recovery code."
                submitLabel="Remove app"
                busyText="Removing..."
                destructive
                run={async (code) => {
                  await backend.removeTotp(code);
                  toast.success('Authenticator app removed', {
                    description: 'Signing in now takes your password alone.',
                  });
                  onRemoved();
                }}
              />
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Add an authenticator app and signing in asks for the code it shows after your
              password. You also get {RECOVERY_CODE_COUNT} recovery codes, for the day your phone is
              not at hand.
            </p>
            <div>
              <Button onClick={onStart} disabled={starting}>
                <SmartphoneIcon aria-hidden />
                {starting ? 'Starting...' : 'Set up an authenticator app'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
