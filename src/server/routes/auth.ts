import { createRoute, type z } from '@hono/zod-openapi';
import {
  authSessionSchema,
  INVALID_CREDENTIALS,
  meResponseSchema,
  refreshBodySchema,
  signInBodySchema,
  tooManyAttemptsMessage,
} from '@shared/schemas/auth';
import {
  recordAuthEvent,
  requestMeta,
  requirePasswordSession,
  requireProductionMode,
} from '../auth/auth-audit';
import { checkCredentials } from '../auth/credentials-check';
import { openSession, revokeSession, rotateSession } from '../auth/server-sessions';
import { AUDIT_EVENTS } from '../audit/event-types';
import { recordAggregatedRefusal } from '../audit/request-actor';
import { ApiError, errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { activeRoles } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

const app = createRouter();
app.use('/auth/*', requireProductionMode());

/**
 * Production-mode sign-in (ARCHITECTURE.md "Who may do what"):
 * server accounts, opaque tokens stored as hashes, refresh and revocation.
 */
export const authRoutes = app
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-in',
      tags: ['auth'],
      summary: 'Sign in with email and password (production mode)',
      description:
        'The answer is the same, and takes as long, whether or not the account exists. Per 15 minutes: 5 failures per account and address, 10 per address; past 5 failures an account slows (each attempt waits its turn) rather than refuses a fresh address.',
      request: { body: body(signInBodySchema) },
      responses: {
        200: json(authSessionSchema, 'Signed in'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        409: errorResponses[409],
        429: errorResponses[429],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { email, password } = c.req.valid('json');
      const meta = requestMeta(c);
      const check = await checkCredentials(deps, email, password, meta.ip);
      if (check.outcome === 'limited') {
        await recordAggregatedRefusal(c, AUDIT_EVENTS.rateLimited, {
          eventType: AUDIT_EVENTS.rateLimited,
          severity: 'high',
          details: { email, scopes: check.scopes, retry_after_seconds: check.retryAfterSeconds },
        });
        c.header('Retry-After', String(check.retryAfterSeconds));
        throw new ApiError(429, 'rate_limited', tooManyAttemptsMessage(check.retryAfterSeconds));
      }
      if (check.outcome === 'invalid') {
        await recordAuthEvent(deps.db, c, {
          eventType: AUDIT_EVENTS.signInFailure,
          severity: 'medium',
          userId: check.userId,
          details: { email, reason: 'invalid_credentials' },
        });
        throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      }
      if (check.outcome === 'inactive') {
        // Only said to someone who knows the password.
        await recordAuthEvent(deps.db, c, {
          eventType: AUDIT_EVENTS.signInFailure,
          severity: 'medium',
          userId: check.user.id,
          details: { email, reason: 'account_inactive' },
        });
        throw new ApiError(403, 'account_inactive', 'This account has been deactivated');
      }
      const user = check.user;
      const session = await deps.db.transaction(async (tx) => {
        const opened = await openSession(deps, tx, user, meta);
        await recordAuthEvent(tx, c, {
          eventType: AUDIT_EVENTS.signInSuccess,
          severity: 'low',
          userId: user.id,
          tokenTail: opened.response.access_token.slice(-8),
          details: { email: user.email, session_id: opened.sessionId },
        });
        return opened.response;
      });
      return c.json(session, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/refresh',
      tags: ['auth'],
      summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
      request: { body: body(refreshBodySchema) },
      responses: {
        200: json(authSessionSchema, 'New tokens'),
        400: errorResponses[400],
        401: errorResponses[401],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { refresh_token } = c.req.valid('json');
      const rotation = await rotateSession(deps, refresh_token, requestMeta(c));
      if (rotation.outcome === 'rotated') return c.json(rotation.session, 200);
      if (rotation.outcome === 'reused') {
        // A rotated token came back: someone holds a copy. End the session for
        // every holder; only the request that ended it records the event.
        await deps.db.transaction(async (tx) => {
          if (!(await revokeSession(tx, rotation.sessionId, deps.now()))) return;
          await recordAuthEvent(tx, c, {
            eventType: AUDIT_EVENTS.refreshTokenReused,
            severity: 'high',
            userId: rotation.userId,
            details: { session_id: rotation.sessionId, reason: 'rotated_refresh_token_reused' },
          });
        });
      }
      throw new ApiError(
        401,
        'invalid_refresh_token',
        'Your session has ended. Please sign in again.',
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-out',
      tags: ['auth'],
      summary: 'Sign out: the session is revoked on the server',
      middleware: [requirePasswordSession()] as const,
      responses: {
        204: { description: 'Signed out' },
        400: errorResponses[400],
        401: errorResponses[401],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      await deps.db.transaction(async (tx) => {
        await revokeSession(tx, principal.sessionId, deps.now());
        await recordAuthEvent(tx, c, {
          eventType: AUDIT_EVENTS.signOut,
          severity: 'low',
          userId: principal.userId,
          tokenTail: principal.tokenTail,
          details: { session_id: principal.sessionId },
        });
      });
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/auth/me',
      tags: ['auth'],
      summary: 'The signed-in account, its roles as of now, and whether its password must change',
      middleware: [requirePasswordSession()] as const,
      responses: {
        200: json(meResponseSchema, 'The caller'),
        401: errorResponses[401],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const principal = c.get('principal')!;
      return c.json(
        {
          user: {
            id: principal.userId,
            email: principal.email,
            user_metadata: { full_name: principal.fullName ?? '' },
            roles: await activeRoles(c.get('deps').db, principal.userId),
          },
          session_id: principal.sessionId,
          must_change_password: principal.mustChangePassword,
        },
        200,
      );
    },
  );
