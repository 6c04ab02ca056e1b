import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/public-config';
import { api } from '@/lib/api';

export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal, token: null }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
