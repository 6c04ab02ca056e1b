import type { CredentialRequest } from '@shared/schemas/admin-security';
import type { RecordColumn } from '@/components/record-table';
import { RequestStatusBadge } from '../shared/credential-badges';
import { formatDateTime } from '../shared/format';

type Column = RecordColumn<CredentialRequest>;

/** The columns both lists of credential requests show alike. */
export const requestColumns = {
  status: { header: 'Status', cell: (r) => <RequestStatusBadge status={r.status} /> },
  justification: {
    header: 'Justification',
    className: 'max-w-xs min-w-32 break-words text-slate-700',
    cell: (r) => r.justification,
  },
  requested: {
    header: 'Requested',
    className: 'whitespace-nowrap',
    cell: (r) => formatDateTime(r.created_at),
  },
} satisfies Record<string, Column>;

/** Who decided a request, under the reason. */
export function ReviewedBy({ request }: { request: CredentialRequest }) {
  return request.reviewer ? (
    <span className="block text-xs text-slate-600">
      by {request.reviewer.full_name ?? request.reviewer.email}
    </span>
  ) : null;
}
