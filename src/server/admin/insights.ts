import { and, count, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import {
  ANALYTICS_DEFAULT_DAYS,
  SUMMARY_USER_COUNT_CAP,
  type AdminAnalytics,
  type AdminSummary,
  type AnalyticsDay,
  type AnalyticsQuery,
} from '@shared/schemas/admin-insights';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import { CREDENTIAL_ACCESS } from '../credentials/requests';
import { adminActionApprovals, auditEvents, platformUsers } from '../db/schema';

const DAY_MS = 86_400_000;

const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Which audit event counts in which series. Only the server's own records count: a browser cannot add to them. */
const SERIES_OF = {
  [AUDIT_EVENTS.signInSuccess]: 'sign_ins',
  [AUDIT_EVENTS.signInFailure]: 'failed_sign_ins',
  'admin.roles.updated': 'role_changes',
} as const satisfies Record<string, keyof Omit<AnalyticsDay, 'date'>>;

/** The Overview tab's counts: users (capped), requests awaiting review, audit events today (UTC). */
export async function adminSummary(deps: AppDeps): Promise<AdminSummary> {
  const { db, now } = deps;
  const today = startOfUtcDay(now());
  // Counting stops at the cap, so the tile costs the same with a million users.
  const capped = db
    .select({ one: sql`1` })
    .from(platformUsers)
    .limit(SUMMARY_USER_COUNT_CAP + 1)
    .as('capped');
  const [[users], [pending], [events]] = await Promise.all([
    db.select({ n: count() }).from(capped),
    db
      .select({ n: count() })
      .from(adminActionApprovals)
      .where(
        and(
          eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS),
          notInArray(adminActionApprovals.status, ['approved', 'denied']),
        ),
      ),
    db.select({ n: count() }).from(auditEvents).where(gte(auditEvents.recordedAt, today)),
  ]);
  const userCount = users?.n ?? 0;
  return {
    users: {
      total: Math.min(userCount, SUMMARY_USER_COUNT_CAP),
      exact: userCount <= SUMMARY_USER_COUNT_CAP,
    },
    pending_credential_requests: pending?.n ?? 0,
    audit_events_today: events?.n ?? 0,
    today_starts_at: today.toISOString(),
  };
}

/**
 * Sign-ins, role changes and credential requests per UTC day, both ends
 * included; by default the last ANALYTICS_DEFAULT_DAYS days up to today.
 */
export async function adminAnalytics(
  deps: AppDeps,
  query: AnalyticsQuery,
): Promise<AdminAnalytics> {
  const { db, now } = deps;
  const today = startOfUtcDay(now());
  const to = query.to
    ? new Date(`${query.to}T00:00:00Z`)
    : query.from
      ? new Date(
          Math.min(
            Date.parse(`${query.from}T00:00:00Z`) + (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS,
            today.getTime(),
          ),
        )
      : today;
  const from = query.from
    ? new Date(`${query.from}T00:00:00Z`)
    : new Date(to.getTime() - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) {
    // Only a lone `from` in the future gets here: an empty period is still a period.
    return { from: isoDay(from), to: isoDay(from), days: [], totals: zeros() };
  }

  // A range over recorded_at (indexed) and a handful of types, grouped by UTC day.
  const day = sql<string>`to_char(${auditEvents.recordedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, type: auditEvents.eventType, n: count() })
    .from(auditEvents)
    .where(
      and(
        gte(auditEvents.recordedAt, from),
        lt(auditEvents.recordedAt, new Date(to.getTime() + DAY_MS)),
        eq(auditEvents.source, 'server'),
        inArray(auditEvents.eventType, Object.keys(SERIES_OF)),
      ),
    )
    .groupBy(day, auditEvents.eventType);
  // Credential requests are counted from the requests themselves, the rows the Security tab
  // lists, so that both read the same number for the same days (the sample requests have no
  // audit event; docs/product/admin-console.md#analytics-settings).
  const requestDay = sql<string>`to_char(${adminActionApprovals.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const requests = await db
    .select({ day: requestDay, n: count() })
    .from(adminActionApprovals)
    .where(
      and(
        eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS),
        gte(adminActionApprovals.createdAt, from),
        lt(adminActionApprovals.createdAt, new Date(to.getTime() + DAY_MS)),
      ),
    )
    .groupBy(requestDay);

  const byDay = new Map<string, AnalyticsDay>();
  for (let t = from.getTime(); t <= to.getTime(); t += DAY_MS) {
    const date = isoDay(new Date(t));
    byDay.set(date, { date, ...zeros() });
  }
  const totals = zeros();
  for (const r of rows) {
    const series = SERIES_OF[r.type as keyof typeof SERIES_OF];
    const bucket = byDay.get(r.day);
    if (!series || !bucket) continue;
    bucket[series] += r.n;
    totals[series] += r.n;
  }
  for (const r of requests) {
    const bucket = byDay.get(r.day);
    if (!bucket) continue;
    bucket.credential_requests += r.n;
    totals.credential_requests += r.n;
  }
  return { from: isoDay(from), to: isoDay(to), days: [...byDay.values()], totals };
}

function zeros() {
  return { sign_ins: 0, failed_sign_ins: 0, role_changes: 0, credential_requests: 0 };
}
