import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { revokedSessionsSchema } from '@shared/schemas/auth';
import { recordAuthEvent } from '../auth/auth-audit';
import { revokeSession, revokeSessionsOf } from '../auth/server-sessions';
import { AUDIT_EVENTS } from '../audit/event-types';
import { sessions } from '../db/schema';
import { createRouter, defineRoute, jsonResponse } from '../http/define-route';
import { conflict, notFound } from '../http/errors';

const idParams = z.object({
  id: z
    .uuid({ error: 'The session id must be a UUID' })
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/**
 * Sessions the user controls: end one of one's own sessions, or all
 * but the one in use. Every process reads the `sessions` table per request, so
 * an ended session is refused everywhere at once. A demo token is its own
 * account's only session here: it never reaches another visitor's.
 */
export const sessionRoutes = createRouter()
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
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const { id } = c.req.valid('param');
      const mine =
        principal.sessionKind === 'demo'
          ? eq(sessions.id, principal.sessionId)
          : and(eq(sessions.userId, principal.userId), eq(sessions.kind, 'password'));
      const [row] = await deps.db
        .select({ id: sessions.id, revokedAt: sessions.revokedAt, isActive: sessions.isActive })
        .from(sessions)
        .where(and(eq(sessions.id, id), mine));
      if (!row) throw notFound('No session of yours has this id');
      if (id === principal.sessionId) {
        throw conflict('This is the session you are using: sign out to end it');
      }
      await deps.db.transaction(async (tx) => {
        if (!(await revokeSession(tx, id, deps.now()))) {
          throw conflict('This session has already ended');
        }
        await recordAuthEvent(tx, c, {
          eventType: AUDIT_EVENTS.sessionRevoked,
          severity: 'medium',
          userId: principal.userId,
          tokenTail: principal.tokenTail,
          details: { session_id: id },
        });
      });
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
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      // The demo administrator is shared by every visitor: a demo session has no "others".
      if (principal.sessionKind === 'demo') return c.json({ revoked: 0 }, 200);
      const revoked = await deps.db.transaction(async (tx) => {
        const count = await revokeSessionsOf(tx, principal.userId, deps.now(), principal.sessionId);
        await recordAuthEvent(tx, c, {
          eventType: AUDIT_EVENTS.otherSessionsRevoked,
          severity: 'medium',
          userId: principal.userId,
          tokenTail: principal.tokenTail,
          details: { revoked: count },
        });
        return count;
      });
      return c.json({ revoked }, 200);
    },
  );
