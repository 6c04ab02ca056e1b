import { queryOptions } from '@tanstack/react-query';
import { ADMIN_ROLES, type PlatformRole } from '@shared/constants';
import { api } from '@/lib/api';

/**
 * The signed-in server account with its roles as of now (GET /api/auth/me).
 * Roles are read per request on the server, so the guard asks rather than
 * trusting what the sign-in said.
 */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => api('GET', '/api/auth/me', { signal }),
  staleTime: 0,
});

export function isAdmin(roles: readonly PlatformRole[]): boolean {
  return roles.some((r) => ADMIN_ROLES.includes(r));
}
