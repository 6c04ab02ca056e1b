import { useMutation } from '@tanstack/react-query';
import type { ClearAllUsersResponse, SystemAdminsResponse } from '@shared/schemas/setup';
import { api } from '@/lib/api';

/** The setup endpoints take the confirmation key the operator typed; it is never stored here. */
export function useCreateSystemAdmins() {
  return useMutation({
    mutationFn: (key: string) =>
      api<SystemAdminsResponse>('/api/setup/system-admins', {
        method: 'POST',
        body: { confirmation_key: key },
      }),
  });
}

export function useClearAllUsers() {
  return useMutation({
    mutationFn: (key: string) =>
      api<ClearAllUsersResponse>('/api/setup/clear-all-users', {
        method: 'POST',
        body: { confirmation_key: key },
      }),
  });
}
