import { z } from '@hono/zod-openapi';
import { userExportQuerySchema } from '@shared/schemas/user-list';
import { exportUsersCsv } from '../users/directory';
import { requestActor } from '../audit/request-actor';
import { requireStepUp } from '../auth/step-up';
import { requestMeta } from '../security/request-meta';
import { createRouter, defineRoute, strictQuery } from '../http/define-route';

/**
 * docs/product/admin-console.md#users-export: the users of the list's search, filters and order
 * as CSV, streamed.
 */
export const adminUserExportRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/admin/users/export',
    operationId: 'exportUsers',
    tag: 'admin',
    access: 'platform_admin',
    summary: "Every user of the list's search and filters, in its order, as CSV, streamed",
    description:
      "Takes the users list's q, role, status, org, never, sort and dir, with the same meaning and the same 400s, and gives every matching user in that order (no page, no cursor). Cells that a spreadsheet would run as a formula are prefixed with an apostrophe. The export is recorded in the audit trail, with what it selected, before its first row is sent. It asks for a step-up (403 `step_up_required`, see /api/auth/step-up).",
    request: { query: strictQuery(userExportQuerySchema) },
    responses: {
      200: {
        description: 'Every matching user, one row each, with their roles in force',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    await requireStepUp(deps, c.get('principal')!, requestMeta(c), 'export_users');
    const now = deps.now();
    const body = await exportUsersCsv(deps.db, requestActor(c), c.req.valid('query'), now);
    const day = now.toISOString().slice(0, 10);
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="users-${day}.csv"`,
      'Cache-Control': 'no-store',
    });
  },
);
