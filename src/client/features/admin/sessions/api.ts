import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** The caller's sessions, at most 5 (GET /api/admin/sessions). */
export const sessionsQuery = queryOptions({
  queryKey: adminKeys.sessions.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/sessions', { signal }),
  select: (data) => data.sessions,
});

/** Ends one of the caller's other sessions (DELETE /api/admin/sessions/:id). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', '/api/admin/sessions/{id}', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions.all }),
  });
}

/** Ends every session of the caller but this one (POST /api/admin/sessions/revoke-others). */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/admin/sessions/revoke-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions.all }),
  });
}
