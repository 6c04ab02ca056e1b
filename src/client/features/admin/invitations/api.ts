import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationCreate } from '@shared/schemas/invitations';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Server state of the invitations (docs/product/admin-console.md#invitations). */

export const invitationsQuery = queryOptions({
  queryKey: adminKeys.invitations.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/invitations', { signal }),
  select: (data) => data.invitations,
});

/** Reads the invitations again, and the audit trail that records their changes. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.invitations.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
    ]);
}

export function useCreateInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InvitationCreate) => api('POST', '/api/admin/invitations', { body }),
    onSettled: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', '/api/admin/invitations/{id}', { params: { id } }),
    onSettled: refresh,
  });
}
