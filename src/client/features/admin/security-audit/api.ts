import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AuditFilter } from '@shared/schemas/audit-trail';
import { AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
import type { TimeLimitedAccessBody } from '@shared/schemas/credentials';
import { api, apiResponse } from '@/lib/api';
import { credentialKeys } from '../credentials/api';

/**
 * The caller's active grants, with the server's clock: the countdown runs on
 * the offset between the two, so a wrong browser clock cannot stretch a grant.
 */
export const activeGrantsQuery = queryOptions({
  queryKey: credentialKeys.activeGrants,
  queryFn: async ({ signal }) => {
    const data = await api('GET', '/api/admin/credential-grants/active', { signal });
    return { ...data, clockOffsetMs: Date.parse(data.server_time) - Date.now() };
  },
});

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

function useInvalidateGrants() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: credentialKeys.activeGrants }),
      queryClient.invalidateQueries({ queryKey: credentialKeys.audit }),
    ]);
}

export function useRequestGrant() {
  const invalidate = useInvalidateGrants();
  return useMutation({
    mutationFn: (body: TimeLimitedAccessBody) =>
      api('POST', '/api/admin/credential-grants', { body }),
    onSettled: invalidate,
  });
}

export function useRevokeGrant() {
  const invalidate = useInvalidateGrants();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST', '/api/admin/credential-grants/{id}/revoke', { params: { id } }),
    onSettled: invalidate,
  });
}

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
