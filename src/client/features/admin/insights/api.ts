import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from '../shared/query-keys';

/** Live figures of the Overview and Analytics tabs; read only for a signed-in visitor. */

export const summaryQuery = queryOptions({
  queryKey: adminKeys.insights.summary,
  queryFn: ({ signal }) => api('GET', '/api/admin/summary', { signal }),
  // Counts move while the console is open; read again when the tab is shown again.
  staleTime: 0,
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` days up to today (UTC), both ends included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(from), to: isoDay(to) };
}

export const analyticsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.insights.analytics(from, to),
    queryFn: ({ signal }) => api('GET', '/api/admin/analytics', { query: { from, to }, signal }),
  });
