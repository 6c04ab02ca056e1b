import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ActiveGrantsResponse, GrantResponse } from '@shared/schemas/admin-security';
import type {
  AuditFilter,
  AuditListResponse,
  ChainVerificationResult,
} from '@shared/schemas/audit-trail';
import { AUDIT_PAGE_SIZE } from '@shared/schemas/audit-trail';
import type { TimeLimitedAccessBody } from '@shared/schemas/credentials';
import { api, ApiError } from '@/lib/api';
import { getAccessToken } from '@/lib/auth/session-store';
import { credentialKeys } from '../credentials/api';

/**
 * The caller's active grants, with the server's clock: the countdown runs on
 * the offset between the two, so a wrong browser clock cannot stretch a grant.
 */
export const activeGrantsQuery = queryOptions({
  queryKey: credentialKeys.activeGrants,
  queryFn: async ({ signal }) => {
    const data = await api<ActiveGrantsResponse>('/api/admin/credential-grants/active', { signal });
    return { ...data, clockOffsetMs: Date.parse(data.server_time) - Date.now() };
  },
});

export function auditTrailQuery(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...credentialKeys.audit, 'events', filter] as const,
    queryFn: ({ signal, pageParam }) =>
      api<AuditListResponse>('/api/admin/audit', {
        signal,
        query: { ...filter, limit: AUDIT_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export const chainVerificationQuery = queryOptions({
  queryKey: [...credentialKeys.audit, 'verify'] as const,
  queryFn: ({ signal }) => api<ChainVerificationResult>('/api/admin/audit/verify', { signal }),
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
      api<GrantResponse>('/api/admin/credential-grants', { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useRevokeGrant() {
  const invalidate = useInvalidateGrants();
  return useMutation({
    mutationFn: (id: string) =>
      api<GrantResponse>(`/api/admin/credential-grants/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
      }),
    onSettled: invalidate,
  });
}

/**
 * Downloads the filtered trail as CSV. The server writes the file (and audits
 * the export); the browser saves it through a blob link.
 */
export async function downloadAuditCsv(filter: AuditFilter): Promise<string> {
  const query = new URLSearchParams();
  if (filter.type) query.set('type', filter.type);
  if (filter.severity) query.set('severity', filter.severity);
  const token = getAccessToken();
  const res = await fetch(`/api/admin/audit/export?${query.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(res.status, 'export_failed', body?.error?.message ?? 'The export failed');
  }
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
