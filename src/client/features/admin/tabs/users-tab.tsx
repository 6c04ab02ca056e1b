import { RequireSignIn } from '@/components/sign-in-required';
import { usePublicConfig } from '@/lib/public-config';
import { InvitationsCard } from '../invitations/invitations-card';
import { InviteUserDialog } from '../invitations/invite-user-dialog';
import { USERS_TOPIC, UsersCard } from '../users/users-card';

/**
 * Users: the searchable table of platform users with edit and role dialogs
 * (docs/product/admin-console.md#users), Invite user at the end of its one
 * toolbar (docs/product/admin-console.md#users-layout), and the invitations
 * (docs/product/admin-console.md#invitations); in demo mode, which has no
 * server accounts to invite to, a simulated flow labelled as such
 * (docs/product/admin-console.md#demo-invitations).
 */
export function UsersTab() {
  const config = usePublicConfig().data;
  // Until the configuration is known, the safe guess: nothing reaches the server.
  const demo = config?.demoMode !== false;
  return (
    <RequireSignIn {...USERS_TOPIC}>
      <div className="grid grid-cols-1 gap-6">
        <UsersCard
          inviteButton={<InviteUserDialog demo={demo} />}
          after={<InvitationsCard demo={demo} />}
        />
      </div>
    </RequireSignIn>
  );
}
