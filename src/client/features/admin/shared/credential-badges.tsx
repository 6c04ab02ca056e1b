import type { CredentialType } from '@shared/constants';
import {
  CREDENTIAL_TYPE_LABELS,
  CREDENTIAL_TYPE_NOUNS,
  displayApprovalStatus,
} from '@shared/schemas/credentials';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';

/** Whether an application holds a credential: always in words, never colour alone. */
export function PresenceBadge({ present }: { present: boolean }) {
  return present ? <Badge tone="success">Present</Badge> : <Badge tone="neutral">None</Badge>;
}

/** docs/product/credentials.md#request-status: approved and denied as such, anything else as pending. */
export function RequestStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={displayApprovalStatus(status)} />;
}

export function credentialLabel(type: CredentialType | null): string {
  return type ? CREDENTIAL_TYPE_LABELS[type] : 'Credential';
}

/** The credential inside a sentence: "the HireHub API key", "the Role Builder webhook secret". */
export function credentialNoun(type: CredentialType | null): string {
  return type ? CREDENTIAL_TYPE_NOUNS[type] : 'credential';
}
