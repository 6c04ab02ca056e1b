import { z } from 'zod';
import { SEVERITIES } from '../constants';

/** The recent audit trail and its verification (Security Audit tab). */

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** Where an event came from: the console queue, the start-up queue, or the server itself. */
export const AUDIT_SOURCES = ['console', 'startup', 'server'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

/** The actor filter's value for events with no user. */
export const ANONYMOUS_ACTOR = 'anonymous';

const AUDIT_TIME = z.iso.datetime({
  offset: true,
  error: 'Give an ISO 8601 date and time with its offset, such as 2026-01-31T09:00:00Z',
});

/**
 * The trail's filters (docs/api/audit-trail.md#filters): type, severity, actor (an account's
 * email, or "anonymous"), source, and a time range on occurred_at (from inclusive, to exclusive).
 */
const auditFilterShape = {
  type: z.string().trim().min(1).max(100).optional(),
  severity: z.enum(SEVERITIES).optional(),
  actor: z.string().trim().min(1).max(320).optional(),
  source: z.enum(AUDIT_SOURCES, { error: `Choose one of ${AUDIT_SOURCES.join(', ')}` }).optional(),
  from: AUDIT_TIME.optional(),
  to: AUDIT_TIME.optional(),
};

/** The answer to a time range that ends where or before it starts. */
const EMPTY_AUDIT_RANGE = 'The range must end after it starts: "to" is after "from"';

/** Refuses a range whose `to` is not after its `from`. */
function checkAuditRange(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from && value.to && Date.parse(value.to) <= Date.parse(value.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: EMPTY_AUDIT_RANGE });
  }
}

export const auditFilterSchema = z.strictObject(auditFilterShape).superRefine(checkAuditRange);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The answer to a cursor that is not a sequence number this server handed out. */
const INVALID_AUDIT_CURSOR = 'The page cursor is not valid; start again from the first page';

export const auditListQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    limit: z.coerce.number().int().min(1).max(100).optional(),
    /** Events older than this sequence number (the previous page's next_cursor). */
    cursor: z.coerce
      .number({ error: INVALID_AUDIT_CURSOR })
      .int({ error: INVALID_AUDIT_CURSOR, abort: true })
      .min(1, { error: INVALID_AUDIT_CURSOR })
      .max(Number.MAX_SAFE_INTEGER, { error: INVALID_AUDIT_CURSOR })
      .optional(),
  })
  .superRefine(checkAuditRange);

/** The answer to an `after` or `Last-Event-ID` that is not a sequence number. */
export const INVALID_AUDIT_RESUME = 'Resume after a sequence number (a whole number of 0 or more)';

/** A sequence number to resume after (the last event id a stream sent). */
export const auditResumeSeqSchema = z.coerce
  .number({ error: INVALID_AUDIT_RESUME })
  .int({ error: INVALID_AUDIT_RESUME, abort: true })
  .min(0, { error: INVALID_AUDIT_RESUME })
  .max(Number.MAX_SAFE_INTEGER, { error: INVALID_AUDIT_RESUME });

/** The live stream: the list's filters, and where to resume (Last-Event-ID, when sent, wins). */
export const auditStreamQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    /** Send the events after this sequence number; without it (or Last-Event-ID), only new ones. */
    after: auditResumeSeqSchema.optional(),
  })
  .superRefine(checkAuditRange);

const auditEventSchema = z.object({
  seq: z.number().int(),
  id: z.uuid(),
  event_type: z.string(),
  severity: z.string(),
  source: z.string(),
  user_id: z.string().nullable(),
  /** The account's address when it still exists. */
  user_email: z.string().nullable(),
  session_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** When it happened: for an event a browser reported, when the server received it. */
  occurred_at: z.string(),
  recorded_at: z.string(),
  /** Who wrote it: the server itself, or a browser (whose account of the event is a claim). */
  reported_by: z.enum(['server', 'browser']),
  /** The time a browser claimed for the event it reported; null for server events. */
  claimed_at: z.string().nullable(),
});
export type AuditEventRow = z.infer<typeof auditEventSchema>;

export const auditListResponseSchema = z.object({
  events: z.array(auditEventSchema),
  next_cursor: z.number().int().nullable(),
  /** Every event type in the trail, for the type filter. */
  event_types: z.array(z.string()),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** What verification checks; a broken chain names the check that failed. */
export const CHAIN_CHECK_NAMES = {
  key: 'Chain key',
  signature: 'Head signature',
  link: 'Event link',
  hash: 'Event hash',
  checkpoint: 'Signed checkpoint',
  head: 'Chain end',
  count: 'Event count',
} as const;
export type ChainCheck = keyof typeof CHAIN_CHECK_NAMES;
const CHAIN_CHECKS = Object.keys(CHAIN_CHECK_NAMES) as [ChainCheck, ...ChainCheck[]];

export const chainVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  head_hash: z.string().nullable(),
  /** The seq of the newest event verified (0 for an empty trail), when the chain is intact. */
  head_seq: z.number().int().nullable(),
  /** The check that failed, when the chain is broken. */
  failed_check: z.enum(CHAIN_CHECKS).nullable(),
  /** The first broken link, when there is one and it can be named. */
  broken_at_seq: z.number().int().nullable(),
  broken_event_type: z.string().nullable(),
  reason: z.string().nullable(),
  verified_at: z.string(),
});
export type ChainVerificationResult = z.infer<typeof chainVerificationSchema>;

/** The files an export can be (docs/product/audit-trail.md#signed-exports). */
const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;

/** The export: the list's filters and the file's format (CSV unless `jsonl`). */
export const auditExportQuerySchema = z
  .strictObject({
    ...auditFilterShape,
    format: z
      .enum(AUDIT_EXPORT_FORMATS, { error: `Choose one of ${AUDIT_EXPORT_FORMATS.join(', ')}` })
      .optional(),
  })
  .superRefine(checkAuditRange);

/** The header of an export's answer naming its manifest (GET /api/admin/audit/exports/{id}/manifest). */
export const AUDIT_EXPORT_ID_HEADER = 'X-Audit-Export-Id';

export const auditExportIdParamsSchema = z.object({
  id: z.uuid({ error: 'Give the export id the export answered with (X-Audit-Export-Id)' }),
});

/** A signed head checkpoint (docs/api/audit-trail.md#signed-checkpoints). */
const signedCheckpointSchema = z.object({
  seq: z.number().int(),
  head_hash: z.string(),
  event_count: z.number().int(),
  signed_at: z.string(),
  key_id: z.string(),
  /** Ed25519 over the checkpoint's signed bytes, base64url. */
  signature: z.string(),
});

const publicJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
});

export const auditPublicKeysSchema = z.object({
  current_key_id: z.string().nullable(),
  /** Oldest first; every key but the first carries the statement the key before it signed. */
  keys: z.array(
    z.object({
      key_id: z.string(),
      jwk: publicJwkSchema,
      pem: z.string(),
      created_at: z.string(),
      rotation: z
        .object({
          from_key_id: z.string(),
          to_key_id: z.string(),
          to_public_key: z.string(),
          after_seq: z.number().int(),
          signed_at: z.string(),
          signature: z.string(),
        })
        .nullable(),
    }),
  ),
});

/** The checkpoint feed's page: after a seq, oldest first. */
export const auditCheckpointsQuerySchema = z.strictObject({
  after: auditResumeSeqSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const auditCheckpointsSchema = z.object({
  checkpoints: z.array(signedCheckpointSchema),
  /** The `after` of the next page; null on the last. */
  next_cursor: z.number().int().nullable(),
});

export const auditExportManifestSchema = z.object({
  format: z.literal('talent-audit-export-v1'),
  export_id: z.uuid(),
  file_format: z.enum(AUDIT_EXPORT_FORMATS),
  exported_at: z.string(),
  filters: z.record(z.string(), z.string().nullable()),
  rows: z.number().int(),
  truncated: z.boolean(),
  seq_range: z.object({ first: z.number().int(), last: z.number().int() }).nullable(),
  file_sha256: z.string(),
  header_sha256: z.string().nullable(),
  row_sha256: z.array(z.object({ seq: z.number().int(), sha256: z.string() })),
  checkpoint: signedCheckpointSchema,
  public_key: publicJwkSchema,
  key_id: z.string(),
  signature: z.string(),
});
