import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SinkCreateBody, SinkUpdateBody } from '@shared/schemas/audit-sinks';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Server state of the audit sinks (docs/product/audit-trail.md#audit-sinks). */

/**
 * How often an open screen asks again how the sinks are doing and how far each has come: one
 * request for all of them, their lag included.
 */
const SINK_STATUS_POLL_MS = 5_000;

export const sinksQuery = queryOptions({
  queryKey: adminKeys.auditSinks.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/audit/sinks', { signal }),
  select: (data) => data.sinks,
  // A sink's state, lag, last delivery and last error change as the server delivers.
  refetchInterval: SINK_STATUS_POLL_MS,
});

/** Reads the sinks again, and the audit trail that records their changes. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.auditSinks.all }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
    ]);
}

export function useCreateSink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SinkCreateBody) => api('POST', '/api/admin/audit/sinks', { body }),
    onSettled: refresh,
  });
}

export function useUpdateSink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SinkUpdateBody }) =>
      api('PATCH', '/api/admin/audit/sinks/{id}', { params: { id }, body }),
    onSettled: refresh,
  });
}

export function useDeleteSink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', '/api/admin/audit/sinks/{id}', { params: { id } }),
    onSettled: refresh,
  });
}

export function useRotateSinkSecret() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST', '/api/admin/audit/sinks/{id}/rotate-secret', { params: { id } }),
    onSettled: refresh,
  });
}

export function useResumeSink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST', '/api/admin/audit/sinks/{id}/resume', { params: { id } }),
    onSettled: refresh,
  });
}

export function useTestSink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('POST', '/api/admin/audit/sinks/{id}/test', { params: { id } }),
    onSettled: refresh,
  });
}
