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
