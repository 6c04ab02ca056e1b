import type { InfiniteData } from '@tanstack/react-query';
import type { AuditEventRow, AuditListResponse } from '@shared/schemas/audit-trail';

/** The list's cached pages with `events` (oldest first) added at the top, each once. */
export function withNewEvents(
  data: InfiniteData<AuditListResponse, number | undefined> | undefined,
  events: AuditEventRow[],
): InfiniteData<AuditListResponse, number | undefined> | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  const known = new Set(data.pages.flatMap((p) => p.events.map((e) => e.seq)));
  const fresh = events.filter((e) => !known.has(e.seq)).reverse();
  if (fresh.length === 0) return data;
  const types = new Set([...first.event_types, ...fresh.map((e) => e.event_type)]);
  return {
    ...data,
    pages: [
      { ...first, events: [...fresh, ...first.events], event_types: [...types].sort() },
      ...data.pages.slice(1),
    ],
  };
}

/**
 * The listed events (newest first) with the stream's events that are newer than all of them on
 * top. The stream's events go into the list's cache as they arrive, but a read of the list
 * answered before one of them was recorded and landing after it replaces the cache without it;
 * the stream does not send it again.
 */
export function withArrived(
  listed: AuditEventRow[],
  arrived: ReadonlyMap<number, AuditEventRow>,
): AuditEventRow[] {
  const newest = listed[0]?.seq ?? 0;
  const missing = [...arrived.values()].filter((e) => e.seq > newest);
  if (missing.length === 0) return listed;
  return [...missing.sort((a, b) => b.seq - a.seq), ...listed];
}

/** The first row of the list still in view, when the reader has scrolled past the list's top. */
export function readingRow(table: HTMLTableElement | null): { seq: string; top: number } | null {
  if (!table || table.getBoundingClientRect().top >= 0) return null;
  for (const row of table.querySelectorAll<HTMLElement>('tbody tr[data-seq]')) {
    const top = row.getBoundingClientRect().top;
    if (top >= 0) return { seq: row.dataset.seq!, top };
  }
  return null;
}
