import { XIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PLATFORM_ROLES, type PlatformRole } from '@shared/constants';
import type { AdminUser, BulkAction } from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { useBulkChange } from './api';
import { outcomeHeadline, needsReport, type BulkReport } from './bulk-result';
import { displayName, plural, ROLE_LABELS } from './format';
import type { Selection } from './selection';

/** The policy, said wherever a bulk change is offered (docs/product/admin-console.md#bulk-changes). */
export const BULK_POLICY = 'Users that cannot be changed are skipped and listed.';

type Kind = BulkAction['kind'];

const VERB: Record<Kind, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  grant: 'Grant',
  revoke: 'Revoke',
};

/** "Ada, Grace and 3 more": at most three names. */
function namesOf(users: readonly AdminUser[]): string {
  const names = users.slice(0, 3).map(displayName);
  const rest = users.length - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}

/** Deactivating and taking a role away are asked with the destructive (red) button. */
const DESTRUCTIVE: Record<Kind, boolean> = {
  activate: false,
  deactivate: true,
  grant: false,
  revoke: true,
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
