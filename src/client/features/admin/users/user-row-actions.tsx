import { KeyRoundIcon, PencilIcon, ShieldOffIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@shared/schemas/users';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RowMenu, useRowMenu } from '../shared/row-menu';
import { EditUserDialog } from './edit-user-dialog';
import { displayName } from './format';
import { ManageRolesDialog } from './manage-roles-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { meQuery } from '@/lib/auth/me-query';
import { usePublicMode } from '@/lib/public-config';

type RowDialog = 'edit' | 'roles' | 'reset';

/** A row's actions behind one "⋯" button: Edit, Manage roles and, for a Super Admin, Reset. */
export function RowActions({ user }: { user: AdminUser }) {
  const menu = useRowMenu<RowDialog>();
  const { open, setOpen } = menu;
  const name = displayName(user);
  const mayReset = useMayResetSecondFactor();
  return (
    <>
      <RowMenu
        label={`Actions for ${name}`}
        triggerRef={menu.triggerRef}
        onCloseAutoFocus={menu.onCloseAutoFocus}
      >
        <DropdownMenuItem onSelect={menu.after('edit')}>
          <PencilIcon aria-hidden />
          Edit user
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={menu.after('roles')}>
          <KeyRoundIcon aria-hidden />
          Manage roles
        </DropdownMenuItem>
        {mayReset ? (
          <DropdownMenuItem
            className="text-red-700 dark:text-red-300"
            onSelect={menu.after('reset')}
          >
            <ShieldOffIcon aria-hidden />
            Reset two-step sign-in
          </DropdownMenuItem>
        ) : null}
      </RowMenu>
      <EditUserDialog
        user={user}
        open={open === 'edit'}
        onOpenChange={(o) => setOpen(o ? 'edit' : null)}
      />
      <ManageRolesDialog
        user={user}
        open={open === 'roles'}
        onOpenChange={(o) => setOpen(o ? 'roles' : null)}
      />
      {mayReset ? (
        <ResetSecondFactorDialog
          user={user}
          demo={mayReset === 'demo'}
          open={open === 'reset'}
          onOpenChange={(o) => setOpen(o ? 'reset' : null)}
        />
      ) : null}
    </>
  );
}

/**
 * Whether Reset two-step sign-in is offered (docs/product/admin-console.md#reset-second-factor):
 * in production mode to a Super Admin only (the server refuses the others); in demo mode, where
 * the demo administrator holds every role, simulated.
 */
function useMayResetSecondFactor(): 'server' | 'demo' | null {
  const mode = usePublicMode();
  // One answer for every row: the roles change rarely, and the server checks them anyway.
  const me = useQuery({ ...meQuery, enabled: mode === 'production', staleTime: 60_000 });
  if (mode === 'demo') return 'demo';
  if (mode === 'production' && me.data?.user.roles.includes('super_admin')) return 'server';
  return null;
}
