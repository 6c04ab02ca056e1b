import { toast } from 'sonner';
import type { SessionInfo } from '@shared/schemas/admin-security';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '../shared/format';
import { useRevokeOtherSessions, useRevokeSession } from './api';

/** What is to end: one other session, or every session but this one. */
export type EndSessionsTarget = { kind: 'one'; session: SessionInfo } | { kind: 'others' };

/** Confirms ending sessions, then says how it went with a toast. */
export function EndSessionsDialog({
  target,
  onClose,
}: {
  target: EndSessionsTarget | null;
  onClose: () => void;
}) {
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const one = target?.kind === 'one' ? target.session : null;

  const confirm = async () => {
    if (!target) return;
    onClose();
    try {
      if (one) {
        await revokeOne.mutateAsync(one.id);
        toast.success('Session ended', {
          description: 'That session is signed out everywhere at once.',
        });
      } else {
        const { revoked } = await revokeOthers.mutateAsync();
        toast.success('Other sessions ended', {
          description:
            revoked === 0
              ? 'You had no other active sessions.'
              : `${revoked} other session${revoked === 1 ? ' was' : 's were'} signed out.`,
        });
      }
    } catch (err) {
      toast.error('Could not end the session', {
        description: err instanceof Error ? err.message : 'Please try again.',
      });
    }
  };

  return (
    <ConfirmDialog
      open={!!target}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={one ? 'End this session?' : 'Sign out other sessions?'}
      description={
        one
          ? `The session started ${formatDateTime(one.created_at)} from ${one.ip_address ?? 'an unknown address'} will be signed out and must sign in again.`
          : 'Every session of yours except this one will be signed out and must sign in again.'
      }
      confirmLabel={one ? 'End Session' : 'Sign Out Others'}
      onConfirm={() => void confirm()}
    />
  );
}
