import {
  authSessionSchema,
  INVALID_CREDENTIALS,
  meResponseSchema,
  refreshBodySchema,
  signInBodySchema,
  tooManyAttemptsMessage,
} from '@shared/schemas/auth';
import { recordAuthEvent, requestMeta, requireProductionMode } from '../auth/auth-audit';
import { checkCredentials } from '../auth/credentials-check';
import { openSession, revokeSession, rotateSession } from '../auth/server-sessions';
import { AUDIT_EVENTS } from '../audit/event-types';
import { recordAggregatedRefusal } from '../audit/request-actor';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { ApiError } from '../http/errors';
import { activeRoles } from '../security/principal';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

/**
 * Production-mode sign-in (ARCHITECTURE.md "Who may do what"):
 * server accounts, opaque tokens stored as hashes, refresh and revocation.
 */
export const authRoutes = app
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in',
      operationId: 'signIn',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Sign in with email and password (production mode)',
      description:
        'The answer is the same, and takes as long, whether or not the account exists. Per 15 minutes: 5 failures per account and address, 10 per address; past 5 failures an account slows (each attempt waits its turn) rather than refuses a fresh address.',
      request: {
        body: jsonBody(signInBodySchema, {
          email: 'amara.okafor@hirehub.example',
          password: 'correct horse battery staple',
        }),
      },
      responses: { 200: jsonResponse(authSessionSchema, 'Signed in') },
      errors: [401, 403, 409, 429],
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
    defineRoute({
      method: 'post',
      path: '/auth/refresh',
      operationId: 'refreshSession',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Exchange a refresh token for new tokens (the refresh token rotates)',
      request: {
        body: jsonBody(refreshBodySchema, {
          refresh_token: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4',
        }),
      },
      responses: { 200: jsonResponse(authSessionSchema, 'New tokens') },
      errors: [401, 409],
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
    defineRoute({
      method: 'post',
      path: '/auth/sign-out',
      operationId: 'signOut',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingPasswordChange: true,
      summary: 'Sign out: the session is revoked on the server',
      responses: { 204: { description: 'Signed out' } },
      errors: [409],
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
    defineRoute({
      method: 'get',
      path: '/auth/me',
      operationId: 'getCurrentUser',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingPasswordChange: true,
      summary: 'The signed-in account, its roles as of now, and whether its password must change',
      responses: { 200: jsonResponse(meResponseSchema, 'The caller') },
      errors: [409],
    }),
    async (c) => {
      const principal = c.get('principal')!;
      return c.json(
        {
          user: {
            id: principal.userId,
            email: principal.email,
            user_metadata: { full_name: principal.fullName ?? '' },
            roles: await activeRoles(c.get('deps').db, principal.userId, c.get('deps').now()),
          },
          session_id: principal.sessionId,
          must_change_password: principal.mustChangePassword,
        },
        200,
      );
    },
  );
