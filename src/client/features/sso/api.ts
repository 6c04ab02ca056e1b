import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  SsoApplicationLookup,
  SsoInitiateRequest,
  SsoInitiateResponse,
} from '@shared/schemas/sso';
import { api } from '@/lib/api';

export function useInitiateSignOn() {
  return useMutation({
    mutationFn: (body: SsoInitiateRequest) =>
      api<SsoInitiateResponse>('/api/sso/initiate', { method: 'POST', body }),
  });
}

/** The registered application a sign-on link names, by id or short name. */
export const signOnApplicationQuery = (appId: string) =>
  queryOptions({
    queryKey: ['sso', 'application', appId.toLowerCase()],
    queryFn: ({ signal }) =>
      api<SsoApplicationLookup>('/api/sso/applications', { query: { app_id: appId }, signal }),
  });
