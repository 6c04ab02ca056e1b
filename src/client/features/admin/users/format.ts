import type { PlatformRole } from '@shared/constants';

export const ROLE_LABELS: Record<PlatformRole, string> = {
  user: 'User',
  platform_admin: 'Platform Admin',
  super_admin: 'Super Admin',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** docs/product/admin-console.md#user-display: Never when there is no last login. */
export function formatLastLogin(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}

/** "1 user", "25 users", or "1,000+ users" when the server stopped counting. */
export function formatUserCount(total: number, exact: boolean): string {
  const n = total.toLocaleString('en-US');
  if (!exact) return `${n}+ users`;
  return total === 1 ? '1 user' : `${n} users`;
}

export const displayName = (user: { full_name: string | null }) => user.full_name ?? 'Unnamed User';
