import { formatCount, lazyFormat } from '@/lib/number-format';

export { ROLE_LABELS } from '../shared/format';

const relative = lazyFormat(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));
const exact = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * docs/product/admin-console.md#user-display: the last login on one short line, relative to
 * `now` ("3 days ago", "just now"), with the exact local date and time beside it for a tooltip
 * and screen readers; Never when there is none.
 */
export function lastLoginText(
  iso: string | null,
  now: number = Date.now(),
): { text: string; exact?: string } {
  if (!iso) return { text: 'Never' };
  const at = new Date(iso);
  const seconds = Math.round((at.getTime() - now) / 1000);
  const full = exact().format(at);
  if (Math.abs(seconds) < 60) return { text: 'just now', exact: full };
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return { text: relative().format(Math.trunc(seconds / size), unit), exact: full };
    }
  }
  return { text: relative().format(Math.trunc(seconds / 60), 'minute'), exact: full };
}

/** "1 user", "25 users", or "1,000+ users" when the server stopped counting. */
export function formatUserCount(total: number, exact: boolean): string {
  const n = formatCount(total);
  if (!exact) return `${n}+ users`;
  return total === 1 ? '1 user' : `${n} users`;
}

/** "1 user", "3 users": a count and its noun, one or many. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

export const displayName = (user: { full_name: string | null }) => user.full_name ?? 'Unnamed User';
