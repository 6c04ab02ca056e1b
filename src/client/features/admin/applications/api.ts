import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { oidcClientBodySchema } from '@shared/schemas/oidc';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Registered applications (flags only; GET /api/admin/apps). */
export const applicationsQuery = queryOptions({
  queryKey: adminKeys.applications.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/apps', { signal }),
  select: (data) => data.apps,
});

type OidcClientBody = z.input<typeof oidcClientBodySchema>;

/** Registers an application as an OpenID Connect client, or changes it (super_admin, step-up). */
export function useConfigureOidcClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OidcClientBody }) =>
      api('PUT', '/api/admin/apps/{id}/oidc-client', { params: { id }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applications.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
      ]),
  });
}

/**
 * Removes an application's sign-in (super_admin, step-up): everyone is signed out of it and its
 * client stops working.
 */
export function useRemoveOidcClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('DELETE', '/api/admin/apps/{id}/oidc-client', { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.applications.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditTrail.all }),
      ]),
  });
}
