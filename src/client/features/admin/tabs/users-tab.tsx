import { RequireSignIn } from '@/components/sign-in-required';
import { USERS_TOPIC, UsersCard } from '../users/users-card';

/** Users: the searchable table of platform users with edit and role dialogs (docs/product/admin-console.md#users). */
export function UsersTab() {
  return (
    <RequireSignIn {...USERS_TOPIC}>
      <UsersCard />
    </RequireSignIn>
  );
}
