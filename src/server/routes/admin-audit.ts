import { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditFilterSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  chainVerificationSchema,
  type AuditEventRow,
  type AuditFilter,
} from '@shared/schemas/audit-trail';
import { appendAuditEvents, verifyAuditChain } from '../audit/chain';
import { toCsv } from '../audit/csv';
import { AUDIT_EVENTS } from '../audit/event-types';
import { requestActor } from '../audit/request-actor';
import { sweepExpiredGrants } from '../credentials/grants';
import type { Db, Tx } from '../db/client';
import { auditEvents, platformUsers } from '../db/schema';
import { createRouter, defineRoute, jsonResponse, strictQuery } from '../http/define-route';

function filterConditions(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(auditEvents.eventType, filter.type));
  if (filter.severity) conditions.push(eq(auditEvents.severity, filter.severity));
  return conditions;
}

/** Newest first, with the account's address while the account exists. */
async function readEvents(db: Db | Tx, conditions: SQL[], limit: number): Promise<AuditEventRow[]> {
  const rows = await db
    .select({ event: auditEvents, email: platformUsers.email })
    .from(auditEvents)
    .leftJoin(platformUsers, eq(platformUsers.id, auditEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.seq))
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

export const adminAuditRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit',
      operationId: 'listAuditEvents',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'The audit trail, newest first, filtered by type and severity, in pages',
      request: { query: strictQuery(auditListQuerySchema) },
      responses: { 200: jsonResponse(auditListResponseSchema, 'A page of events') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const query = c.req.valid('query');
      const limit = query.limit ?? AUDIT_PAGE_SIZE;
      // Expiries not yet on the record are written before anyone reads the trail.
      await sweepExpiredGrants(deps.db, deps.now());
      const conditions = filterConditions(query);
      if (query.cursor) conditions.push(lt(auditEvents.seq, query.cursor));
      const events = await readEvents(deps.db, conditions, limit + 1);
      const more = events.length > limit;
      const page = more ? events.slice(0, limit) : events;
      const types = await deps.db
        .selectDistinct({ type: auditEvents.eventType })
        .from(auditEvents)
        .orderBy(asc(auditEvents.eventType));
      return c.json(
        {
          events: page,
          next_cursor: more ? page[page.length - 1]!.seq : null,
          event_types: types.map((t) => t.type),
        },
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/export',
      operationId: 'exportAuditEvents',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'The filtered trail as CSV (the export is itself audited)',
      request: { query: strictQuery(auditFilterSchema) },
      responses: {
        200: {
          description: `Up to ${AUDIT_EXPORT_MAX_ROWS} events, newest first`,
          content: { 'text/csv': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const filter = c.req.valid('query');
      const now = deps.now();
      await sweepExpiredGrants(deps.db, now);
      // Read and record in one transaction: no export leaves without its audit record.
      const events = await deps.db.transaction(async (tx) => {
        const rows = await readEvents(tx, filterConditions(filter), AUDIT_EXPORT_MAX_ROWS + 1);
        const truncated = rows.length > AUDIT_EXPORT_MAX_ROWS;
        const exported = truncated ? rows.slice(0, AUDIT_EXPORT_MAX_ROWS) : rows;
        await appendAuditEvents(
          tx,
          [
            {
              source: 'server',
              eventType: AUDIT_EVENTS.auditExported,
              severity: 'medium',
              ...requestActor(c),
              details: {
                filter: { type: filter.type ?? null, severity: filter.severity ?? null },
                rows: exported.length,
                truncated,
              },
            },
          ],
          now,
        );
        return exported;
      });
      const csv = toCsv(
        CSV_COLUMNS,
        events.map((e) => CSV_COLUMNS.map((column) => e[column])),
      );
      const day = now.toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-trail-${day}.csv"`,
      });
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/verify',
      operationId: 'verifyAuditChain',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Walks the keyed hash chain and its signed head; names the failed check',
      responses: { 200: jsonResponse(chainVerificationSchema, 'The verification result') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const result = await verifyAuditChain(deps.db);
      let brokenType: string | null = null;
      if (!result.ok && result.brokenAtSeq !== null) {
        const [row] = await deps.db
          .select({ type: auditEvents.eventType })
          .from(auditEvents)
          .where(eq(auditEvents.seq, result.brokenAtSeq));
        brokenType = row?.type ?? null;
      }
      return c.json(
        {
          ok: result.ok,
          checked: result.checked,
          head_hash: result.ok ? result.headHash : null,
          failed_check: result.ok ? null : result.check,
          broken_at_seq: result.ok ? null : result.brokenAtSeq,
          broken_event_type: brokenType,
          reason: result.ok ? null : result.reason,
          verified_at: deps.now().toISOString(),
        },
        200,
      );
    },
  );
