import { useQuery } from '@tanstack/react-query';
import { FingerprintIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '@shared/mfa-constants';
import { ErrorState } from '@/components/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { demoStepUp } from '@/lib/auth/demo-step-up';
import { meQuery } from '@/lib/auth/me-query';
import { usePublicMode } from '@/lib/public-config';
import { secondFactorPolicyQuery, useSetSecondFactorPolicy } from './api';
import { setDemoPolicy, useDemoPolicy } from './demo-policy';

/** docs/product/admin-console.md#second-factor-settings: the card's words. */
export const POLICY_TEXT = {
  title: 'Two-step sign-in',
  description:
    'Who must have a second factor (an authenticator app or a passkey). Someone it covers who has none is sent to set one up at sign-in.',
  legend: 'Who must have a second factor',
  save: 'Save policy',
  saving: 'Saving...',
  saved: 'Two-step sign-in policy saved',
  note: 'Changing it asks you to confirm it’s you, and is recorded on the audit trail.',
  readOnly: 'Only a Super Admin changes this.',
  loadFailed: 'Failed to load the two-step sign-in policy',
  demo: 'Demo: the policy is simulated in this browser tab. Nothing is sent to the server and nobody is held to it; it is back to Not required when the page reloads. While the demo authenticator app or a demo passkey is on (Account, Two-step sign-in), saving asks you to confirm it’s you.',
} as const;

const POLICY_LABELS: Record<SecondFactorPolicy, { label: string; detail: string }> = {
  not_required: { label: 'Not required', detail: 'Each account chooses.' },
  administrators: {
    label: 'Required for administrators',
    detail: 'Platform Admin and Super Admin.',
  },
  everyone: { label: 'Required for everyone', detail: 'Every account, User included.' },
};

/**
 * The policy on the Settings tab: every administrator reads it, a Super Admin changes it (the
 * server asks for a step-up first). In demo mode, simulated in the page and labelled.
 */
export function SecondFactorPolicyCard() {
  const mode = usePublicMode();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FingerprintIcon className="size-4 text-indigo-700" aria-hidden />
          {POLICY_TEXT.title}
        </CardTitle>
        <CardDescription>{POLICY_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {mode === 'production' ? (
          <ServerPolicy />
        ) : mode === 'demo' ? (
          <DemoPolicy />
        ) : (
          <p role="status" className="text-sm text-slate-600">
            Loading...
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ServerPolicy() {
  const policy = useQuery(secondFactorPolicyQuery);
  const me = useQuery(meQuery);
  const set = useSetSecondFactorPolicy();
  if (policy.error) {
    return <ErrorState message={POLICY_TEXT.loadFailed} onRetry={() => void policy.refetch()} />;
  }
  if (!policy.data || !me.data) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading...
      </p>
    );
  }
  if (!me.data.user.roles.includes('super_admin')) return <ReadOnlyPolicy policy={policy.data} />;
  return (
    <PolicyForm
      current={policy.data}
      save={async (next) => {
        await set.mutateAsync(next);
      }}
    />
  );
}

function DemoPolicy() {
  const policy = useDemoPolicy();
  return (
    <div className="grid gap-4">
      <p
        role="note"
        className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
      >
        {POLICY_TEXT.demo}
      </p>
      {/* The demo administrator holds every role. */}
      <PolicyForm
        current={policy}
        save={async (next) => {
          await demoStepUp();
          setDemoPolicy(next);
        }}
      />
    </div>
  );
}

function ReadOnlyPolicy({ policy }: { policy: SecondFactorPolicy }) {
  return (
    <dl className="grid gap-1 text-sm">
      <dt className="text-slate-600">{POLICY_TEXT.legend}</dt>
      <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        <Badge tone={policy === 'not_required' ? 'neutral' : 'info'}>
          {POLICY_LABELS[policy].label}
        </Badge>
        <span className="font-normal text-slate-600">{POLICY_LABELS[policy].detail}</span>
      </dd>
      <dd className="mt-2 text-slate-600">{POLICY_TEXT.readOnly}</dd>
    </dl>
  );
}

/** Three choices and Save; the refusal (a cancelled step-up included) is said under them. */
function PolicyForm({
  current,
  save,
}: {
  current: SecondFactorPolicy;
  save: (next: SecondFactorPolicy) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<SecondFactorPolicy | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const value = chosen ?? current;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await save(value);
      setChosen(null);
      toast.success(POLICY_TEXT.saved, { description: POLICY_LABELS[value].label });
    } catch (err) {
      setProblem(err instanceof Error && err.message ? err.message : 'Could not save the policy');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-describedby={`${id}-note`}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">{POLICY_TEXT.legend}</legend>
        <div className="grid grid-cols-1 gap-2 lg:grid-cols-3">
          {SECOND_FACTOR_POLICIES.map((p) => (
            <label
              key={p}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name={`${id}-policy`}
                value={p}
                checked={value === p}
                onChange={() => setChosen(p)}
                aria-describedby={`${id}-${p}`}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span className="grid gap-0.5 text-sm">
                <span className="font-medium text-slate-900">
                  {POLICY_LABELS[p].label}
                  {p === current ? (
                    <span className="font-normal text-slate-600"> (now)</span>
                  ) : null}
                </span>
                <span id={`${id}-${p}`} className="text-slate-600">
                  {POLICY_LABELS[p].detail}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormAlert>{problem}</FormAlert>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || value === current}>
          {busy ? POLICY_TEXT.saving : POLICY_TEXT.save}
        </Button>
        <p id={`${id}-note`} className="text-sm text-slate-600">
          {POLICY_TEXT.note}
        </p>
      </div>
    </form>
  );
}
