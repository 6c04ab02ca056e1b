import type { CredentialRequest } from '@shared/schemas/admin-security';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { credentialLabel, RequestStatusBadge } from '../shared/credential-badges';
import { formatDateTime } from '../shared/format';
import { LOAD_ERROR } from '../shared/use-load-error-toast';
import { TableSkeleton } from '../shared/table-skeleton';

/** docs/product/credentials.md#request-status: the caller's recent credential access requests with their status. */
export function MyRequestsCard({
  requests,
  isPending,
  error,
  onRetry,
}: {
  /** The caller's own requests; undefined until the first answer. */
  requests: CredentialRequest[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Credential Access Requests</CardTitle>
        <CardDescription>Recent requests and the decision on each.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <TableSkeleton label="Loading credential access requests" />
        ) : error || !requests ? (
          <ErrorState message={LOAD_ERROR.description} onRetry={onRetry} />
        ) : requests.length === 0 ? (
          <EmptyState
            title="No credential access requests yet"
            description="Use Request access on an application to ask for its API key or webhook secret."
          />
        ) : (
          <Table aria-label="Your credential access requests">
            <TableHeader>
              <TableRow>
                <TableHead>Application</TableHead>
                <TableHead>Credential</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Justification</TableHead>
                <TableHead>Requested</TableHead>
                <TableHead>Decision</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="font-medium">
                    {r.app_name ?? 'Unknown application'}
                  </TableCell>
                  <TableCell>{credentialLabel(r.credential_type)}</TableCell>
                  <TableCell>
                    <RequestStatusBadge status={r.status} />
                  </TableCell>
                  <TableCell className="max-w-xs min-w-32 break-words text-slate-700">
                    {r.justification}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDateTime(r.created_at)}
                  </TableCell>
                  <TableCell className="min-w-40 text-slate-700">
                    {r.review_reason ? (
                      <>
                        {r.review_reason}
                        {r.reviewer ? (
                          <span className="block text-xs text-slate-600">
                            by {r.reviewer.full_name ?? r.reviewer.email}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      <span className="text-slate-600">Awaiting review</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
