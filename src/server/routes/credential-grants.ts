import { createRoute, z } from '@hono/zod-openapi';
import { activeGrantsResponseSchema, grantResponseSchema } from '@shared/schemas/admin-security';
import { timeLimitedAccessBodySchema } from '@shared/schemas/credentials';
import { AUDIT_EVENTS } from '../audit/event-types';
import { currentGrantsOf, grantCredentialAccess, revokeGrant } from '../credentials/grants';
import { auditedValidation, callerOf } from '../credentials/policy';
import { errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { requireAdmin, requireAuth } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * Time-limited credential access (README "Credential access policy"). Every
 * grant, refusal and revocation is on the audit trail; a grant and its record
 * commit together or not at all.
 */
export const credentialGrantRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/credential-grants',
      tags: ['admin'],
      summary: 'Request time-limited access to a credential (granted or refused by policy)',
      middleware: [requireAuth()] as const,
      request: {
        body: {
          required: true,
          content: { 'application/json': { schema: timeLimitedAccessBodySchema } },
        },
      },
      responses: {
        201: json(grantResponseSchema, 'Access granted until expires_at'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const now = deps.now();
      const grant = await grantCredentialAccess(deps, callerOf(c), body, now);
      return c.json({ grant, server_time: now.toISOString() }, 201);
    },
    auditedValidation(AUDIT_EVENTS.grantDenied),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/credential-grants/active',
      tags: ['admin'],
      summary: "The caller's grants that are neither revoked nor expired",
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(activeGrantsResponseSchema, 'Active grants, soonest expiry first'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const now = deps.now();
      const grants = await currentGrantsOf(deps.db, c.get('principal')!.userId, now);
      return c.json({ grants, server_time: now.toISOString() }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/credential-grants/{id}/revoke',
      tags: ['admin'],
      summary: 'End a grant early (its holder, or a super_admin)',
      middleware: [requireAdmin()] as const,
      request: { params: z.object({ id: z.uuid() }) },
      responses: {
        200: json(grantResponseSchema, 'The revoked grant'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const now = deps.now();
      const grant = await revokeGrant(deps, callerOf(c), id, now);
      return c.json({ grant, server_time: now.toISOString() }, 200);
    },
  );
