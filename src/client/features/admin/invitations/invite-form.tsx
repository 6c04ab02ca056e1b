import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PLATFORM_ROLES, ROLE_DESCRIPTIONS, type PlatformRole } from '@shared/constants';
import {
  invitationCreateSchema,
  type InvitationCreate,
  type InvitationCreated,
  type InvitationCreateInput,
} from '@shared/schemas/invitations';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldError, FieldLabel } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { meQuery } from '@/lib/auth/me-query';
import { DemoNote } from '../shared/demo-note';
import { ROLE_LABELS } from '../shared/format';
import { useCreateInvitation } from './api';
import {
  createDemoInvitation,
  DEMO_INVITATIONS_NOTE,
  DemoInvitationConflict,
} from './demo-invitations';

/**
 * The invitation's form: email, full name and roles, the super_admin role offered only to a
 * super administrator. In demo mode the invitation is made in the page.
 */
export function InviteForm({
  demo,
  onCreated,
  onCancel,
}: {
  demo: boolean;
  onCreated: (created: InvitationCreated) => void;
  onCancel: () => void;
}) {
  const create = useCreateInvitation();
  // Only a super_admin may invite with super_admin: the server refuses it, the form says so first.
  // Demo mode has no server account to ask about: the demo administrator holds every role.
  const me = useQuery({ ...meQuery, enabled: !demo });
  const mayGrantSuper = me.data?.user.roles.includes('super_admin') ?? true;
  const form = useForm<InvitationCreateInput, unknown, InvitationCreate>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', full_name: '', roles: ['user'] },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const rolesId = useId();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = demo ? createDemoInvitation(values) : await create.mutateAsync(values);
      toast.success(demo ? 'Demo invitation created' : 'Invitation created', {
        description: created.invitation.email,
      });
      onCreated(created);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Failed to create the invitation';
      // Every 409 here is about the address: it has an account, a pending invitation, or is reserved.
      if (
        (error instanceof ApiError && error.status === 409) ||
        error instanceof DemoInvitationConflict
      ) {
        form.setError('email', { message });
      } else {
        setFailure(message);
      }
    }
  });

  const rolesError = form.formState.errors.roles?.message;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {demo ? <DemoNote>{DEMO_INVITATIONS_NOTE}</DemoNote> : null}
      <FormField control={form.control} name="email" className="gap-1.5">
        <FieldLabel>Email</FieldLabel>
        <FieldControl>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FieldControl>
        <FieldError />
      </FormField>
      <FormField control={form.control} name="full_name" className="gap-1.5">
        <FieldLabel>Full name (optional)</FieldLabel>
        <FieldControl>
          <Input type="text" autoComplete="off" {...form.register('full_name')} />
        </FieldControl>
        <FieldError />
      </FormField>
      <div
        role="group"
        aria-labelledby={`${rolesId}-label`}
        aria-describedby={rolesError ? `${rolesId}-error` : undefined}
        className="grid gap-2"
      >
        <p id={`${rolesId}-label`} className="text-sm font-medium text-slate-900">
          Roles
        </p>
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <ul className="grid gap-2">
              {PLATFORM_ROLES.map((role) => (
                <RoleChoice
                  key={role}
                  id={`${rolesId}-${role}`}
                  role={role}
                  checked={field.value.includes(role)}
                  disabled={role === 'super_admin' && !mayGrantSuper}
                  onChange={(on) =>
                    field.onChange(
                      PLATFORM_ROLES.filter((r) => (r === role ? on : field.value.includes(r))),
                    )
                  }
                />
              ))}
            </ul>
          )}
        />
        {rolesError ? (
          <p id={`${rolesId}-error`} className="text-sm text-rose-700">
            {rolesError}
          </p>
        ) : null}
      </div>
      <FormAlert>{failure}</FormAlert>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A simulated step of the demo, labelled as such. */
function RoleChoice({
  id,
  role,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  role: PlatformRole;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={(state) => onChange(state === true)}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{ROLE_LABELS[role]}</Label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          <code className="text-xs text-slate-700">{role}</code> · {ROLE_DESCRIPTIONS[role]}
          {disabled ? '. Only a super administrator can invite with this role.' : ''}
        </p>
      </div>
    </li>
  );
}
