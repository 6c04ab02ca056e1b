import { CheckIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import { displayApprovalStatus } from '@shared/schemas/credentials';
import { Truncated } from '@/components/cell-text';
import type { RecordColumn } from '@/components/record-table';
import { TableCard } from '@/components/table-card';
import { Button } from '@/components/ui/button';
import type { ReviewDecision } from './api';
import { credentialLabel, credentialNoun } from '../shared/credential-badges';
import { requestColumns, ReviewedBy } from './request-columns';
import { ReviewDialog } from './review-dialog';

/** The two answers to a pending request, as its row offers them. */
const DECISIONS = [
  { decision: 'approve', word: 'Approve', Icon: CheckIcon, variant: undefined },
  { decision: 'deny', word: 'Deny', Icon: XIcon, variant: 'outline' },
] as const;

const who = (r: CredentialRequest) => r.requester.full_name ?? r.requester.email;

/**
 * Other people's requests for a super_admin to decide (issue: approvals). The
 * caller's own requests are not here: a second super_admin decides those.
 */
export function ReviewCard({ requests }: { requests: CredentialRequest[] }) {
  const [reviewing, setReviewing] = useState<{
    request: CredentialRequest;
    decision: ReviewDecision;
  } | null>(null);
  const columns: RecordColumn<CredentialRequest>[] = [
    {
      header: 'Requester',
      cell: (r) => (
        <>
          <div className="font-medium text-slate-900">{who(r)}</div>
          <Truncated value={r.requester.email} className="max-w-48 text-xs text-slate-600" />
        </>
      ),
    },
    {
      header: 'Access',
      cell: (r) => (
        <>
          {r.app_name ?? 'Unknown application'}
          <span className="block text-xs text-slate-600">{credentialLabel(r.credential_type)}</span>
        </>
      ),
    },
    requestColumns.justification,
    requestColumns.requested,
    requestColumns.status,
    {
      header: 'Decision',
      cell: (r) => {
        if (displayApprovalStatus(r.status) !== 'pending') {
          return (
            <span className="text-sm text-slate-700">
              {r.review_reason ?? '—'}
              <ReviewedBy request={r} />
            </span>
          );
        }
        const label = `${who(r)}'s request for the ${r.app_name ?? 'application'} ${credentialNoun(r.credential_type)}`;
        return (
          // Side by side in the table; a phone's card wraps them rather than overflow.
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            {DECISIONS.map(({ decision, word, Icon, variant }) => (
              <Button
                key={decision}
                size="sm"
                variant={variant}
                aria-label={`${word} ${label}`}
                onClick={() => setReviewing({ request: r, decision })}
              >
                <Icon aria-hidden />
                {word}
              </Button>
            ))}
          </div>
        );
      },
    },
  ];
  return (
    <TableCard
      title="Requests Awaiting Review"
      description={
        <>
          Approve or deny other administrators&apos; requests with a reason. Your own requests are
          decided by another Super Admin (separation of duties).
        </>
      }
      label="Requests from other administrators"
      rows={requests}
      columns={columns}
      rowKey={(r) => r.id}
      empty={{
        title: 'Nothing to review',
        description: 'Requests from other administrators appear here.',
      }}
    >
      <ReviewDialog
        request={reviewing?.request ?? null}
        decision={reviewing?.decision ?? 'approve'}
        requesterName={reviewing ? who(reviewing.request) : ''}
        onClose={() => setReviewing(null)}
      />
    </TableCard>
  );
}
