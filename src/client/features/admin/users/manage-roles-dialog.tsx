import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PLATFORM_ROLES, ROLE_DESCRIPTIONS, type PlatformRole } from '@shared/constants';
import type { AdminUser, RoleChanges, UserRoles } from '@shared/schemas/users';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useChangeRoles, userRolesQuery } from './api';
import { logRefusedAction } from '../shared/console-audit';
import { displayName, ROLE_LABELS } from './format';

/** docs/product/admin-console.md#manage-roles: one toggle per role with its description; only changes are saved (docs/product/admin-console.md#role-changes). */
/** Opened by its own button; or, given `open` and `onOpenChange`, from elsewhere (a row's menu). */
export function ManageRolesDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        open === undefined ? (
          <Button variant="outline" size="sm" aria-label={`Manage roles of ${displayName(user)}`}>
            <KeyRoundIcon aria-hidden />
            Roles
          </Button>
        ) : undefined
      }
      title="Manage roles"
      description={`Roles of ${displayName(user)} (${user.email}). Only the roles you change are saved.`}
    >
      {(close) => <RolesEditor user={user} onDone={close} />}
    </FormDialog>
  );
}

function RolesEditor({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const roles = useQuery(userRolesQuery(user.id));
  const failed = roles.isError;
  useEffect(() => {
    if (failed) toast.error('Failed to load user roles');
  }, [failed]);

  if (roles.isPending) {
    return (
      <div role="status" aria-label="Loading roles" className="grid gap-3">
        {PLATFORM_ROLES.map((r) => (
          <Skeleton key={r} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  // A failed background refresh keeps the roles already shown; only a first load failure replaces them.
  if (roles.isError && !roles.data) {
    return (
      <ErrorState
        title="Error"
        message="Failed to load user roles"
        onRetry={() => void roles.refetch()}
      >
        <p className="text-sm text-rose-900">{roles.error.message}</p>
      </ErrorState>
    );
  }
  return <RoleToggles user={user} current={roles.data} onDone={onDone} />;
}

const draftOf = (current: UserRoles) =>
  Object.fromEntries(PLATFORM_ROLES.map((r) => [r, current.roles.includes(r)])) as Record<
    PlatformRole,
    boolean
  >;

function RoleToggles({
  user,
  current,
  onDone,
}: {
  user: AdminUser;
  current: UserRoles;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const change = useChangeRoles();
  const held = (role: PlatformRole) => current.roles.includes(role);
  const [draft, setDraft] = useState(() => draftOf(current));
  const changes: RoleChanges = Object.fromEntries(
    PLATFORM_ROLES.filter((r) => draft[r] !== held(r)).map((r) => [r, draft[r]]),
  );
  const changed = Object.keys(changes).length > 0;

  const save = async () => {
    try {
      await change.mutateAsync({ id: user.id, changes });
      toast.success('User roles updated successfully');
      onDone();
    } catch (error) {
      logRefusedAction('change_roles', user.id, error);
      toast.error('Failed to update user roles', {
        description: error instanceof Error ? error.message : undefined,
      });
      // The switches go back to the roles the server holds, read again: the change may have
      // been applied before its answer was lost. Unreadable, they go back to the last known.
      const latest = await queryClient
        .fetchQuery({ ...userRolesQuery(user.id), retry: false })
        .catch(() => current);
      setDraft(draftOf(latest));
    }
  };

  return (
    <div className="grid gap-4">
      <ul className="grid gap-3">
        {PLATFORM_ROLES.map((role) => (
          <Field key={role} name={role} asChild>
            <li className="flex items-start justify-between gap-4 rounded-md border border-slate-200 p-3">
              <div className="grid gap-1">
                <FieldLabel>{ROLE_LABELS[role]}</FieldLabel>
                <FieldDescription className="text-sm">
                  <code className="text-xs text-slate-700">{role}</code> · {ROLE_DESCRIPTIONS[role]}
                </FieldDescription>
              </div>
              <FieldControl>
                <Switch
                  checked={draft[role]}
                  onCheckedChange={(on) => setDraft((d) => ({ ...d, [role]: on }))}
                />
              </FieldControl>
            </li>
          </Field>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void save()} disabled={!changed || change.isPending}>
          {change.isPending ? 'Saving...' : 'Save roles'}
        </Button>
      </DialogFooter>
    </div>
  );
}
