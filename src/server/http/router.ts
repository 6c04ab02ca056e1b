import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError, describeZodError, errorBody } from './errors';

/**
 * A router for one resource. Every zod failure in a request (body, query,
 * params) becomes the one error body with status 400. Declare request bodies
 * with `required: true`, or a request without a JSON content type skips them.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('validation_failed', describeZodError(result.error)), 400);
      }
    },
  });
}

/**
 * For a write that reads nothing from the request (sign-out, ending the other
 * sessions): a query string is a request this operation does not understand,
 * so it is refused rather than carried out.
 */
export function noQueryString(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (new URL(c.req.url).search !== '') {
      throw new ApiError(400, 'validation_failed', 'This operation takes no query parameters');
    }
    await next();
  };
}
