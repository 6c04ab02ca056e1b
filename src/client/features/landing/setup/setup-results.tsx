import { CheckCircle2Icon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { ClearAllUsersResponse, SystemAdminResult } from '@shared/schemas/setup';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';

/** The texts of docs/product/setup.md#setup-texts, verbatim. */
export const SETUP_TEXT = {
  created: 'System admins processed successfully!',
  cleared: 'All users cleared successfully!',
  clean: 'System is now clean - ready for fresh admin creation!',
  createFailed: 'An error occurred',
  clearFailed: 'Cleanup failed',
} as const;

const STATUS_LABELS: Record<SystemAdminResult['status'], string> = {
  created: 'Created',
  already_exists: 'Already exists',
  address_taken: 'Address taken',
  error: 'Error',
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Password copied');
  } catch {
    toast.error('Copy failed', { description: 'Select the password and copy it by hand.' });
  }
}

/** An address that may wrap after its @ on a narrow screen, never inside a word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />@{address.slice(at + 1)}
    </>
  );
}

export function CreateResult({ results }: { results: SystemAdminResult[] }) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <CheckCircle2Icon className="size-5" aria-hidden />
        {SETUP_TEXT.created}
      </p>
      <p className="text-sm text-emerald-900">
        Save these credentials securely now: each password is shown only once and must be changed at
        first sign-in.
      </p>
      <ul className="grid gap-2" aria-label="System administrator accounts">
        {results.map((r) => (
          <li key={r.email} className="rounded-md border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium wrap-break-word text-slate-900">
                <Email address={r.email} />
              </span>
              <StatusBadge
                status={
                  r.status === 'created'
                    ? 'active'
                    : r.status === 'error' || r.status === 'address_taken'
                      ? 'failed'
                      : 'pending'
                }
                label={STATUS_LABELS[r.status]}
              />
            </div>
            {r.password ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-700">Password:</span>
                <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
                  {r.password}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => void copy(r.password!)}
                  aria-label={`Copy the password of ${r.email}`}
                >
                  <CopyIcon aria-hidden />
                  Copy
                </Button>
              </div>
            ) : r.status === 'error' ? (
              <p className="mt-2 text-sm text-rose-800">Error: {r.error ?? 'unknown error'}</p>
            ) : r.status === 'address_taken' ? (
              <p className="mt-2 text-sm text-rose-800">{r.error}</p>
            ) : (
              <p className="mt-2 text-sm text-slate-600">
                This account exists already; no new password was generated.
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ClearResult({
  cleared,
  demoMode,
}: {
  cleared: ClearAllUsersResponse['cleared'];
  demoMode: boolean;
}) {
  const flags: [string, boolean][] = [
    ['Platform users', cleared.platform_users],
    ['Role assignments', cleared.role_assignments],
    ['Sessions', cleared.sessions],
    ['Audit logs (a new chain was started)', cleared.audit_logs],
  ];
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <CheckCircle2Icon className="size-5" aria-hidden />
        {SETUP_TEXT.cleared}
      </p>
      <p className="text-sm text-emerald-900">{SETUP_TEXT.clean}</p>
      {/* Each value sits right after the longest label, not across the width of the box. */}
      <dl className="grid grid-cols-[max-content_auto] justify-start gap-x-8 gap-y-1 text-sm text-slate-800">
        <dt>Accounts deleted</dt>
        <dd className="font-medium tabular-nums">{cleared.auth_users}</dd>
        {flags.map(([label, done]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="font-medium">{done ? 'Cleared' : 'Not cleared'}</dd>
          </div>
        ))}
      </dl>
      {demoMode ? (
        <p className="text-xs text-slate-700">
          Demo mode: the demo administrator account is re-created at the next demo sign-in.
        </p>
      ) : null}
    </div>
  );
}

export function SetupError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  );
}
