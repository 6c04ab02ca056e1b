import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The setup endpoints take the confirmation key the operator typed; it is never stored here. */
export function useCreateSystemAdmins() {
  return useMutation({
    mutationFn: (key: string) =>
      api('POST', '/api/setup/system-admins', {
        body: { confirmation_key: key },
      }),
  });
}

export function useClearAllUsers() {
  return useMutation({
    mutationFn: (key: string) =>
      api('POST', '/api/setup/clear-all-users', {
        body: { confirmation_key: key },
      }),
  });
}
