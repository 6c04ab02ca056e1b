/** Number formats of the sample dashboards (US English, as the sample data is). */

/**
 * A formatter made on its first use and kept: making one costs far more than using it
 * (`toLocaleString` makes one on every call), and a module's load should not pay for the
 * formatters its page may never show.
 */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const count = lazyFormat(() => new Intl.NumberFormat('en-US'));
const usd = lazyFormat(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }),
);
const compactUsd = lazyFormat(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
);

/**
 * 12345 → "12,345", as `toLocaleString('en-US')` writes it. Whole numbers are grouped here:
 * the first Intl formatter of a page loads the locale's data, a long task on a slow phone, and
 * most counts are whole.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return count().format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}
export const formatUsd = (n: number): string => usd().format(n);
export const formatCompactUsd = (n: number): string => compactUsd().format(n);
export const formatRatio = (ratio: number, digits = 1): string =>
  `${Number((ratio * 100).toFixed(digits)).toString()}%`;
/** Seconds → "1m 52s". */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}m ${s.toString().padStart(2, '0')}s` : `${s}s`;
}
