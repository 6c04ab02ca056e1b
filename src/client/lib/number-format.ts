/** Number formats of the sample dashboards (US English, as the sample data is). */

const count = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export const formatCount = (n: number): string => count.format(n);
export const formatUsd = (n: number): string => usd.format(n);
export const formatCompactUsd = (n: number): string => compactUsd.format(n);
/** 0.784 → "78.4%": a percentage with at most `digits` decimals (trailing zeros dropped). */
export const formatRatio = (ratio: number, digits = 1): string =>
  `${Number((ratio * 100).toFixed(digits)).toString()}%`;
/** Seconds → "1m 52s". */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}m ${s.toString().padStart(2, '0')}s` : `${s}s`;
}
