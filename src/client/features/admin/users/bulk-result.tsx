import { XIcon } from 'lucide-react';
import type { AdminUser, BulkAction } from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import type { BulkOutcome } from './api';
import { displayName, plural } from './format';

type Kind = BulkAction['kind'];

const ALREADY: Record<Kind, string> = {
  activate: 'already active',
  deactivate: 'already inactive',
  grant: 'already held it',
  revoke: 'did not hold it',
};

/** "2 changed, 1 already inactive, 1 refused". */
export function outcomeHeadline(kind: Kind, outcome: BulkOutcome): string {
  const parts = [`${outcome.applied.length} changed`];
  if (outcome.unchanged.length) parts.push(`${outcome.unchanged.length} ${ALREADY[kind]}`);
  if (outcome.refused.length) parts.push(`${outcome.refused.length} refused`);
  return parts.join(', ');
}

export type BulkReport = {
  kind: Kind;
  what: string;
  outcome: BulkOutcome;
  /** Each refused user (as last seen) with the server's reason. */
  refusals: { id: string; user: AdminUser | undefined; reason: string }[];
};

/**
 * Whether a finished change needs the result panel: only when some users were skipped or not
 * sent. A change that went through is said once, by its toast.
 */
export const needsReport = (report: BulkReport) =>
  report.refusals.length > 0 || !!report.outcome.failure;

/** What a bulk change did, every refusal with its user and reason; stays until dismissed. */
export function BulkResult({ report, onDismiss }: { report: BulkReport; onDismiss: () => void }) {
  const { outcome, refusals } = report;
  const trouble = refusals.length > 0 || outcome.failure;
  return (
    <div
      role={trouble ? 'alert' : 'status'}
      data-slot="bulk-result"
      className={
        trouble
          ? 'grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950'
          : 'grid gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950'
      }
    >
      <div className="flex items-start gap-2">
        <p className="mr-auto font-medium wrap-anywhere">
          {report.what}: {outcomeHeadline(report.kind, outcome)}.
          {refusals.length ? ' Skipped:' : ''}
        </p>
        <Button
          size="icon"
          variant="ghost"
          className="-my-1 size-7"
          aria-label="Dismiss result"
          onClick={onDismiss}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
      {refusals.length ? (
        <ul className="grid list-disc gap-1 pl-5">
          {refusals.map((r) => (
            <li key={r.id} className="wrap-anywhere">
              <span className="font-medium">{r.user ? displayName(r.user) : r.id}</span>
              {r.user ? ` (${r.user.email})` : ''}: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.failure ? (
        <p className="wrap-anywhere">
          {plural(outcome.failure.notSent, 'user was', 'users were')} not sent:{' '}
          {outcome.failure.message}
        </p>
      ) : null}
    </div>
  );
}
