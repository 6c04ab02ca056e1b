import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SsoInitiateRequest } from '@shared/schemas/sso';
import { api } from '@/lib/api';

export function useInitiateSignOn() {
  return useMutation({
    mutationFn: (body: SsoInitiateRequest) => api('POST', '/api/sso/initiate', { body }),
  });
}

/** The registered application a sign-on link names, by id or short name. */
export const signOnApplicationQuery = (appId: string) =>
  queryOptions({
    queryKey: ['sso', 'application', appId.toLowerCase()],
    queryFn: ({ signal }) =>
      api('GET', '/api/sso/applications', { query: { app_id: appId }, signal }),
  });
