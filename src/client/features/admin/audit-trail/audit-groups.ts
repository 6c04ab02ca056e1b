import type { AuditEventRow } from '@shared/schemas/audit-trail';

/** A row of the trail: one event, or the newest of a browser's repeated start-ups. */
export type TrailRow = { event: AuditEventRow; count: number; oldest: string };

const isStartup = (e: AuditEventRow) =>
  e.event_type === 'config_change' && e.details.action === 'app_startup';

/**
 * Every full page load records a start-up; listed one by one they bury what
 * an administrator looks for. A browser's start-ups (same session, else same
 * user agent) become one row at the place of the newest, with their count.
 */
export function groupStartups(events: AuditEventRow[]): TrailRow[] {
  const rows: TrailRow[] = [];
  const byBrowser = new Map<string, TrailRow>();
  for (const event of events) {
    const browser = event.session_id ?? event.user_agent;
    if (!isStartup(event) || !browser) {
      rows.push({ event, count: 1, oldest: event.recorded_at });
      continue;
    }
    const group = byBrowser.get(browser);
    if (group) {
      group.count += 1;
      group.oldest = event.recorded_at;
      continue;
    }
    const row = { event, count: 1, oldest: event.recorded_at };
    byBrowser.set(browser, row);
    rows.push(row);
  }
  return rows;
}

/** "App started · 14 times in 10 min". */
export function describeGroup(row: TrailRow): string {
  const minutes = Math.round(
    (new Date(row.event.recorded_at).getTime() - new Date(row.oldest).getTime()) / 60_000,
  );
  const span =
    minutes < 1
      ? 'in under a minute'
      : minutes < 120
        ? `in ${minutes} min`
        : `in ${Math.round(minutes / 60)} h`;
  return `App started · ${row.count} times ${span}`;
}

export const isGroup = (row: TrailRow) => row.count > 1;
