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

/** An authorization request waiting at the console's sign-on step (docs/product/sign-on.md#oidc). */
export const oidcInteractionQuery = (uid: string) =>
  queryOptions({
    queryKey: ['sso', 'oidc-interaction', uid],
    queryFn: ({ signal }) =>
      api('GET', '/api/oidc/interactions/{uid}', { params: { uid }, signal }),
    // A request is answered once: never asked again behind the person's back.
    retry: false,
    staleTime: Infinity,
  });

/**
 * Answers the step: allow (continue, allowing what is asked for the first time), or decline; the
 * provider then sends the application its code, or access_denied.
 */
export function useAnswerInteraction() {
  return useMutation({
    mutationFn: ({ uid, decision }: { uid: string; decision: 'allow' | 'decline' }) =>
      api('POST', '/api/oidc/interactions/{uid}', { params: { uid }, body: { decision } }),
  });
}
