import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialRequestBody } from '@shared/schemas/credentials';
import { api } from '@/lib/api';
import { credentialKeys } from '../shared/query-keys';

/** The caller's requests and, for a super_admin, other people's to review. */
export const credentialRequestsQuery = queryOptions({
  queryKey: credentialKeys.requests,
  queryFn: ({ signal }) => api('GET', '/api/admin/credential-requests', { signal }),
});

export function useSubmitCredentialRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CredentialRequestBody) =>
      api('POST', '/api/admin/credential-requests', { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialKeys.requests }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.audit }),
      ]),
  });
}

export type ReviewDecision = 'approve' | 'deny';

export function useReviewCredentialRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: ReviewDecision;
      reason: string;
    }) =>
      api('POST', `/api/admin/credential-requests/{id}/${decision}`, {
        params: { id },
        body: { reason },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialKeys.requests }),
        queryClient.invalidateQueries({ queryKey: credentialKeys.audit }),
      ]),
  });
}
