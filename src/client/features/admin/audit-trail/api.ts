import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
import { api, apiResponse } from '@/lib/api';
import { credentialKeys } from '../shared/query-keys';

export function auditTrailQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...credentialKeys.audit, 'events', filter] as const,
    queryFn: ({ signal, pageParam }) =>
      api('GET', '/api/admin/audit', {
        signal,
        query: { ...filter, limit: AUDIT_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export const chainVerificationQuery = queryOptions({
  queryKey: [...credentialKeys.audit, 'verify'] as const,
  queryFn: ({ signal }) => api('GET', '/api/admin/audit/verify', { signal }),
});

/**
 * Downloads the filtered trail as CSV. The server writes the file (and audits
 * the export); the browser saves it through a blob link.
 */
export async function downloadAuditCsv(filter: AuditFilter): Promise<string> {
  const res = await apiResponse('GET', '/api/admin/audit/export', {
    query: { type: filter.type, severity: filter.severity },
  });
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    'audit-trail.csv';
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}
