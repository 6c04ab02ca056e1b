import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { INVITATION_TTL_HOURS, type InvitationCreated } from '@shared/schemas/invitations';
import { ShownOnce } from '@/components/copy-field';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
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
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The link is gone with the dialog: the next opening starts a new invitation.
    if (!next) setCreated(null);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button size="sm">
          <UserPlusIcon aria-hidden />
          Invite user
        </Button>
      }
      title={created ? 'Invitation link' : 'Invite user'}
      description={
        created
          ? `Send this link to ${created.invitation.email}. It works once, until ${formatDateTime(created.invitation.expires_at)}.`
          : `They get a one-time link to choose a password, valid for ${INVITATION_TTL_HOURS} hours.`
      }
    >
      {(close) =>
        created ? (
          <CreatedLink created={created} demo={demo} onDone={close} />
        ) : (
          <InviteForm demo={demo} onCreated={setCreated} onCancel={close} />
        )
      }
    </FormDialog>
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
