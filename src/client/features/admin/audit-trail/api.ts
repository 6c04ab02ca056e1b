import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { AUDIT_EXPORT_ID_HEADER, AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
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
 * the export) and signs its manifest; the browser saves the file through a blob link.
 * Resolves to the file's name and the id of its manifest.
 */
async function downloadAuditCsv(
  filter: AuditFilter,
): Promise<{ file: string; exportId: string | null }> {
  const res = await apiResponse('GET', '/api/admin/audit/export', {
    query: { ...filter },
  });
  const exportId = res.headers.get(AUDIT_EXPORT_ID_HEADER);
  return { file: await saveDownload(res, 'audit-trail.csv'), exportId };
}

/** Saves the signed manifest of an export (docs/product/audit-trail.md#signed-exports). */
async function downloadAuditManifest(exportId: string): Promise<string> {
  const res = await apiResponse('GET', '/api/admin/audit/exports/{id}/manifest', {
    params: { id: exportId },
  });
  return saveDownload(res, 'audit-trail.manifest.json');
}

export function useDownloadAuditManifest() {
  return useMutation({ mutationFn: downloadAuditManifest });
}

/** Exports the filtered trail; the export is itself on the record, so every cached view of the trail is out of date. */
export function useExportAuditCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadAuditCsv,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
  });
}
