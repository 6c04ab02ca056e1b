import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeLimitedAccessBody } from '@shared/schemas/credentials';
import { api } from '@/lib/api';
import { credentialKeys } from '../shared/query-keys';

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
