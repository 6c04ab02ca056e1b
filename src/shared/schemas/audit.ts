import { z } from 'zod';

/** SPEC.md §3 "Audit event (admin console)": the types the console queue may send. */
export const CONSOLE_EVENT_TYPES = [
  'auth.signin.success',
  'auth.signin.failure',
  'auth.signup.success',
  'auth.signup.failure',
  'auth.signout',
  'auth.rate_limited',
  'cross_platform.auth.initiated',
  'cross_platform.token.exchange',
  'security.violation',
  'security.suspicious_activity',
  'admin.panel.access',
  'admin.credential.access.requested',
  'security.panel.access',
] as const;
export type ConsoleEventType = (typeof CONSOLE_EVENT_TYPES)[number];

/** SPEC.md §3 "Security event (startup audit queue)". */
export const SECURITY_EVENT_TYPES = [
  'login_success',
  'login_failure',
  'logout',
  'session_expired',
  'unauthorized_access',
  'permission_denied',
  'role_escalation_attempt',
  'credential_access_requested',
  'credential_access_granted',
  'credential_access_denied',
  'credential_viewed',
  'sensitive_data_access',
  'bulk_data_export',
  'admin_panel_access',
  'rate_limit_exceeded',
  'suspicious_activity',
  'security_policy_violation',
  'config_change',
  'emergency_access',
  'audit_log_access',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The console's severities (default low) and the start-up queue's, which adds info. */
export const CONSOLE_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const SECURITY_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof SECURITY_SEVERITIES)[number];

/** High and critical events are flushed at once and never dropped by the queue cap (SPEC.md §4, §9). */
export const isUrgent = (severity: AuditSeverity) => severity === 'high' || severity === 'critical';

/**
 * Bounds of one POST /api/audit/events. A queue holds at most 50 events, so a
 * batch does too; the bytes bound keeps each page-hide request inside the
 * browser's 64 KB budget for keepalive requests.
 */
export const AUDIT_LIMITS = {
  maxEvents: 50,
  maxDropReports: 10,
  maxDetailsBytes: 2048,
  maxDetailsKeys: 32,
  maxBatchBytes: 60_000,
} as const;

/** Byte length of a value's JSON as UTF-8 (what goes over the wire). */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
}

const detailsSchema = z
  .record(z.string().max(64, 'details keys must be at most 64 characters'), z.unknown())
  .refine((d) => Object.keys(d).length <= AUDIT_LIMITS.maxDetailsKeys, {
    error: `details may have at most ${AUDIT_LIMITS.maxDetailsKeys} keys`,
  })
  .refine((d) => jsonBytes(d) <= AUDIT_LIMITS.maxDetailsBytes, {
    error: `details must be at most ${AUDIT_LIMITS.maxDetailsBytes} bytes of JSON`,
  });

const baseEvent = {
  /** The client's UUID for the event: the server stores each id once, however often it is sent. */
  id: z.uuid({ error: 'id must be a UUID' }),
  details: detailsSchema.default({}),
  /** When the event happened, by the client's clock. */
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time' }),
  session_id: z.string().max(64, 'session_id must be at most 64 characters').nullable(),
};

export const consoleEventSchema = z.strictObject({
  ...baseEvent,
  event_type: z.enum(CONSOLE_EVENT_TYPES, { error: 'Unknown console event type' }),
  severity: z.enum(CONSOLE_SEVERITIES, { error: 'Unknown severity' }).default('low'),
});
export type ConsoleEvent = z.input<typeof consoleEventSchema>;

export const securityEventSchema = z.strictObject({
  ...baseEvent,
  event_type: z.enum(SECURITY_EVENT_TYPES, { error: 'Unknown security event type' }),
  severity: z.enum(SECURITY_SEVERITIES, { error: 'Unknown severity' }),
  page_url: z.string().max(2048, 'page_url must be at most 2048 characters').nullable(),
});
export type SecurityEvent = z.input<typeof securityEventSchema>;

/** How many events a queue had to drop at its cap; it has its own id so a retry counts once. */
export const dropReportSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a UUID' }),
  count: z.number().int().min(1).max(1_000_000),
});
export type DropReport = z.infer<typeof dropReportSchema>;

const batchRest = {
  dropped: z
    .array(dropReportSchema)
    .max(AUDIT_LIMITS.maxDropReports, `At most ${AUDIT_LIMITS.maxDropReports} drop reports`)
    .optional(),
};
const nonEmpty = (b: { events: unknown[]; dropped?: unknown[] | undefined }) =>
  b.events.length + (b.dropped?.length ?? 0) > 0;
const tooMany = `A batch holds at most ${AUDIT_LIMITS.maxEvents} events`;

export const auditBatchSchema = z
  .discriminatedUnion(
    'source',
    [
      z.strictObject({
        source: z.literal('console'),
        events: z.array(consoleEventSchema).max(AUDIT_LIMITS.maxEvents, tooMany),
        ...batchRest,
      }),
      z.strictObject({
        source: z.literal('startup'),
        events: z.array(securityEventSchema).max(AUDIT_LIMITS.maxEvents, tooMany),
        ...batchRest,
      }),
    ],
    { error: 'source must be console or startup' },
  )
  .refine(nonEmpty, { error: 'Send at least one event' });
export type AuditBatch = z.input<typeof auditBatchSchema>;

export const auditBatchResultSchema = z.object({
  /** Events (and drop reports) in the batch. */
  received: z.number().int(),
  /** Newly stored; the rest were already stored by an earlier attempt. */
  stored: z.number().int(),
});
export type AuditBatchResult = z.infer<typeof auditBatchResultSchema>;
