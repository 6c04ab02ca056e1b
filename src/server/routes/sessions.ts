import { createRoute, z } from '@hono/zod-openapi';
import { sessionsResponseSchema } from '@shared/schemas/admin-security';
import { revokedSessionsSchema } from '@shared/schemas/auth';
import { requestMeta } from '../auth/auth-audit';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../auth/own-sessions';
import { errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { requireAdmin } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const idParams = z.object({
  id: z
    .uuid({ error: 'The session id must be a UUID' })
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/**
 * Sessions the user controls: list one's own sessions, end one of them, or all
 * but the one in use. Every process reads the `sessions` table per request, so
 * an ended session is refused everywhere at once. A demo token is its own
 * account's only session here: it never reaches another visitor's.
 */
export const sessionRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/sessions',
      tags: ['admin'],
      summary: "The caller's own sessions, newest first, at most 5",
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(sessionsResponseSchema, 'Sessions'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const own = await listOwnSessions(deps.db, c.get('principal')!, deps.now());
      return c.json({ sessions: own }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/sessions/{id}',
      tags: ['admin'],
      summary: 'End one of your other sessions',
      middleware: [requireAdmin()] as const,
      request: { params: idParams },
      responses: {
        200: json(revokedSessionsSchema, 'The session has ended'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await endOwnSession(c.get('deps'), c.get('principal')!, id, requestMeta(c));
      return c.json({ revoked: 1 }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/sessions/revoke-others',
      tags: ['admin'],
      summary: 'End every session of yours except the one in use',
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(revokedSessionsSchema, 'How many sessions ended'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const revoked = await endOtherSessions(c.get('deps'), c.get('principal')!, requestMeta(c));
      return c.json({ revoked }, 200);
    },
  );
