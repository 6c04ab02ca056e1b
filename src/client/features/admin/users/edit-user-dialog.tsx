import { zodResolver } from '@hookform/resolvers/zod';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  userFormSchema,
  type AdminUser,
  type UserFormInput,
  type UserFormValues,
} from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { useUpdateUser } from './api';
import { logRefusedAction } from '../shared/console-audit';
import { displayName } from './format';

/** docs/product/admin-console.md#edit-user: email, full name, organization, department, active flag. */
/**
 * The Edit dialog of a user row, opened by its button; or, given `open` and `onOpenChange`,
 * opened from elsewhere (the command palette) with no button.
 */
export function EditUserDialog({
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
          <Button variant="outline" size="sm" aria-label={`Edit ${displayName(user)}`}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
        ) : undefined
      }
      title="Edit user"
      description={`Change the account details of ${user.email}. Empty name, organization and department are saved as not specified.`}
    >
      {/* Mounted only while open, so each opening starts from the user's current values. */}
      {(close) => <EditUserForm user={user} onDone={close} />}
    </FormDialog>
  );
}

function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const update = useUpdateUser();
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(userFormSchema),
    defaultValues: {
      email: user.email,
      full_name: user.full_name ?? '',
      organization: user.organization ?? '',
      department: user.department ?? '',
      is_active: user.is_active,
    },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: user.id, update: values });
      toast.success('User updated successfully');
      onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : undefined;
      if (error instanceof ApiError && error.status === 409 && /email/i.test(error.message)) {
        form.setError('email', { message: error.message });
      } else {
        setFailure(message ?? 'Failed to update user');
      }
      logRefusedAction('update_user', user.id, error);
      toast.error('Failed to update user', { description: message });
    }
  });

  const field = (name: 'email' | 'full_name' | 'organization' | 'department', label: string) => (
    <FormField control={form.control} name={name} className="gap-1.5">
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input
          type={name === 'email' ? 'email' : 'text'}
          autoComplete="off"
          {...form.register(name)}
        />
      </FieldControl>
      <FieldError />
    </FormField>
  );

  return (
    // noValidate: the shared zod schema speaks instead of the browser's own bubbles.
    <form noValidate onSubmit={submit} className="grid gap-4">
      {field('email', 'Email')}
      {field('full_name', 'Full name')}
      {field('organization', 'Organization')}
      {field('department', 'Department')}
      <FormField
        control={form.control}
        name="is_active"
        className="flex items-start justify-between gap-4 rounded-md border border-slate-200 p-3"
      >
        <div className="grid gap-1">
          <FieldLabel>Active account</FieldLabel>
          <FieldDescription className="text-sm">
            An inactive account cannot sign in.
          </FieldDescription>
        </div>
        <Controller
          control={form.control}
          name="is_active"
          render={({ field: f }) => (
            <FieldControl>
              <Switch checked={f.value} onCheckedChange={f.onChange} />
            </FieldControl>
          )}
        />
      </FormField>
      <FormAlert>{failure}</FormAlert>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
