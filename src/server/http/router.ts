import { OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError, describeZodError, errorBody, errorResponses } from './errors';

/**
 * A router for one resource. Every zod failure in a request (body, query,
 * params) becomes the one error body with status 400. Declare request bodies
 * with `required: true`, or a request without a JSON content type skips them.
 *
 * Query strings are checked here, for every operation, so that a new route
 * cannot forget it (README "Malformed requests"): an operation that declares
 * no query parameters refuses any query string, and one that does must
 * declare them with a strict object, which refuses unknown parameters.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('validation_failed', describeZodError(result.error)), 400);
      }
    },
  });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig, handler: never, hook: never) =>
    register(withQueryStringRule(route), handler, hook)) as typeof register;
  return router;
}

function withQueryStringRule(route: RouteConfig): RouteConfig {
  const query = route.request?.query;
  if (query) {
    if (!(query instanceof z.ZodObject) || query._zod.def.catchall?._zod.def.type !== 'never') {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path}: declare its query with z.strictObject()`,
      );
    }
    return route;
  }
  const own = route.middleware ?? [];
  return {
    ...route,
    // After the route's own checks, so an anonymous caller still learns only that it is one.
    middleware: [...(Array.isArray(own) ? own : [own]), noQueryString()],
    responses: { 400: errorResponses[400], ...route.responses },
  };
}

/**
 * For an operation that reads nothing from the query string (every one that
 * declares no query parameters): a query string is a request this operation
 * does not understand, so it is refused rather than carried out or ignored.
 */
function noQueryString(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (new URL(c.req.url).search !== '') {
      throw new ApiError(400, 'validation_failed', 'This operation takes no query parameters');
    }
    await next();
  };
}
