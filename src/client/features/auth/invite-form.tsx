import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { newPasswordSchema } from '@shared/schemas/auth';
import type { InvitationPreview } from '@shared/schemas/invitations';
import { Card, CardContent } from '@/components/ui/card';
import { emitAuthEvent } from '@/lib/auth/auth-events';
import { acceptInvitation } from '@/lib/auth/server-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { AuthForm, type AuthFieldSpec } from './form-parts';

/** The invitee's password follows sign-up's rules; the name is optional. */
const values = z.object({
  fullName: z.string().trim().max(200, 'Full name must be at most 200 characters'),
  password: newPasswordSchema,
});
type Values = z.infer<typeof values>;

const resolver = zodResolver(values);
const FIELDS: readonly AuthFieldSpec<Values>[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The checked invitation (docs/product/sign-in.md#invitations): the invited
 * address, a name and a password. Accepting signs the new account in.
 */
export function InviteForm({
  token,
  preview,
  signedInAs,
  onAccepted,
}: {
  token: string;
  preview: InvitationPreview;
  /** Someone already signed in on this browser: accepting replaces that session. */
  signedInAs: string | null;
  onAccepted: () => void;
}) {
  const onSubmit = async ({ fullName, password }: Values) => {
    try {
      const session = await acceptInvitation(token, password, fullName || null);
      // Signed in as a sign-in leaves it: the session kept, and the event its listeners follow.
      sessionStore.set(session);
      emitAuthEvent('SIGNED_IN', session);
    } catch (err) {
      return err instanceof Error && err.message
        ? err.message
        : 'Something went wrong. Please try again.';
    }
    toast.success('Account created', { description: `Signed in as ${preview.email}.` });
    onAccepted();
    return null;
  };

  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold text-slate-900">Create your account</h2>
          <p className="text-sm text-slate-600">
            You were invited as{' '}
            <strong className="font-semibold break-all text-slate-900">{preview.email}</strong>. The
            link works until {dateTime.format(new Date(preview.expires_at))}, once.
          </p>
        </div>
        {signedInAs ? (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-all text-amber-950"
          >
            You are signed in as {signedInAs}. Creating this account signs you in as {preview.email}{' '}
            instead.
          </p>
        ) : null}
        <AuthForm
          resolver={resolver}
          defaultValues={{ fullName: preview.full_name ?? '', password: '' }}
          fields={FIELDS}
          onSubmit={onSubmit}
          submitLabel="Create Account"
          busyText="Creating account..."
          icon={<UserPlusIcon aria-hidden />}
        >
          {/* Tells a password manager which account the new password belongs to. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={preview.email}
            readOnly
            hidden
          />
        </AuthForm>
        <p className="text-xs text-slate-600">Use at least 12 characters for your password.</p>
      </CardContent>
    </Card>
  );
}
