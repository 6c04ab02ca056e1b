import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '@shared/schemas/users';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api } from '@/lib/api';
import { demoStepUp } from '@/lib/auth/demo-step-up';
import { displayName } from './format';

/** docs/product/admin-console.md#reset-second-factor: the dialog's words. */
const RESET_TEXT = {
  title: 'Reset two-step sign-in',
  warning:
    'This removes their authenticator app, recovery codes and passkeys and signs them out everywhere. They must set up two-step sign-in again at their next sign-in.',
  reasonMissing: 'Give a reason for the reset',
  done: 'Two-step sign-in reset',
  failed: 'Could not reset two-step sign-in',
  demo: 'Demo: the reset is simulated in this browser tab. Nothing is sent to the server and the account keeps its factors.',
  demoDone: 'Demo: nothing was sent to the server.',
} as const;

/**
 * A Super Admin resets another account's second factors, with a reason (destructive). In demo
 * mode the reset is simulated: the step-up the tab's simulated factor asks for, then a toast
 * (docs/product/admin-console.md#reset-second-factor).
 */
export function ResetSecondFactorDialog({
  user,
  demo,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  demo: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = displayName(user);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(RESET_TEXT.reasonMissing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (demo) {
        await demoStepUp();
        toast.success(RESET_TEXT.done, { description: RESET_TEXT.demoDone });
      } else {
        await api('POST', '/api/admin/users/{id}/reset-second-factor', {
          params: { id: user.id },
          body: { reason: reason.trim() },
        });
        toast.success(RESET_TEXT.done, { description: `${name} sets it up again at sign-in.` });
      }
      setReason('');
      onOpenChange(false);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : RESET_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={RESET_TEXT.title}
      description={`${name} (${user.email})`}
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {demo ? (
          <p
            role="note"
            className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
          >
            {RESET_TEXT.demo}
          </p>
        ) : null}
        <p className="text-sm text-red-800 dark:text-red-200">{RESET_TEXT.warning}</p>
        <div className="grid gap-1.5">
          <Label htmlFor={`reset-reason-${user.id}`}>Reason</Label>
          <Input
            id={`reset-reason-${user.id}`}
            value={reason}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `reset-problem-${user.id}` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {problem ? (
            <p
              id={`reset-problem-${user.id}`}
              role="alert"
              className="text-sm text-red-700 dark:text-red-300"
            >
              {problem}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? 'Resetting…' : RESET_TEXT.title}
          </Button>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}
