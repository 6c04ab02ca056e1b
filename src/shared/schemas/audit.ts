import { z } from 'zod';
import {
  AUDIT_LIMITS,
  BROWSER_CONSOLE_EVENT_TYPES,
  CONSOLE_SEVERITIES,
  isServerOnlyEventType,
  jsonBytes,
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
} from '../audit-events';

const detailsSchema = z
  .record(z.string().max(64, 'details keys must be at most 64 characters'), z.unknown())
  .refine((d) => Object.keys(d).length <= AUDIT_LIMITS.maxDetailsKeys, {
    error: `details may have at most ${AUDIT_LIMITS.maxDetailsKeys} keys`,
  })
  .refine((d) => jsonBytes(d) <= AUDIT_LIMITS.maxDetailsBytes, {
    error: `details must be at most ${AUDIT_LIMITS.maxDetailsBytes} bytes of JSON`,
  });

/**
 * The instants a claimed time may name: from the Unix epoch to the last millisecond of year 9999
 * (UTC). No working clock reads outside them, and outside them a time does not read back as
 * written (years below 100 come back as 19xx or 20xx, year 10000 as no date), which would break
 * the hash of the event that carries it.
 */
const CLAIMED_TIME_RANGE = { min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

const claimedTime = z.iso
  .datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time' })
  .refine(
    (t) => {
      const at = Date.parse(t);
      return at >= CLAIMED_TIME_RANGE.min && at <= CLAIMED_TIME_RANGE.max;
    },
    { error: 'timestamp must fall between 1970-01-01 and 9999-12-31 (UTC)' },
  );

const baseEvent = {
  /** The client's UUID for the event: the server stores each id once, however often it is sent. */
  id: z.uuid({ error: 'id must be a UUID' }),
  details: detailsSchema.default({}),
  /** When the event happened by the client's clock: kept as its claim, apart from the receive time. */
  timestamp: claimedTime,
  session_id: z.string().max(64, 'session_id must be at most 64 characters').nullable(),
};

export const consoleEventSchema = z.strictObject({
  ...baseEvent,
  event_type: z.enum(BROWSER_CONSOLE_EVENT_TYPES, {
    error: (issue) =>
      isServerOnlyEventType(issue.input)
        ? `${String(issue.input)} is recorded by the server only`
        : 'Unknown console event type',
  }),
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
const dropReportSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a UUID' }),
  count: z
    .number()
    .int()
    .min(1, 'dropped: a count is at least 1')
    .max(
      AUDIT_LIMITS.maxDroppedPerReport,
      `dropped: a count is at most ${AUDIT_LIMITS.maxDroppedPerReport}`,
    ),
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
