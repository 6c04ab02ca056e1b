import { createRoute, z } from '@hono/zod-openapi';
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditFilterSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  chainVerificationSchema,
} from '@shared/schemas/audit-trail';
import { requestActor } from '../audit/request-actor';
import { auditPage, exportAuditCsv, verifyAuditTrail } from '../audit/trail';
import { errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { requireAdmin } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const adminAuditRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/audit',
      tags: ['admin'],
      summary: 'The audit trail, newest first, filtered by type and severity, in pages',
      middleware: [requireAdmin()] as const,
      request: { query: auditListQuerySchema },
      responses: {
        200: json(auditListResponseSchema, 'A page of events'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const page = await auditPage(c.get('deps'), c.req.valid('query'));
      return c.json(page, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/audit/export',
      tags: ['admin'],
      summary: 'The filtered trail as CSV (the export is itself audited)',
      middleware: [requireAdmin()] as const,
      request: { query: auditFilterSchema },
      responses: {
        200: {
          description: `Up to ${AUDIT_EXPORT_MAX_ROWS} events, newest first`,
          content: { 'text/csv': { schema: z.string() } },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
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
    createRoute({
      method: 'get',
      path: '/admin/audit/verify',
      tags: ['admin'],
      summary: 'Walks the keyed hash chain and its signed head; names the failed check',
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(chainVerificationSchema, 'The verification result'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const verification = await verifyAuditTrail(c.get('deps'));
      return c.json(verification, 200);
    },
  );
