import { formatCount as formatNumber, lazyFormat } from '@/lib/number-format';

/** The roles as the console names them (docs/product/admin-console.md#roles). */
export { ROLE_LABELS } from '@shared/role-labels';

const dateTime = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const timeOnly = lazyFormat(() => new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }));

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime().format(date);
}

export function formatTime(iso: string): string {
  return timeOnly().format(new Date(iso));
}

/** A count as the console shows it: "1,284", or "10,000+" when counting stopped at a cap. */
export function formatCount(n: number, exact = true): string {
  return `${formatNumber(n)}${exact ? '' : '+'}`;
}

const relative = lazyFormat(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * A moment on one short line, relative to `now` ("3 days ago", "just now"), with the exact
 * local date and time beside it for a tooltip and screen readers; Never when there is none.
 */
export function relativeTime(
  iso: string | null,
  now: number = Date.now(),
): { text: string; exact?: string } {
  if (!iso) return { text: 'Never' };
  const at = new Date(iso);
  const seconds = Math.round((at.getTime() - now) / 1000);
  const full = dateTime().format(at);
  if (Math.abs(seconds) < 60) return { text: 'just now', exact: full };
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return { text: relative().format(Math.trunc(seconds / size), unit), exact: full };
    }
  }
  return { text: relative().format(Math.trunc(seconds / 60), 'minute'), exact: full };
}

/** "1 user", "3 users": a count and its noun, one or many. */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;
