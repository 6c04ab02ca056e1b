import { z } from '@hono/zod-openapi';
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditFilterSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  chainVerificationSchema,
} from '@shared/schemas/audit-trail';
import { requestActor } from '../audit/request-actor';
import { auditPage, exportAuditCsv, verifyAuditTrail } from '../audit/trail';
import { createRouter, defineRoute, jsonResponse, strictQuery } from '../http/define-route';

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
      const page = await auditPage(c.get('deps'), c.req.valid('query'));
      return c.json(page, 200);
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
      const now = deps.now();
      const csv = await exportAuditCsv(deps, requestActor(c), c.req.valid('query'), now);
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
      const verification = await verifyAuditTrail(c.get('deps'));
      return c.json(verification, 200);
    },
  );
