import { RequireSignIn } from '@/components/sign-in-required';
import { usePublicConfig } from '@/lib/public-config';
import { InvitationsCard } from '../invitations/invitations-card';
import { USERS_TOPIC, UsersCard } from '../users/users-card';

/**
 * Users: the searchable table of platform users with edit and role dialogs
 * (docs/product/admin-console.md#users), and in production mode the
 * invitations (docs/product/admin-console.md#invitations): demo mode has no
 * server accounts to invite to.
 */
export function UsersTab() {
  const production = usePublicConfig().data?.demoMode === false;
  return (
    <RequireSignIn {...USERS_TOPIC}>
      <div className="grid grid-cols-1 gap-6">
        <UsersCard />
        {production ? <InvitationsCard /> : null}
      </div>
    </RequireSignIn>
  );
}
