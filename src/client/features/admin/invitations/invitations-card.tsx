import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  INVITATIONS_LISTED,
  type Invitation,
  type InvitationStatus,
} from '@shared/schemas/invitations';
import type { RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { TableCard } from '@/components/table-card';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DestructiveConfirmDialog } from '@/components/ui/destructive-confirm-dialog';
import { formatDateTime, ROLE_LABELS } from '../shared/format';
import { loadState } from '../shared/load-state';
import { invitationsQuery, useRevokeInvitation } from './api';
import {
  DEMO_INVITATIONS_NOTE,
  revokeDemoInvitation,
  useDemoInvitations,
} from './demo-invitations';

/** docs/product/admin-console.md#invitation-status: each status its colour, always with its word. */
const STATUS_TONES: Record<InvitationStatus, BadgeTone> = {
  pending: 'warning',
  accepted: 'success',
  revoked: 'danger',
  expired: 'neutral',
};

/** Beside a pending invitation whose inviter has since lost the power to grant its roles. */
export const INVITER_MAY_NOT_GRANT =
  'Its link is refused: the inviter can no longer grant these roles. Revoke it to invite again.';

/** When the invitation ended, or until when it works. */
function endOf(invitation: Invitation): string {
  if (invitation.accepted_at) return `Accepted ${formatDateTime(invitation.accepted_at)}`;
  if (invitation.revoked_at) return `Revoked ${formatDateTime(invitation.revoked_at)}`;
  const when = formatDateTime(invitation.expires_at);
  return invitation.status === 'expired' ? `Expired ${when}` : `Until ${when}`;
}

/**
 * The invitations of the Users tab (docs/product/admin-console.md#invitations):
 * newest first with their status; a pending one can be revoked after a
 * confirmation with the destructive button. Invite user is in the users
 * toolbar above. In demo mode the list is the page's simulated one
 * (docs/product/admin-console.md#demo-invitations), and nothing reaches the server.
 */
export function InvitationsCard({ demo = false }: { demo?: boolean }) {
  const query = useQuery({ ...invitationsQuery, enabled: !demo });
  const simulated = useDemoInvitations();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const confirmRevoke = async () => {
    const target = revoking;
    setRevoking(null);
    if (!target) return;
    try {
      if (demo) revokeDemoInvitation(target.id);
      else await revoke.mutateAsync(target.id);
      toast.success('Invitation revoked', {
        description: `The link sent to ${target.email} no longer works.`,
      });
    } catch (err) {
      toast.error('Could not revoke the invitation', {
        description: err instanceof Error ? err.message : 'Please try again.',
      });
    }
  };

  const columns: RecordColumn<Invitation>[] = [
    {
      header: 'Invitee',
      cell: (i) => (
        <div className="min-w-0">
          <div className="font-medium wrap-anywhere text-slate-900">{i.email}</div>
          {i.full_name ? (
            <div className="text-xs wrap-anywhere text-slate-600">{i.full_name}</div>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Roles',
      cell: (i) => (
        <div className="flex flex-wrap gap-1">
          {i.roles.map((r) => (
            <Badge key={r} tone={r === 'user' ? 'neutral' : 'brand'}>
              {ROLE_LABELS[r]}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (i) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={i.status} tone={STATUS_TONES[i.status]} />
          {i.inviter_may_grant === false ? (
            <p className="max-w-52 text-xs text-rose-700">{INVITER_MAY_NOT_GRANT}</p>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Sent',
      cell: (i) => (
        <div className="text-sm">
          <div className="whitespace-nowrap">{formatDateTime(i.created_at)}</div>
          <div className="text-xs wrap-anywhere text-slate-600">
            by {i.invited_by_email ?? 'a removed account'}
          </div>
        </div>
      ),
    },
    { header: 'Ends', className: 'text-sm', cell: endOf },
    {
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (i) =>
        i.status === 'pending' ? (
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending && revoke.variables === i.id}
            aria-label={`Revoke the invitation of ${i.email}`}
            onClick={() => setRevoking(i)}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <TableCard
      title={
        <span className="inline-flex items-center gap-2">
          <MailIcon className="size-5 text-indigo-700" aria-hidden />
          Invitations
        </span>
      }
      description={`People invited to create an account, newest first (the ${INVITATIONS_LISTED} most recent). A link works once, for 72 hours.${demo ? ` ${DEMO_INVITATIONS_NOTE}` : ''}`}
      label="Invitations"
      {...(demo
        ? { rows: simulated, rowKey: (i: Invitation) => i.id }
        : loadState(query.data, {
            isPending: query.isPending,
            error: query.error,
            onRetry: () => void query.refetch(),
            loading: 'Loading invitations',
          }))}
      columns={columns}
      skeletonRows={2}
      empty={{
        title: 'No invitations yet',
        description:
          'Invite someone with Invite user, above the users: they get a link to choose a password.',
      }}
    >
      <DestructiveConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke this invitation?"
        description={
          revoking
            ? `The link sent to ${revoking.email} stops working at once. You can invite the address again afterwards.`
            : ''
        }
        confirmLabel="Revoke Invitation"
        onConfirm={() => void confirmRevoke()}
      />
    </TableCard>
  );
}
