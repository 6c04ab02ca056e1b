import { z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { ADMIN_ROLES } from '@shared/constants';
import {
  AUDIT_EXPORT_ID_HEADER,
  AUDIT_EXPORT_MAX_ROWS,
  auditExportIdParamsSchema,
  auditExportManifestSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListResponseSchema,
  auditResumeSeqSchema,
  auditStreamQuerySchema,
  chainVerificationSchema,
  INVALID_AUDIT_RESUME,
} from '@shared/schemas/audit-trail';
import {
  claimLiveStream,
  LIVE_AUDIT_LIMITS,
  runLiveStream,
  TOO_MANY_DEMO_STREAMS,
  TOO_MANY_STREAMS,
} from '../audit/live';
import { requestActor } from '../audit/request-actor';
import {
  auditExportManifest,
  auditPage,
  exportAuditTrail,
  resolveAuditFilter,
  verifyAuditTrail,
} from '../audit/trail';
import { sweepExpiredGrants } from '../credentials/grants';
import { ApiError, badRequest, notFound, unauthorized } from '../core/errors';
import { createRouter, defineRoute, jsonResponse, strictQuery } from '../http/define-route';
import { requestMeta } from '../security/request-meta';
import { limitedAddress } from '../security/client-ip';
import { bearerToken, resolvePrincipal } from '../security/principal';

export const adminAuditRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit',
      operationId: 'listAuditEvents',
      tag: 'admin',
      access: 'platform_admin',
      summary:
        'The audit trail, newest first, filtered by type, severity, actor, source and time, in pages',
      request: { query: strictQuery(auditListQuerySchema) },
      responses: { 200: jsonResponse(auditListResponseSchema, 'A page of events') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const page = await auditPage(deps, c.req.valid('query'), (now) =>
        sweepExpiredGrants(deps.db, now),
      );
      return c.json(page, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/stream',
      operationId: 'streamAuditEvents',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'New audit events as they are recorded (Server-Sent Events), filtered like the list',
      description: `One message per event, \`id: <seq>\` and \`data: <the list's event JSON>\`, oldest first. It sends the events after the \`Last-Event-ID\` header or, without it, after \`after\`; with neither, only events recorded from now on. A comment line every ${LIVE_AUDIT_LIMITS.heartbeatMs / 1000} s keeps the connection open; the stream ends when the session does. At most ${LIVE_AUDIT_LIMITS.streamsPerAccount} open streams per account (429); in demo mode ${LIVE_AUDIT_LIMITS.streamsPerAccount} per demo session and ${LIVE_AUDIT_LIMITS.demoStreamsPerAddress} per client address.`,
      request: { query: strictQuery(auditStreamQuerySchema) },
      errors: [429],
      responses: {
        200: {
          description: 'An endless text/event-stream of audit events',
          content: { 'text/event-stream': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal');
      if (!principal) throw unauthorized();
      const { after, ...filter } = c.req.valid('query');
      const header = c.req.header('last-event-id');
      let resume = after ?? null;
      if (header !== undefined && header.trim() !== '') {
        const parsed = auditResumeSeqSchema.safeParse(header.trim());
        if (!parsed.success) throw badRequest(`Last-Event-ID: ${INVALID_AUDIT_RESUME}`);
        resume = parsed.data;
      }
      // An unknown actor is refused before a slot is taken.
      const resolved = await resolveAuditFilter(deps.db, filter);
      const meta = requestMeta(c);
      // Every demo visitor is the demo administrator: each demo session has its own slots, and
      // since anyone can mint demo sessions, each client address a share of the process's.
      const slots =
        principal.sessionKind === 'demo'
          ? [
              {
                key: `demo-session:${principal.sessionId}`,
                limit: LIVE_AUDIT_LIMITS.streamsPerAccount,
                refusal: TOO_MANY_STREAMS,
              },
              {
                key: `demo-address:${limitedAddress(meta.ip)}`,
                limit: LIVE_AUDIT_LIMITS.demoStreamsPerAddress,
                refusal: TOO_MANY_DEMO_STREAMS,
              },
            ]
          : [
              {
                key: principal.userId,
                limit: LIVE_AUDIT_LIMITS.streamsPerAccount,
                refusal: TOO_MANY_STREAMS,
              },
            ];
      const claimed = claimLiveStream(deps, slots);
      if ('refusal' in claimed) throw new ApiError(429, 'too_many_streams', claimed.refusal);
      const { release } = claimed;
      const token = bearerToken(c.req.header('authorization'));
      // The session is checked again at each heartbeat: sign-out, revocation or a
      // lost role ends the stream then (docs/api/audit-trail.md#live-stream).
      const stillAllowed = async () => {
        const now = await resolvePrincipal(deps, token, meta);
        return (
          !!now &&
          now.userId === principal.userId &&
          !now.mustChangePassword &&
          now.roles.some((r) => ADMIN_ROLES.includes(r))
        );
      };
      // Proxies that buffer answers (nginx) would hold the events back.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, (stream) =>
        runLiveStream(deps, {
          filter: resolved,
          after: resume,
          release,
          stillAllowed,
          sink: { write: (text) => stream.write(text), onAbort: (fn) => stream.onAbort(fn) },
        }),
      ) as never;
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/export',
      operationId: 'exportAuditEvents',
      tag: 'admin',
      access: 'platform_admin',
      summary:
        'The filtered trail as CSV or JSON Lines, with a signed manifest (the export is itself audited)',
      description: `\`format=jsonl\` gives one JSON event per line; CSV otherwise. The \`${AUDIT_EXPORT_ID_HEADER}\` header names the export's signed manifest, served by \`GET /api/admin/audit/exports/{id}/manifest\` (also in the \`Link\` header, rel \`describedby\`).`,
      request: { query: strictQuery(auditExportQuerySchema) },
      responses: {
        200: {
          description: `Up to ${AUDIT_EXPORT_MAX_ROWS} events, newest first`,
          content: {
            'text/csv': { schema: z.string() },
            'application/jsonl': { schema: z.string() },
          },
        },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const now = deps.now();
      const file = await exportAuditTrail(deps, requestActor(c), c.req.valid('query'), now, (at) =>
        sweepExpiredGrants(deps.db, at),
      );
      const day = now.toISOString().slice(0, 10);
      return c.body(file.body, 200, {
        'Content-Type':
          file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/jsonl; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-trail-${day}.${file.format}"`,
        [AUDIT_EXPORT_ID_HEADER]: file.exportId,
        Link: `</api/admin/audit/exports/${file.exportId}/manifest>; rel="describedby"`,
      });
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/audit/exports/{id}/manifest',
      operationId: 'getAuditExportManifest',
      tag: 'admin',
      access: 'platform_admin',
      summary: "An export's signed manifest: its filters, rows, hashes and covering checkpoint",
      description:
        'Kept for 7 days after the export. Check a file against it with `npm run audit:verify-export -- <file> <manifest>`.',
      request: { params: auditExportIdParamsSchema },
      errors: [404],
      responses: { 200: jsonResponse(auditExportManifestSchema, 'The signed manifest') },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const manifest = await auditExportManifest(c.get('deps').db, id);
      if (manifest === null)
        throw notFound('No export has this id, or its manifest is older than 7 days');
      return c.body(manifest, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-trail-${id}.manifest.json"`,
      }) as never;
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
      const verification = await verifyAuditTrail(c.get('deps'));
      return c.json(verification, 200);
    },
  );
