import { XIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PLATFORM_ROLES, type PlatformRole } from '@shared/constants';
import type { AdminUser, BulkAction } from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { useBulkChange, type BulkOutcome } from './api';
import { displayName, ROLE_LABELS } from './format';
import type { Selection } from './selection';
import { formatCount } from '@/lib/number-format';

/** The policy, said wherever a bulk change is offered (docs/product/admin-console.md#bulk-changes). */
export const BULK_POLICY = 'Users that cannot be changed are skipped and listed.';

type Kind = BulkAction['kind'];

const VERB: Record<Kind, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  grant: 'Grant',
  revoke: 'Revoke',
};

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "Ada, Grace and 3 more": at most three names. */
export function namesOf(users: readonly AdminUser[]): string {
  const names = users.slice(0, 3).map(displayName);
  const rest = users.length - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}

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

/** Deactivating and taking a role away are asked with the destructive (red) button. */
const DESTRUCTIVE: Record<Kind, boolean> = {
  activate: false,
  deactivate: true,
  grant: false,
  revoke: true,
};

export type BulkReport = {
  kind: Kind;
  what: string;
  outcome: BulkOutcome;
  /** Each refused user (as last seen) with the server's reason. */
  refusals: { id: string; user: AdminUser | undefined; reason: string }[];
};

function describe(kind: Kind, role: PlatformRole | null, users: readonly AdminUser[]) {
  const who = namesOf(users);
  switch (kind) {
    case 'activate':
      return `${who} will be able to sign in again.`;
    case 'deactivate':
      return `${who} will no longer be able to sign in; their sessions end now.`;
    case 'grant':
      return `${who} will hold the ${ROLE_LABELS[role!]} role.`;
    case 'revoke':
      return `${who} will no longer hold the ${ROLE_LABELS[role!]} role.`;
  }
}

/**
 * Whether a finished change needs the result panel: only when some users were skipped or not
 * sent. A change that went through is said once, by its toast.
 */
export const needsReport = (report: BulkReport) =>
  report.refusals.length > 0 || !!report.outcome.failure;

/**
 * The bar shown while users are selected: the count, the four actions (each
 * asks first; Deactivate and Revoke with the destructive button) and Clear
 * selection. It floats at the foot of the table area (sticky to the bottom of
 * the screen, above the phone's persona bar) so that ticking a row moves no
 * row. Wraps on a narrow screen.
 */
export function BulkBar({
  selection,
  onClear,
  onDone,
  children,
}: {
  selection: Selection;
  onClear: () => void;
  onDone: (report: BulkReport) => void;
  /** Beside the count: the offer to select every matching user, which so moves no row either. */
  children?: ReactNode;
}) {
  const [kind, setKind] = useState<Kind | null>(null);
  const [role, setRole] = useState<PlatformRole>('platform_admin');
  const bulk = useBulkChange();
  const roleGroup = useId();
  const users = [...selection.values()];
  const n = users.length;
  const needsRole = kind === 'grant' || kind === 'revoke';
  const Confirm = kind && DESTRUCTIVE[kind] ? DestructiveConfirmDialog : ConfirmDialog;
  const who = plural(n, 'user');
  const what =
    kind === 'grant'
      ? `Grant ${ROLE_LABELS[role]} to ${who}`
      : kind === 'revoke'
        ? `Revoke ${ROLE_LABELS[role]} from ${who}`
        : kind
          ? `${VERB[kind]} ${who}`
          : '';

  const run = async () => {
    if (!kind) return;
    const action: BulkAction = needsRole ? { kind, role } : { kind: kind as 'activate' };
    try {
      const outcome = await bulk.mutateAsync({ ids: users.map((u) => u.id), action });
      const refusals = outcome.refused.map((r) => ({ ...r, user: selection.get(r.id) }));
      const report: BulkReport = { kind, what, outcome, refusals };
      onDone(report);
      if (!needsReport(report)) {
        toast.success('Users updated', {
          description: `${what}: ${outcomeHeadline(kind, outcome)}.`,
        });
      }
    } catch (error) {
      toast.error('Failed to update users', {
        description: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <div
      role="region"
      aria-label="Bulk changes"
      data-slot="bulk-bar"
      className="sticky bottom-20 z-20 mx-auto flex w-fit max-w-full flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 shadow-lg md:bottom-4"
    >
      <p className="text-sm font-medium text-indigo-950" aria-live="polite">
        {plural(n, 'user')} selected
        {bulk.isPending ? <span className="font-normal"> · Applying…</span> : null}
      </p>
      {children}
      <div className="flex flex-wrap gap-2">
        {(['activate', 'deactivate', 'grant', 'revoke'] as const).map((k) => (
          <Button
            key={k}
            size="sm"
            variant={k === 'deactivate' ? 'destructive' : 'outline'}
            disabled={bulk.isPending}
            onClick={() => setKind(k)}
          >
            {k === 'grant' || k === 'revoke' ? `${VERB[k]} role…` : VERB[k]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={bulk.isPending} onClick={onClear}>
          <XIcon aria-hidden />
          Clear selection
        </Button>
      </div>
      <Confirm
        open={kind !== null}
        onOpenChange={(open) => !open && setKind(null)}
        title={kind ? `${what}?` : ''}
        description={
          kind ? (
            <>
              {describe(kind, role, users)} {BULK_POLICY}
              {n > 100 ? ' The change is applied 100 users at a time.' : ''}
            </>
          ) : (
            ''
          )
        }
        confirmLabel={kind ? VERB[kind] : ''}
        onConfirm={() => void run()}
      >
        {needsRole ? (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Role</legend>
            {PLATFORM_ROLES.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={roleGroup}
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="size-4 accent-indigo-600"
                />
                {ROLE_LABELS[r]}
              </label>
            ))}
          </fieldset>
        ) : null}
      </Confirm>
    </div>
  );
}

/** Below sm the table's header (and its checkbox) is hidden: this one stands in. */
export function SelectLoaded({
  state,
  disabled,
  onToggle,
}: {
  state: boolean | 'indeterminate';
  disabled: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 sm:hidden">
      <Checkbox id={id} checked={state} disabled={disabled} onCheckedChange={onToggle} />
      <label htmlFor={id} className="text-sm text-slate-700">
        Select all loaded users
      </label>
    </div>
  );
}

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

/**
 * With every loaded row selected and more users matching, offers to select
 * them all: every user the search and filters match, up to `max`, gathered
 * in the list's order (docs/product/admin-console.md#users-filters-ui).
 */
export function SelectAllMatching({
  loaded,
  selected,
  total,
  exact,
  max,
  busy,
  onSelectAll,
}: {
  loaded: number;
  selected: number;
  total: number;
  exact: boolean;
  max: number;
  busy: boolean;
  onSelectAll: () => void;
}) {
  const all = exact && total <= max;
  const n = all ? total : max;
  if (selected > loaded) {
    return (
      <p className="text-sm text-slate-700" role="status">
        {all
          ? `All ${plural(selected, 'matching user')}`
          : `The first ${plural(selected, 'matching user')}`}{' '}
        selected, loaded or not.
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
      All {plural(loaded, 'loaded user')} selected.
      <Button
        variant="link"
        size="sm"
        className="h-auto px-0"
        disabled={busy}
        onClick={onSelectAll}
      >
        {busy
          ? 'Selecting…'
          : all
            ? `Select all ${plural(n, 'matching user')}`
            : `Select the first ${plural(n, 'matching user')}`}
      </Button>
    </p>
  );
}
