import { sessionsResponseSchema } from '@shared/schemas/admin-security';
import { revokedSessionsSchema } from '@shared/schemas/auth';
import { requestMeta } from '../security/request-meta';
import { endOtherSessions, endOwnSession, listOwnSessions } from '../auth/own-sessions';
import { createRouter, defineRoute, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';

// Lower case, as the database writes it: the session in use is told apart by comparing ids.
const idParams = idParam('session');

/**
 * Sessions the user controls: list one's own sessions, end one of them, or all
 * but the one in use. Every process reads the `sessions` table per request, so
 * an ended session is refused everywhere at once. A demo token is its own
 * account's only session here: it never reaches another visitor's.
 */
export const sessionRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/sessions',
      operationId: 'listOwnSessions',
      tag: 'admin',
      access: 'platform_admin',
      summary: "The caller's own sessions, newest first, at most 5",
      responses: { 200: jsonResponse(sessionsResponseSchema, 'Sessions') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const own = await listOwnSessions(deps.db, c.get('principal')!, deps.now());
      return c.json({ sessions: own }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/admin/sessions/{id}',
      operationId: 'revokeSession',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'End one of your other sessions',
      request: { params: idParams },
      responses: { 200: jsonResponse(revokedSessionsSchema, 'The session has ended') },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await endOwnSession(c.get('deps'), c.get('principal')!, id, requestMeta(c));
      return c.json({ revoked: 1 }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/sessions/revoke-others',
      operationId: 'revokeOtherSessions',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'End every session of yours except the one in use',
      responses: { 200: jsonResponse(revokedSessionsSchema, 'How many sessions ended') },
    }),
    async (c) => {
      const revoked = await endOtherSessions(c.get('deps'), c.get('principal')!, requestMeta(c));
      return c.json({ revoked }, 200);
    },
  );
