import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { describeZodError, errorBody } from './errors';

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
