import { CheckIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import { displayApprovalStatus } from '@shared/schemas/credentials';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { ReviewDecision } from './api';
import { credentialLabel, credentialNoun, RequestStatusBadge } from '../shared/credential-badges';
import { formatDateTime } from '../shared/format';
import { ReviewDialog } from './review-dialog';
import { Truncated } from '@/components/cell-text';

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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requests Awaiting Review</CardTitle>
        <CardDescription>
          Approve or deny other administrators&apos; requests with a reason. Your own requests are
          decided by another super_admin (separation of duties).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <EmptyState
            title="Nothing to review"
            description="Requests from other administrators appear here."
          />
        ) : (
          <Table aria-label="Requests from other administrators">
            <TableHeader>
              <TableRow>
                <TableHead>Requester</TableHead>
                <TableHead>Access</TableHead>
                <TableHead>Justification</TableHead>
                <TableHead>Requested</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Decision</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.map((r) => {
                const label = `${who(r)}'s request for the ${r.app_name ?? 'application'} ${credentialNoun(r.credential_type)}`;
                return (
                  <TableRow key={r.id}>
                    <TableCell>
                      <div className="font-medium text-slate-900">{who(r)}</div>
                      <Truncated
                        value={r.requester.email}
                        className="max-w-48 text-xs text-slate-600"
                      />
                    </TableCell>
                    <TableCell>
                      {r.app_name ?? 'Unknown application'}
                      <span className="block text-xs text-slate-600">
                        {credentialLabel(r.credential_type)}
                      </span>
                    </TableCell>
                    <TableCell className="max-w-xs min-w-32 break-words text-slate-700">
                      {r.justification}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(r.created_at)}
                    </TableCell>
                    <TableCell>
                      <RequestStatusBadge status={r.status} />
                    </TableCell>
                    <TableCell>
                      {displayApprovalStatus(r.status) === 'pending' ? (
                        <div className="flex flex-wrap gap-2">
                          <Button
                            size="sm"
                            aria-label={`Approve ${label}`}
                            onClick={() => setReviewing({ request: r, decision: 'approve' })}
                          >
                            <CheckIcon aria-hidden />
                            Approve
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Deny ${label}`}
                            onClick={() => setReviewing({ request: r, decision: 'deny' })}
                          >
                            <XIcon aria-hidden />
                            Deny
                          </Button>
                        </div>
                      ) : (
                        <span className="text-sm text-slate-700">
                          {r.review_reason ?? '—'}
                          {r.reviewer ? (
                            <span className="block text-xs text-slate-600">
                              by {r.reviewer.full_name ?? r.reviewer.email}
                            </span>
                          ) : null}
                        </span>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ReviewDialog
        request={reviewing?.request ?? null}
        decision={reviewing?.decision ?? 'approve'}
        requesterName={reviewing ? who(reviewing.request) : ''}
        onClose={() => setReviewing(null)}
      />
    </Card>
  );
}
