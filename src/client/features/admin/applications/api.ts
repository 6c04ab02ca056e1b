import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Registered applications (flags only; GET /api/admin/apps). */
export const applicationsQuery = queryOptions({
  queryKey: adminKeys.applications.all,
  queryFn: ({ signal }) => api('GET', '/api/admin/apps', { signal }),
  select: (data) => data.apps,
});
