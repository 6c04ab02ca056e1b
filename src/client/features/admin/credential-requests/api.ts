import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialRequestBody } from '@shared/schemas/credentials';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** The caller's requests and, for a super_admin, other people's to review. */
export const credentialRequestsQuery = queryOptions({
  queryKey: adminKeys.credentialRequests.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/credential-requests', { signal }),
});

/** A request submitted or decided changes the list and adds to the audit trail. */
function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.credentialRequests.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
    ]);
}

export function useSubmitCredentialRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (body: CredentialRequestBody) =>
      api('POST', '/api/admin/credential-requests', { body }),
    onSettled: invalidate,
  });
}

export type ReviewDecision = 'approve' | 'deny';

export function useReviewCredentialRequest() {
  const invalidate = useInvalidateRequests();
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
    onSettled: invalidate,
  });
}
