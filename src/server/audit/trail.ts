import { and, asc, desc, eq, gt, gte, isNull, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANONYMOUS_ACTOR,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type auditListQuerySchema,
  type AuditEventRow,
  type AuditFilter,
  type AuditListResponse,
  type ChainVerificationResult,
} from '@shared/schemas/audit-trail';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { ApiError } from '../core/errors';
import { auditEvents, auditExportManifests, platformUsers } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { appendAuditEvents } from './chain/append';
import { recordCheckpoint } from './checkpoints';
import { describeFile, type ExportFileFormat } from './proof/export-manifest';
import { EXPORT_FORMAT, manifestBytes, signBytes } from './proof/signed-bytes';
import { auditSigningKey } from './signing-key';
import { verifyAuditChain } from './chain/verify';
import { toCsv } from './csv';
import { AUDIT_EVENTS } from './event-types';
import type { Actor } from './request-actor';

/**
 * Writes the events that are due but not yet on the trail (a grant that has expired), so that a
 * read of the trail shows them. The domain that owns them passes it in: audit imports no domain.
 */
export type RecordDue = (now: Date) => Promise<unknown>;

/** The answer to an actor filter naming no account. */
const UNKNOWN_AUDIT_ACTOR = (email: string) =>
  `actor: No account has the email ${email}; give an account's exact email, or "${ANONYMOUS_ACTOR}"`;

/**
 * A filter with its actor resolved: `userId` is the account's id, null for
 * events with no user ("anonymous"), undefined for any actor.
 */
export type ResolvedAuditFilter = Omit<AuditFilter, 'actor'> & { userId?: string | null };

/**
 * Resolves the actor's email to the account's id (case-insensitive, as
 * sign-in); an email no account has is refused with 400 `unknown_actor`.
 */
export async function resolveAuditFilter(
  db: Db | Tx,
  filter: AuditFilter,
): Promise<ResolvedAuditFilter> {
  const { actor, ...rest } = filter;
  if (actor === undefined) return rest;
  if (actor.toLowerCase() === ANONYMOUS_ACTOR) return { ...rest, userId: null };
  const [user] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(sql`lower(${platformUsers.email}) = ${actor.toLowerCase()}`)
    .limit(1);
  if (!user) throw new ApiError(400, 'unknown_actor', UNKNOWN_AUDIT_ACTOR(actor));
  return { ...rest, userId: user.id };
}

/**
 * The one SQL builder of the filters, shared by the list, the export and the
 * live stream. Each filter has its index: (event_type, seq desc),
 * (user_id, seq desc), (source, seq desc), and occurred_at for the range.
 */
function filterConditions(filter: ResolvedAuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(auditEvents.eventType, filter.type));
  if (filter.severity) conditions.push(eq(auditEvents.severity, filter.severity));
  if (filter.userId === null) conditions.push(isNull(auditEvents.userId));
  else if (filter.userId) conditions.push(eq(auditEvents.userId, filter.userId));
  if (filter.source) conditions.push(eq(auditEvents.source, filter.source));
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(auditEvents.occurredAt, new Date(filter.to)));
  return conditions;
}

/**
 * filterConditions as a test of one listed event, for the live stream, which reads every new
 * event once and hands each stream the ones its filter keeps: the same rules, field by field.
 */
export function matchesAuditFilter(filter: ResolvedAuditFilter, e: AuditEventRow): boolean {
  if (filter.type && e.event_type !== filter.type) return false;
  if (filter.severity && e.severity !== filter.severity) return false;
  if (filter.userId === null && e.user_id !== null) return false;
  if (filter.userId && e.user_id !== filter.userId) return false;
  if (filter.source && e.source !== filter.source) return false;
  const at = Date.parse(e.occurred_at);
  if (filter.from && at < Date.parse(filter.from)) return false;
  if (filter.to && at >= Date.parse(filter.to)) return false;
  return true;
}

/** Newest first (or oldest first), with the account's address while the account exists. */
async function readEvents(
  db: Db | Tx,
  conditions: SQL[],
  limit: number,
  order: 'newest' | 'oldest' = 'newest',
): Promise<AuditEventRow[]> {
  const rows = await db
    .select({ event: auditEvents, email: platformUsers.email })
    .from(auditEvents)
    .leftJoin(platformUsers, eq(platformUsers.id, auditEvents.userId))
    .where(and(...conditions))
    .orderBy(order === 'newest' ? desc(auditEvents.seq) : asc(auditEvents.seq))
    .limit(limit);
  return rows.map(({ event: e, email }) => ({
    seq: e.seq,
    id: e.id,
    event_type: e.eventType,
    severity: e.severity,
    source: e.source,
    user_id: e.userId,
    user_email: email,
    session_id: e.sessionId,
    ip_address: e.ipAddress,
    user_agent: e.userAgent,
    details:
      e.details && typeof e.details === 'object' && !Array.isArray(e.details)
        ? (e.details as Record<string, unknown>)
        : { value: e.details },
    occurred_at: e.occurredAt.toISOString(),
    recorded_at: e.recordedAt.toISOString(),
    reported_by: e.source === 'server' ? 'server' : 'browser',
    claimed_at: e.claimedAt?.toISOString() ?? null,
  }));
}

const CSV_COLUMNS = [
  'seq',
  'recorded_at',
  'occurred_at',
  'event_type',
  'severity',
  'source',
  'reported_by',
  'claimed_at',
  'user_email',
  'user_id',
  'session_id',
  'ip_address',
  'user_agent',
  'details',
] as const;

/**
 * A page of the trail, newest first, after `cursor` when given, with every
 * event type on the trail (for the filter). Expiries not yet on the record are
 * written before anyone reads the trail.
 */
export async function auditPage(
  deps: AppDeps,
  query: z.output<typeof auditListQuerySchema>,
  recordDue: RecordDue,
): Promise<AuditListResponse> {
  const { limit = AUDIT_PAGE_SIZE, cursor: _cursor, ...filter } = query;
  const conditions = filterConditions(await resolveAuditFilter(deps.db, filter));
  await recordDue(deps.now());
  if (query.cursor) conditions.push(lt(auditEvents.seq, query.cursor));
  const events = await readEvents(deps.db, conditions, limit + 1);
  const more = events.length > limit;
  const page = more ? events.slice(0, limit) : events;
  const types = await deps.db
    .selectDistinct({ type: auditEvents.eventType })
    .from(auditEvents)
    .orderBy(asc(auditEvents.eventType));
  return {
    events: page,
    next_cursor: more ? page[page.length - 1]!.seq : null,
    event_types: types.map((t) => t.type),
  };
}

/**
 * Up to `limit` events after sequence number `after` (and up to `through`, when given) that
 * pass the filter, oldest first, as the list shows them (the live stream's reads).
 */
export async function auditEventsAfter(
  db: Db,
  filter: ResolvedAuditFilter,
  after: number,
  limit: number,
  through?: number,
): Promise<AuditEventRow[]> {
  const conditions = filterConditions(filter);
  conditions.push(gt(auditEvents.seq, after));
  if (through !== undefined) conditions.push(lte(auditEvents.seq, through));
  return readEvents(db, conditions, limit, 'oldest');
}

/** The sequence number of the newest event on the trail (0 when it is empty). */
export async function auditHeadSeq(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ last: max(auditEvents.seq) }).from(auditEvents);
  return Number(row?.last ?? 0);
}

/** An export's file and the id of its signed manifest. */
export type AuditExport = { body: string; format: ExportFileFormat; exportId: string };

/** How long an export's manifest is kept to be downloaded again. */
const MANIFEST_KEPT_MS = 7 * 86_400_000;

/** The file's text: CSV (a header line, CRLF after each record) or JSON Lines (LF after each). */
function exportBody(format: ExportFileFormat, events: AuditEventRow[]): string {
  if (format === 'jsonl') return events.map((e) => `${JSON.stringify(e)}\n`).join('');
  return toCsv(
    CSV_COLUMNS,
    events.map((e) => CSV_COLUMNS.map((column) => e[column])),
  );
}

/**
 * The filtered trail as CSV or JSON Lines, at most AUDIT_EXPORT_MAX_ROWS events, newest first,
 * with a signed manifest (docs/product/audit-trail.md#signed-exports). Read, record, sign the
 * head that covers the rows and store the manifest in one transaction: no export leaves
 * without its audit record and its manifest.
 */
export async function exportAuditTrail(
  deps: AppDeps,
  actor: Actor,
  query: AuditFilter & { format?: ExportFileFormat },
  now: Date,
  recordDue: RecordDue,
): Promise<AuditExport> {
  const { format = 'csv', ...filter } = query;
  // An unknown actor is refused before anything is read or recorded.
  const resolved = await resolveAuditFilter(deps.db, filter);
  await recordDue(now);
  const exportId = randomUUID();
  const filters = {
    type: filter.type ?? null,
    severity: filter.severity ?? null,
    actor: filter.actor ?? null,
    source: filter.source ?? null,
    from: filter.from ?? null,
    to: filter.to ?? null,
  };
  const body = await deps.db.transaction(async (tx) => {
    const rows = await readEvents(tx, filterConditions(resolved), AUDIT_EXPORT_MAX_ROWS + 1);
    const truncated = rows.length > AUDIT_EXPORT_MAX_ROWS;
    const exported = truncated ? rows.slice(0, AUDIT_EXPORT_MAX_ROWS) : rows;
    const text = exportBody(format, exported);
    const file = describeFile(
      format,
      text,
      exported.map((e) => e.seq),
    );
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.auditExported,
          severity: 'medium',
          ...actor,
          details: {
            filter: filters,
            format,
            rows: exported.length,
            truncated,
            export_id: exportId,
          },
        },
      ],
      now,
    );
    // The head now includes the export's own record, after every exported row.
    const checkpoint = await recordCheckpoint(tx, now);
    const { key, keyId, x } = auditSigningKey();
    const unsigned = {
      format: EXPORT_FORMAT,
      export_id: exportId,
      exported_at: now.toISOString(),
      filters,
      truncated,
      ...file,
      checkpoint: checkpoint!,
      public_key: { kty: 'OKP' as const, crv: 'Ed25519' as const, x, kid: keyId },
      key_id: keyId,
    };
    const manifest = { ...unsigned, signature: signBytes(key, manifestBytes(unsigned)) };
    await tx
      .delete(auditExportManifests)
      .where(lt(auditExportManifests.createdAt, new Date(now.getTime() - MANIFEST_KEPT_MS)));
    await tx
      .insert(auditExportManifests)
      .values({ id: exportId, createdAt: now, manifest: JSON.stringify(manifest, null, 2) });
    return text;
  });
  return { body, format, exportId };
}

/** An export's signed manifest as served, or null when there is none (unknown, or older than a week). */
export async function auditExportManifest(db: Db, exportId: string): Promise<string | null> {
  const [row] = await db
    .select({ manifest: auditExportManifests.manifest })
    .from(auditExportManifests)
    .where(eq(auditExportManifests.id, exportId));
  return row?.manifest ?? null;
}

/** Walks the keyed hash chain and names the failed check and the type of the event it broke at. */
export async function verifyAuditTrail(deps: AppDeps): Promise<ChainVerificationResult> {
  const result = await verifyAuditChain(deps.db);
  let brokenType: string | null = null;
  if (!result.ok && result.brokenAtSeq !== null) {
    const [row] = await deps.db
      .select({ type: auditEvents.eventType })
      .from(auditEvents)
      .where(eq(auditEvents.seq, result.brokenAtSeq));
    brokenType = row?.type ?? null;
  }
  return {
    ok: result.ok,
    checked: result.checked,
    head_hash: result.ok ? result.headHash : null,
    head_seq: result.ok ? result.headSeq : null,
    failed_check: result.ok ? null : result.check,
    broken_at_seq: result.ok ? null : result.brokenAtSeq,
    broken_event_type: brokenType,
    reason: result.ok ? null : result.reason,
    verified_at: deps.now().toISOString(),
  };
}
