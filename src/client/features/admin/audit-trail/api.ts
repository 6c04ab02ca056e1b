import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
import { api, apiResponse } from '@/lib/api';
import { saveDownload } from '../shared/download';
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
    query: { ...filter },
  });
  return saveDownload(res, 'audit-trail.csv');
}

/** Exports the filtered trail; the export is itself on the record, so every cached view of the trail is out of date. */
export function useExportAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadAuditCsv,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
  });
}
