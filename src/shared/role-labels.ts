import type { PlatformRole } from './constants';

/**
 * The roles in people's words (docs/product/admin-console.md#roles): every text a person reads
 * names a role so, never by its key.
 */
export const ROLE_LABELS: Record<PlatformRole, string> = {
  user: 'User',
  platform_admin: 'Platform Admin',
  super_admin: 'Super Admin',
};
