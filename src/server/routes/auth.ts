import {
  authSessionSchema,
  meResponseSchema,
  refreshBodySchema,
  signInBodySchema,
  tooManyAttemptsMessage,
} from '@shared/schemas/auth';
import {
  PENDING_SIGN_IN_TTL_SECONDS,
  secondFactorBodySchema,
  secondFactorRequiredSchema,
} from '@shared/schemas/mfa';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../core/context';
import { completeSecondFactor } from '../auth/second-factor';
import { CODE_FAILURE_LIMIT } from '../auth/totp';
import { requireProductionMode } from '../auth/auth-audit';
import { requestMeta } from '../security/request-meta';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_COOKIE_TTL_SECONDS,
  deviceCookieKey,
  mintDeviceCookie,
} from '../auth/device-cookie';
import { refreshTokens, signIn, signOut } from '../auth/session-lifecycle';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { rateLimited } from '../core/errors';
import { activeRoles } from '../security/principal';

/** A successful sign-in leaves the browser a device cookie for the account (device-cookie.ts). */
export function setDeviceCookie(c: Context<AppEnv>, email: string) {
  const deps = c.get('deps');
  setCookie(c, DEVICE_COOKIE, mintDeviceCookie(deviceCookieKey(deps.config), email, deps.now()), {
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.config.publicUrl.startsWith('https:'),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_TTL_SECONDS,
  });
}

const app = createRouter();
app.use('/auth/*', requireProductionMode());

/**
 * Production-mode sign-in (docs/product/sign-in.md#production-sign-in):
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
        'The answer is the same, and takes as long, whether or not the account exists. Per 15 minutes: 5 failures per account and address, 10 per address (an IPv6 /64; a /56 and a /48 get 4 and 16 times as many); past 5 failures an account slows (each attempt waits its turn) rather than refuses a fresh address. A success sets a device cookie: later attempts from that browser skip the slowing, with 5 failures of their own per window.',
      request: {
        body: jsonBody(signInBodySchema, {
          email: 'amara.okafor@hirehub.example',
          password: 'correct horse battery staple',
        }),
      },
      responses: {
        200: jsonResponse(authSessionSchema, 'Signed in'),
        202: jsonResponse(
          secondFactorRequiredSchema,
          'The password is right and the account has a second factor: no session yet. `methods` says which: `totp`, send a code with the pending token to /api/auth/sign-in/second-factor; `passkey`, ask /api/auth/sign-in/second-factor/passkey-options and send the assertion to /api/auth/sign-in/second-factor/passkey',
        ),
      },
      errors: [401, 403, 409, 429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const deps = c.get('deps');
      const device = getCookie(c, DEVICE_COOKIE);
      const result = await signIn(deps, body, requestMeta(c), c.get('principal'), device);
      if (result.outcome === 'limited') {
        const seconds = result.retryAfterSeconds;
        throw rateLimited(c, seconds, tooManyAttemptsMessage(seconds));
      }
      if (result.outcome === 'second_factor') return c.json(result.pending, 202);
      setDeviceCookie(c, body.email);
      return c.json(result.session, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/second-factor',
      operationId: 'signInSecondFactor',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Complete a sign-in with an authenticator code or a recovery code',
      description: `Takes the pending token the sign-in answered (202; it lives ${PENDING_SIGN_IN_TTL_SECONDS / 60} minutes and opens one session) and the app's current code (one 30-second step either side is accepted, and never a step at or before the last one accepted) or an unused recovery code (each works once). Per 15 minutes: ${CODE_FAILURE_LIMIT} wrong codes per account, then its codes are refused until the window ends. A success answers the session as the sign-in does and sets the device cookie.`,
      request: {
        body: jsonBody(secondFactorBodySchema, {
          pending_token: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4',
          code: '492039',
        }),
      },
      responses: { 200: jsonResponse(authSessionSchema, 'Signed in') },
      errors: [401, 403, 409, 429],
    }),
    async (c) => {
      const result = await completeSecondFactor(c.get('deps'), c.req.valid('json'), requestMeta(c));
      setDeviceCookie(c, result.email);
      return c.json(result.session, 200);
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
      const { refresh_token } = c.req.valid('json');
      return c.json(await refreshTokens(c.get('deps'), refresh_token, requestMeta(c)), 200);
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
      allowPendingEnrolment: true,
      allowPendingPasswordChange: true,
      summary: 'Sign out: the session is revoked on the server',
      responses: { 204: { description: 'Signed out' } },
      errors: [409],
    }),
    async (c) => {
      await signOut(c.get('deps'), c.get('principal')!, requestMeta(c));
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
      allowPendingEnrolment: true,
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
          second_factor_enrolment_required: principal.mustEnrolSecondFactor,
        },
        200,
      );
    },
  );
