import { formatCount, lazyFormat } from '@/lib/number-format';

export { ROLE_LABELS } from '../shared/format';

const dateOnly = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const timeOnly = lazyFormat(() => new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }));

/**
 * docs/product/admin-console.md#user-display: the last login (Never when there is none), as its
 * date and its time, for a cell that may break the line between them but never inside either.
 */
export function lastLoginParts(iso: string | null): { date: string; time?: string } {
  if (!iso) return { date: 'Never' };
  const at = new Date(iso);
  return { date: dateOnly().format(at), time: timeOnly().format(at) };
}

/** "1 user", "25 users", or "1,000+ users" when the server stopped counting. */
export function formatUserCount(total: number, exact: boolean): string {
  const n = formatCount(total);
  if (!exact) return `${n}+ users`;
  return total === 1 ? '1 user' : `${n} users`;
}

export const displayName = (user: { full_name: string | null }) => user.full_name ?? 'Unnamed User';
