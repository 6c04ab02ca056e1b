import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
import { api, apiResponse } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

export function auditTrailQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: adminKeys.auditTrail.events(filter),
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
  queryKey: adminKeys.auditTrail.verification,
  queryFn: ({ signal }) => api('GET', '/api/admin/audit/verify', { signal }),
});

/**
 * Downloads the filtered trail as CSV. The server writes the file (and audits
 * the export); the browser saves it through a blob link.
 */
async function downloadAuditCsv(filter: AuditFilter): Promise<string> {
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

/** Exports the filtered trail; the export is itself on the record, so every cached view of the trail is out of date. */
export function useExportAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadAuditCsv,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
  });
}
