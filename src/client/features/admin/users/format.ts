import { formatCount } from '@/lib/number-format';

export { ROLE_LABELS, plural } from '../shared/format';
/** docs/product/admin-console.md#user-display: the last login on one short line; Never when there is none. */
export { relativeTime as lastLoginText } from '../shared/format';

/** "1 user", "25 users", or "1,000+ users" when the server stopped counting. */
export function formatUserCount(total: number, exact: boolean): string {
  const n = formatCount(total);
  if (!exact) return `${n}+ users`;
  return total === 1 ? '1 user' : `${n} users`;
}

export const displayName = (user: { full_name: string | null }) => user.full_name ?? 'Unnamed User';
