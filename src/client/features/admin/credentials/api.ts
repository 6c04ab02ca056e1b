import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Query keys of the credential screens; every key starts with 'admin'. */
export const credentialKeys = {
  apps: ['admin', 'apps'] as const,
  sessions: ['admin', 'sessions'] as const,
  requests: ['admin', 'credential-requests'] as const,
  activeGrants: ['admin', 'credential-grants', 'active'] as const,
  audit: ['admin', 'audit'] as const,
};

/** Registered applications (flags only; GET /api/admin/apps). */
export const applicationsQuery = queryOptions({
  queryKey: credentialKeys.apps,
  queryFn: ({ signal }) => api('GET', '/api/admin/apps', { signal }),
  select: (data) => data.apps,
});
