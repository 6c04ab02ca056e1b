import {
  changePasswordBodySchema,
  meResponseSchema,
  SIGN_UP_ACCEPTED,
  SIGN_UP_VERIFY_TTL_HOURS,
  signUpAcceptedSchema,
  signUpBodySchema,
  tooManyAttemptsMessage,
  verifiedSchema,
  verifyBodySchema,
} from '@shared/schemas/auth';
import { changePassword, signUp } from '../auth/account';
import { verifySignUp } from '../auth/sign-up-verify';
import { requireProductionMode } from '../auth/auth-audit';
import { requestMeta } from '../security/request-meta';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { ApiError, rateLimited } from '../core/errors';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

/** The account's own password, and sign-up when ALLOW_SIGNUP=true. */
export const authAccountRoutes = app
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/password',
      operationId: 'changePassword',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      allowPendingPasswordChange: true,
      summary: 'Change the password (required first when it was generated)',
      description: 'Every other session of the account ends; this one stays signed in.',
      request: {
        body: jsonBody(changePasswordBodySchema, {
          current_password: 'correct horse battery staple',
          new_password: 'a longer passphrase of my own',
        }),
      },
      responses: { 200: jsonResponse(meResponseSchema, 'Password changed') },
      errors: [409, 429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const change = await changePassword(c.get('deps'), c.get('principal')!, body, requestMeta(c));
      if (change.outcome === 'limited') {
        const seconds = change.retryAfterSeconds;
        throw rateLimited(c, seconds, tooManyAttemptsMessage(seconds));
      }
      if (change.outcome === 'wrong_password') {
        throw new ApiError(400, 'invalid_current_password', 'Your current password is not correct');
      }
      c.header('X-Sessions-Ended', String(change.sessionsEnded));
      return c.json(change.me, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-up',
      operationId: 'signUp',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Create an account with the user role (only when ALLOW_SIGNUP=true)',
      description: `The answer, and the time it takes, are the same for a free address, one that already has an account, a reserved one (the system administrators') and one with a pending invitation; each queues one mail to the address. For a free address the mail holds a link (\`/auth/verify#token=…\`, ${SIGN_UP_VERIFY_TTL_HOURS} hours, once) that creates the account; until then signing in answers as for an unknown address. 5 sign-ups per address per 15 minutes.`,
      request: {
        body: jsonBody(signUpBodySchema, {
          full_name: 'New Member',
          email: 'new.member@example.com',
          password: 'a longer passphrase of my own',
        }),
      },
      responses: {
        202: jsonResponse(
          signUpAcceptedSchema,
          'Taken in and a mail queued: the same answer whether or not the address already had an account',
        ),
      },
      errors: [403, 409, 429],
    }),
    async (c) => {
      const result = await signUp(c.get('deps'), c.req.valid('json'), requestMeta(c));
      if (result.outcome === 'limited') {
        throw rateLimited(
          c,
          result.retryAfterSeconds,
          `Too many sign-ups from this address. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        );
      }
      return c.json({ message: SIGN_UP_ACCEPTED }, 202);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/verify',
      operationId: 'verifySignUp',
      tag: 'auth',
      access: 'anonymous',
      summary: "Open a sign-up's verify link: creates the account it asked for",
      description: `The token of the mailed link (\`/auth/verify#token=…\`) is sent in the body, never in the address. The link works once, for ${SIGN_UP_VERIFY_TTL_HOURS} hours: an unknown, used or expired one is answered 400 (verify_link_invalid) and changes nothing; 409 when the address got an account another way since. Each address may be refused 10 times per 15 minutes.`,
      request: {
        body: jsonBody(verifyBodySchema, { token: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4' }),
      },
      responses: { 200: jsonResponse(verifiedSchema, 'Address verified: the account exists') },
      errors: [400, 409, 429],
    }),
    async (c) => {
      const result = await verifySignUp(c.get('deps'), c.req.valid('json').token, requestMeta(c));
      if (result.outcome === 'limited') {
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        throw rateLimited(
          c,
          result.retryAfterSeconds,
          `Too many attempts with verify links. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      return c.json(result.verified, 200);
    },
  );
