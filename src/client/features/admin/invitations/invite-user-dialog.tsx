import { UserPlusIcon } from 'lucide-react';
import { INVITATION_TTL_HOURS, type InvitationCreated } from '@shared/schemas/invitations';
import { ShownOnce } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { FormResultDialog } from '@/components/ui/form-result-dialog';
import { formatDateTime, ROLE_LABELS } from '../shared/format';
import { InviteForm } from './invite-form';

/** What the administrator reads under the link: it is never shown again. */
export const LINK_SHOWN_ONCE =
  'You will not see this link again. Copy it now and send it to the invitee yourself.';

/** Under a simulated link: it opens nothing (docs/product/admin-console.md#demo-invitations). */
export const DEMO_LINK_NOTE =
  'Demo: no mail is sent and this link works nowhere. In production mode it lets the invitee choose a password.';

/**
 * docs/product/admin-console.md#invite-user: email, full name and roles; on
 * success the one-time link, shown once, with a Copy button. In demo mode the
 * same flow, simulated in the page and labelled as such
 * (docs/product/admin-console.md#demo-invitations).
 */
export function InviteUserDialog({ demo = false }: { demo?: boolean }) {
  return (
    <FormResultDialog<InvitationCreated>
      trigger={
        <Button size="sm">
          <UserPlusIcon aria-hidden />
          Invite user
        </Button>
      }
      title={(created) => (created ? 'Invitation link' : 'Invite user')}
      description={(created) =>
        created
          ? `Send this link to ${created.invitation.email}. It works once, until ${formatDateTime(created.invitation.expires_at)}.`
          : `They get a one-time link to choose a password, valid for ${INVITATION_TTL_HOURS} hours.`
      }
      form={(done, close) => <InviteForm demo={demo} onCreated={done} onCancel={close} />}
      result={(created, close) => <CreatedLink created={created} demo={demo} onDone={close} />}
    />
  );
}

function CreatedLink({
  created,
  demo,
  onDone,
}: {
  created: InvitationCreated;
  demo: boolean;
  onDone: () => void;
}) {
  return (
    <ShownOnce
      label="Invitation link"
      value={created.link}
      what="Link"
      note={demo ? DEMO_LINK_NOTE : LINK_SHOWN_ONCE}
      onDone={onDone}
    >
      <p className="text-sm text-slate-600">
        Roles: {created.invitation.roles.map((r) => ROLE_LABELS[r]).join(', ')}.
      </p>
    </ShownOnce>
  );
}
