import type { CredentialRequest } from '@shared/schemas/admin-security';
import type { RecordColumn } from '@/components/record-table';
import { TableCard } from '@/components/table-card';
import { credentialLabel } from '../shared/credential-badges';
import { loadState } from '../shared/load-state';
import { requestColumns, ReviewedBy } from './request-columns';

const columns: RecordColumn<CredentialRequest>[] = [
  {
    header: 'Application',
    className: 'font-medium',
    cell: (r) => r.app_name ?? 'Unknown application',
  },
  { header: 'Credential', cell: (r) => credentialLabel(r.credential_type) },
  requestColumns.status,
  requestColumns.justification,
  requestColumns.requested,
  {
    header: 'Decision',
    className: 'min-w-40 text-slate-700',
    cell: (r) =>
      r.review_reason ? (
        <>
          {r.review_reason}
          <ReviewedBy request={r} />
        </>
      ) : (
        <span className="text-slate-600">Awaiting review</span>
      ),
  },
];

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
    <TableCard
      title="Your Credential Access Requests"
      description="Recent requests and the decision on each."
      label="Your credential access requests"
      {...loadState(requests, {
        isPending,
        error,
        onRetry,
        loading: 'Loading credential access requests',
      })}
      columns={columns}
      empty={{
        title: 'No credential access requests yet',
        description:
          'Use Request access on an application to ask for its API key or webhook secret.',
      }}
    />
  );
}
