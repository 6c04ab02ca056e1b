import { z } from 'zod';

/** Live figures of the admin console's Overview and Analytics tabs. */

/** Users are counted exactly up to this many; beyond it the count says "at least". */
export const SUMMARY_USER_COUNT_CAP = 10_000;
/** The longest period one analytics request may cover, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 92;
/** The period the Analytics tab shows unless asked otherwise, in days. */
export const ANALYTICS_DEFAULT_DAYS = 14;

export const adminSummarySchema = z.object({
  users: z.object({
    total: z.number().int(),
    /** False when there are more users than SUMMARY_USER_COUNT_CAP: total is then the cap. */
    exact: z.boolean(),
  }),
  /** Credential access requests nobody has approved or denied yet. */
  pending_credential_requests: z.number().int(),
  /** Events recorded since midnight UTC. */
  audit_events_today: z.number().int(),
  /** Midnight UTC of today, as the server's clock has it. */
  today_starts_at: z.string(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

const isoDay = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });

export const analyticsQuerySchema = z
  .strictObject({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'from must not be after to',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) + 1 <= ANALYTICS_MAX_DAYS, {
    error: `the period may cover at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Whole days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const counts = z.object({
  sign_ins: z.number().int(),
  failed_sign_ins: z.number().int(),
  role_changes: z.number().int(),
  credential_requests: z.number().int(),
});

const analyticsDaySchema = counts.extend({ date: z.string() });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const adminAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the period in order, days without events included (as zeros). */
  days: z.array(analyticsDaySchema),
  totals: counts,
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
