import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import { REVIEW_REASON_MAX, reviewBodySchema, type ReviewBody } from '@shared/schemas/credentials';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useReviewCredentialRequest, type ReviewDecision } from './api';
import { credentialNoun } from '../shared/credential-badges';

/** A super_admin's decision on another person's request, always with a reason. */
export function ReviewDialog({
  request,
  decision,
  requesterName,
  onClose,
}: {
  request: CredentialRequest | null;
  decision: ReviewDecision;
  requesterName: string;
  onClose: () => void;
}) {
  const review = useReviewCredentialRequest();
  const form = useForm<ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const approve = decision === 'approve';
  const verb = approve ? 'Approve' : 'Deny';
  const what = request
    ? `the ${request.app_name ?? 'application'} ${credentialNoun(request.credential_type)}`
    : '';

  const close = () => {
    form.reset();
    review.reset();
    onClose();
  };

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!request) return;
    try {
      await review.mutateAsync({ id: request.id, decision, reason });
      toast.success(approve ? 'Request Approved' : 'Request Denied', {
        description: `${requesterName}'s request for ${what} was ${approve ? 'approved' : 'denied'}.`,
      });
      close();
    } catch (err) {
      toast.error('Review Failed', {
        description: err instanceof Error ? err.message : 'The decision could not be saved',
      });
    }
  });

  return (
    <FormDialog
      open={!!request}
      onOpenChange={(open) => (open ? undefined : close())}
      title={`${verb} Credential Access`}
      description={`${requesterName} asks for ${what}: “${request?.justification ?? ''}”`}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <FormField control={form.control} name="reason">
          <FieldLabel>Reason</FieldLabel>
          <FieldControl>
            <Textarea
              maxLength={REVIEW_REASON_MAX}
              placeholder={approve ? 'e.g. Scoped to the sync window' : 'e.g. Use the sandbox key'}
              {...form.register('reason')}
            />
          </FieldControl>
          {form.formState.errors.reason ? (
            <FieldError className="text-xs" />
          ) : (
            <FieldDescription>Recorded with your decision in the audit trail.</FieldDescription>
          )}
        </FormField>
        <FormAlert>{review.error?.message}</FormAlert>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={approve ? 'default' : 'destructive'}
            disabled={!reason.trim() || review.isPending}
          >
            {review.isPending ? `${approve ? 'Approving' : 'Denying'}…` : `${verb} Request`}
          </Button>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}
