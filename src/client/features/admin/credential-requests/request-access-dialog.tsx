import { zodResolver } from '@hookform/resolvers/zod';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CredentialType } from '@shared/constants';
import type { ApplicationInfo } from '@shared/schemas/admin-security';
import {
  canSubmitCredentialRequest,
  JUSTIFICATION_MAX,
  requestJustificationSchema,
} from '@shared/schemas/credentials';
import { Button } from '@/components/ui/button';
import { FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useSubmitCredentialRequest } from './api';

const formSchema = z.object({ justification: requestJustificationSchema });
type FormValues = z.input<typeof formSchema>;

/** The texts of docs/product/credentials.md#request-status, verbatim. */
const REQUEST_TEXT = {
  required: ['Justification Required', 'Please provide a justification for accessing credentials'],
  submitted: [
    'Access Request Submitted',
    'Your credential access request has been logged and is pending approval',
  ],
  failed: ['Request Failed', 'Failed to submit credential access request'],
} as const;

/**
 * docs/product/credentials.md#requests: the per-application dialog asking for an API key or a
 * webhook secret. The justification is required (docs/product/credentials.md#request-justification); both buttons stay
 * disabled while it is blank. Ctrl+Enter submits from the text box.
 */
export function RequestAccessDialog({
  app,
  onClose,
}: {
  app: ApplicationInfo | null;
  onClose: () => void;
}) {
  const submitRequest = useSubmitCredentialRequest();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { justification: '' },
  });
  const ready = canSubmitCredentialRequest(
    useWatch({ control: form.control, name: 'justification' }),
  );

  const close = () => {
    form.reset();
    submitRequest.reset();
    onClose();
  };

  const submit = (type: CredentialType) =>
    form.handleSubmit(
      async ({ justification }) => {
        if (!app) return;
        try {
          await submitRequest.mutateAsync({
            target_app_id: app.id,
            access_type: type,
            justification,
          });
          toast.success(REQUEST_TEXT.submitted[0], { description: REQUEST_TEXT.submitted[1] });
          close();
        } catch {
          toast.error(REQUEST_TEXT.failed[0], { description: REQUEST_TEXT.failed[1] });
        }
      },
      () => toast.error(REQUEST_TEXT.required[0], { description: REQUEST_TEXT.required[1] }),
    )();

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && app) {
      e.preventDefault();
      void submit(app.has_api_key ? 'api_key' : 'webhook_secret');
    }
  };

  const busy = submitRequest.isPending;
  return (
    <FormDialog
      open={!!app}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Request Credential Access"
      description={`Ask for access to a credential of ${app?.app_name ?? ''}. Your request is logged and waits for a super_admin's approval.`}
      footer={
        <>
          <Button
            variant="outline"
            disabled={!ready || busy || !app?.has_webhook_secret}
            onClick={() => void submit('webhook_secret')}
          >
            Request Webhook Secret
          </Button>
          <Button
            disabled={!ready || busy || !app?.has_api_key}
            onClick={() => void submit('api_key')}
          >
            Request API Key
          </Button>
        </>
      }
    >
      <form className="grid gap-2" noValidate onSubmit={(e) => e.preventDefault()}>
        <FormField control={form.control} name="justification">
          <FieldLabel>Justification</FieldLabel>
          <FieldControl>
            <Textarea
              maxLength={JUSTIFICATION_MAX}
              placeholder="Why do you need this credential, and for how long?"
              onKeyDown={onKeyDown}
              {...form.register('justification')}
            />
          </FieldControl>
          {form.formState.errors.justification ? (
            <FieldError className="text-xs" />
          ) : (
            <FieldDescription>Required. Press Ctrl+Enter to submit.</FieldDescription>
          )}
        </FormField>
      </form>
      <FormAlert>{submitRequest.error?.message}</FormAlert>
    </FormDialog>
  );
}
