import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TimeLimitedAccessBody } from '@shared/schemas/credentials';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/**
 * The caller's active grants, with the server's clock: the countdown runs on
 * the offset between the two, so a wrong browser clock cannot stretch a grant.
 */
export const activeGrantsQuery = queryOptions({
  queryKey: adminKeys.credentialGrants.active,
  queryFn: async ({ signal }) => {
    const data = await api('GET', '/api/admin/credential-grants/active', { signal });
    return { ...data, clockOffsetMs: Date.parse(data.server_time) - Date.now() };
  },
});

/**
 * Reads the grants again, and the audit trail that records their changes (a
 * grant requested, revoked, or expired on the server clock).
 */
export function useRefreshGrants() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.credentialGrants.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
      ]),
    [queryClient],
  );
}

export function useRequestGrant() {
  const invalidate = useRefreshGrants();
  return useMutation({
    mutationFn: (body: TimeLimitedAccessBody) =>
      api('POST', '/api/admin/credential-grants', { body }),
    onSettled: invalidate,
  });
}

export function useRevokeGrant() {
  const invalidate = useRefreshGrants();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST', '/api/admin/credential-grants/{id}/revoke', { params: { id } }),
    onSettled: invalidate,
  });
}
