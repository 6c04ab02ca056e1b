import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { credentialKeys } from '../shared/query-keys';

/** Registered applications (flags only; GET /api/admin/apps). */
export const applicationsQuery = queryOptions({
  queryKey: credentialKeys.apps,
  queryFn: ({ signal }) => api('GET', '/api/admin/apps', { signal }),
  select: (data) => data.apps,
});
