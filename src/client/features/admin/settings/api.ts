import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorPolicy } from '@shared/mfa-constants';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Who must have a second factor (GET /api/admin/settings/second-factor-policy). */
export const secondFactorPolicyQuery = queryOptions({
  queryKey: adminKeys.settings.secondFactorPolicy,
  queryFn: ({ signal }) => api('GET', '/api/admin/settings/second-factor-policy', { signal }),
  select: (data) => data.policy,
});

/**
 * Sets the policy (PUT, a Super Admin's): the server may first answer `step_up_required`,
 * which the console's one step-up dialog answers before the request is sent again.
 */
export function useSetSecondFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SecondFactorPolicy) =>
      api('PUT', '/api/admin/settings/second-factor-policy', { body: { policy } }),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.settings.secondFactorPolicy, data),
  });
}
