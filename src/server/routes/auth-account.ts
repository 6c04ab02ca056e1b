import { createRoute, type z } from '@hono/zod-openapi';
import {
  changePasswordBodySchema,
  meResponseSchema,
  SIGN_UP_ACCEPTED,
  signUpAcceptedSchema,
  signUpBodySchema,
  tooManyAttemptsMessage,
} from '@shared/schemas/auth';
import { changePassword, signUp } from '../auth/account';
import { requestMeta, requirePasswordSession, requireProductionMode } from '../auth/auth-audit';
import { ApiError, errorResponses } from '../http/errors';
import { createRouter } from '../http/router';

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

/** The account's own password, and sign-up when ALLOW_SIGNUP=true. */
export const authAccountRoutes = app
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/password',
      tags: ['auth'],
      summary: 'Change the password (required first when it was generated)',
      description: 'Every other session of the account ends; this one stays signed in.',
      middleware: [requirePasswordSession()] as const,
      request: { body: body(changePasswordBodySchema) },
      responses: {
        200: json(meResponseSchema, 'Password changed'),
        400: errorResponses[400],
        401: errorResponses[401],
        409: errorResponses[409],
        429: errorResponses[429],
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const change = await changePassword(c.get('deps'), c.get('principal')!, body, requestMeta(c));
      if (change.outcome === 'limited') {
        c.header('Retry-After', String(change.retryAfterSeconds));
        throw new ApiError(429, 'rate_limited', tooManyAttemptsMessage(change.retryAfterSeconds));
      }
      if (change.outcome === 'wrong_password') {
        throw new ApiError(400, 'invalid_current_password', 'Your current password is not correct');
      }
      c.header('X-Sessions-Ended', String(change.sessionsEnded));
      return c.json(change.me, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-up',
      tags: ['auth'],
      summary: 'Create an account with the user role (only when ALLOW_SIGNUP=true)',
      description:
        "The answer, and the time it takes, are the same for a free address, one that already has an account and a reserved one (the system administrators'): the caller then signs in with the password it chose.",
      request: { body: body(signUpBodySchema) },
      responses: {
        202: json(
          signUpAcceptedSchema,
          'Taken in: the same answer whether or not the address already had an account',
        ),
        400: errorResponses[400],
        403: errorResponses[403],
        409: errorResponses[409],
        429: errorResponses[429],
      },
    }),
    async (c) => {
      const result = await signUp(c.get('deps'), c.req.valid('json'), requestMeta(c));
      if (result.outcome === 'limited') {
        c.header('Retry-After', String(result.retryAfterSeconds));
        throw new ApiError(
          429,
          'rate_limited',
          `Too many sign-ups from this address. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        );
      }
      return c.json({ message: SIGN_UP_ACCEPTED }, 202);
    },
  );
