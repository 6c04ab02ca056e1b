import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape of the API (docs/product/architecture.md#error-shape): `{ error: { code, message } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string().openapi({ example: 'email: Enter a valid email address' }),
      /** With `step_up_required`: the account's ways to confirm it is them (`totp`, `passkey`). */
      methods: z.array(z.string()).optional(),
    }),
  })
  .openapi('Error');

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'headers_too_large'
  | 'request_timeout'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'too_many_streams'
  // The audit trail's actor filter names no account.
  | 'unknown_actor'
  | 'unavailable'
  | 'internal'
  // Production-mode sign-in.
  | 'demo_mode'
  | 'invalid_credentials'
  | 'invalid_refresh_token'
  | 'invalid_current_password'
  | 'account_inactive'
  | 'password_change_required'
  | 'signup_disabled'
  // Invitations.
  | 'invitation_not_found'
  | 'invitation_expired'
  | 'invitation_used'
  | 'invitation_revoked'
  // A sign-up's verify link.
  | 'verify_link_invalid'
  // Authenticator codes and recovery codes.
  | 'invalid_code'
  | 'invalid_pending_sign_in'
  | 'totp_already_enrolled'
  | 'no_pending_enrolment'
  | 'no_totp'
  // Passkeys.
  | 'passkey_challenge_invalid'
  | 'passkey_refused'
  | 'passkey_limit'
  | 'passkey_exists'
  // The second factor's policy and step-up.
  | 'second_factor_enrolment_required'
  | 'step_up_required'
  | 'own_account'
  // Audit sinks: an event type filter naming no kind of event the trail records.
  | 'unknown_event_type';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    /** Said beside the code and message: the ways a step-up may be passed. */
    readonly methods?: readonly string[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const unauthorized = (message = 'Sign in to continue') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** A 429 for a limit that frees up in `retryAfterSeconds`, said in the Retry-After header too. */
export function rateLimited(c: Context, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return new ApiError(429, 'rate_limited', message);
}

/**
 * A 429 thrown where the request's context is out of reach (a domain module):
 * the error handler says `retryAfterSeconds` in the Retry-After header.
 */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'rate_limited', message);
  }
}

export function errorBody(code: ErrorCode | string, message: string, methods?: readonly string[]) {
  return { error: { code, message, ...(methods ? { methods: [...methods] } : {}) } };
}

/** Human-readable summary of a zod error: "field: message; other: message". */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return `${where}${issue.message}`;
  });
  if (error.issues.length > 5) parts.push(`and ${error.issues.length - 5} more`);
  return parts.join('; ');
}

/**
 * Maps every thrown error to the JSON error body. Unexpected errors are logged
 * and answered with a generic 500 that reveals nothing of the internals.
 */
export function toErrorResponse(err: unknown, c: Context, log: (e: unknown) => void) {
  if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
  if (err instanceof ApiError) {
    return c.json(errorBody(err.code, err.message, err.methods), err.status);
  }
  if (err instanceof z.ZodError) {
    return c.json(errorBody('validation_failed', describeZodError(err)), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 413
        ? 'payload_too_large'
        : status === 401
          ? 'unauthorized'
          : status === 403
            ? 'forbidden'
            : status === 404
              ? 'not_found'
              : status === 415
                ? 'unsupported_media_type'
                : status >= 500
                  ? 'internal'
                  : 'bad_request';
    const message = err.message || (status === 413 ? 'Request body is too large' : 'Bad request');
    return c.json(errorBody(code, message), status as ContentfulStatusCode);
  }
  log(err);
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
}

/**
 * What the log keeps of an unexpected error: its stack and the chain of causes,
 * with no value a query carried. A failed query is logged by its SQL text
 * (placeholders only), never its parameters, and quoted values in a database
 * message are blanked, since they echo what the caller sent.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: String(err).slice(0, 500) };
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const describe = (e: Error): string => {
    const code = (e as { code?: unknown }).code;
    const query = (e as { query?: unknown }).query;
    if (typeof code === 'string') {
      return `${e.name}: ${e.message.replace(/"[^"]*"/g, '"…"')} (code ${code})`;
    }
    if (typeof query === 'string') return `${e.name}: Failed query: ${query}`;
    return `${e.name}: ${e.message.replace(/"[^"]*"/g, '"…"')}`;
  };
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return {
    error: frames ? `${describe(err)}\n${frames}` : describe(err),
    ...(chain.length > 1 ? { causes: chain.slice(1).map(describe) } : {}),
  };
}

/** A unique index caught a concurrent writer that the checks before could not see. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Error responses for OpenAPI route definitions. */
export const errorResponses = Object.fromEntries(
  (
    [
      [400, 'The request is not valid'],
      [401, 'No valid credentials'],
      [403, 'Not allowed for this caller'],
      [404, 'Not found'],
      [409, 'Conflicts with the current state'],
      [410, 'No longer usable: used, revoked or expired'],
      [413, 'Body too large'],
      [429, 'Too many requests'],
    ] as const
  ).map(([status, description]) => [
    status,
    { description, content: { 'application/json': { schema: errorBodySchema } } },
  ]),
) as Record<
  400 | 401 | 403 | 404 | 409 | 410 | 413 | 429,
  { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } }
>;
