import type { z } from 'zod';
import {
  CREDENTIAL_TYPE_NOUNS,
  type timeLimitedAccessBodySchema,
} from '@shared/schemas/credentials';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** The confirmation step before a time-limited request is sent (docs/product/credentials.md#grants). */
export function ConfirmAccessDialog({
  request,
  appName,
  onCancel,
  onConfirm,
}: {
  request: z.output<typeof timeLimitedAccessBodySchema> | null;
  appName: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={!!request}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title="Confirm Credential Access"
      description={`You are requesting the ${request ? CREDENTIAL_TYPE_NOUNS[request.credential_type] : ''} of ${appName} for ${request?.time_limit_minutes ?? ''} minutes. The request and its outcome are recorded in the audit trail.`}
      confirmLabel="Confirm Request"
      onConfirm={onConfirm}
    >
      <blockquote className="rounded-md border-l-4 border-indigo-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {request?.justification}
      </blockquote>
    </ConfirmDialog>
  );
}
