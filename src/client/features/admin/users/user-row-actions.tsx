import { EllipsisIcon, KeyRoundIcon, PencilIcon, ShieldOffIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AdminUser } from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EditUserDialog } from './edit-user-dialog';
import { displayName } from './format';
import { ManageRolesDialog } from './manage-roles-dialog';
import { ResetSecondFactorDialog } from './reset-second-factor-dialog';
import { meQuery } from '@/lib/auth/me-query';
import { usePublicMode } from '@/lib/public-config';

type RowDialog = 'edit' | 'roles' | 'reset';

/**
 * A row's actions behind one "⋯" button: Edit and Manage roles. Each dialog opens once the
 * menu has closed and handed the focus back to the button; a dialog without a trigger of its
 * own gives the focus back to nothing, so on closing it is put back on the button here.
 */
export function RowActions({ user }: { user: AdminUser }) {
  const [open, setOpenState] = useState<RowDialog | null>(null);
  const next = useRef<RowDialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const name = displayName(user);
  const mayReset = useMayResetSecondFactor();
  const setOpen = (dialog: RowDialog | null) => {
    setOpenState(dialog);
    if (!dialog) setTimeout(() => trigger.current?.focus());
  };
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={trigger}
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Actions for ${name}`}
            title="Actions"
          >
            <EllipsisIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={(e) => {
            if (!next.current) return;
            e.preventDefault();
            trigger.current?.focus();
            setOpen(next.current);
            next.current = null;
          }}
        >
          <DropdownMenuItem onSelect={() => (next.current = 'edit')}>
            <PencilIcon aria-hidden />
            Edit user
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => (next.current = 'roles')}>
            <KeyRoundIcon aria-hidden />
            Manage roles
          </DropdownMenuItem>
          {mayReset ? (
            <DropdownMenuItem
              className="text-red-700 dark:text-red-300"
              onSelect={() => (next.current = 'reset')}
            >
              <ShieldOffIcon aria-hidden />
              Reset two-step sign-in
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
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
