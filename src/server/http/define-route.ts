import { createRoute, OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_ROLES, type PlatformRole } from '@shared/constants';
import type { AppEnv } from '../core/context';
import { assertPasswordSettled, assertSecondFactorSettled } from '../security/principal';
import {
  ApiError,
  describeZodError,
  errorBody,
  errorResponses,
  forbidden,
  unauthorized,
} from '../core/errors';

/**
 * The route toolkit: every API operation is declared once with `defineRoute()`,
 * and from that declaration come its validation, its query string rule, its
 * access check, its OpenAPI security requirement and its error responses.
 */

/** A router for one resource: every zod failure in a request is the one 400 error body. */
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
 * Who may call an operation (docs/permissions.md):
 * - `anonymous`: anyone, signed in or not;
 * - `signed_in`: any live session whose password is settled;
 * - `platform_admin`: a signed-in platform_admin or super_admin;
 * - `super_admin`: a signed-in super_admin;
 * - `setup_key`: whoever holds the setup confirmation key (checked by the operation);
 * - `application_key`: a registered application by its API key (checked by the operation).
 */
export const ACCESS_LEVELS = [
  'anonymous',
  'signed_in',
  'platform_admin',
  'super_admin',
  'setup_key',
  'application_key',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The roles each signed-in access level needs; empty for any signed-in caller. */
export const ROLES_OF: Record<
  'signed_in' | 'platform_admin' | 'super_admin',
  readonly PlatformRole[]
> = {
  signed_in: [],
  platform_admin: ADMIN_ROLES,
  super_admin: ['super_admin'],
};

/** The operation groups of the contract, each with what it is about. */
const TAGS = {
  system: 'Liveness and the public settings the client needs',
  auth: 'Production-mode accounts: sign-in, tokens, sign-out, password and sign-up',
  sso: 'Cross-platform sign-on: codes for registered applications',
  admin: 'The admin console: users, roles, sessions, credentials and the audit trail',
  setup: 'Initial setup and clean-up, with the setup confirmation key',
  audit: 'Audit events reported by the browser',
} as const;
type Tag = keyof typeof TAGS;

/** The security schemes of the contract, by the name operations refer to them. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The access token of a signed-in session (or a demo token in demo mode)',
  },
  applicationKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A registered application's API key, sent as `Authorization: Bearer <key>`",
  },
} as const;

/** The document's own fields; its paths, schemas and security schemes come from the routes. */
export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Talent Ecosystem Demo API',
    version: '1.0.0',
    description:
      'The HTTP API of the Talent Ecosystem Demo: accounts, sign-on, the admin console and its audit trail.',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
};

type ErrorStatus = keyof typeof errorResponses;

/** A query declared with `strictQuery()`: it refuses unknown parameters. */
export type StrictQuery = z.ZodType & { readonly __strictQuery: true };
const strictQueries = new WeakSet<z.ZodType>();
const UNKNOWN_PARAMETER_PROBE = '__unknown_parameter_probe__';

/**
 * Marks a query schema as strict, after checking that it refuses a parameter it
 * does not name (declare it with `z.strictObject()`).
 */
export function strictQuery<T extends z.ZodType>(schema: T): T & StrictQuery {
  const result = schema.safeParse({ [UNKNOWN_PARAMETER_PROBE]: '' });
  if (result.success || !result.error.issues.some((i) => i.code === 'unrecognized_keys')) {
    throw new Error(
      'A query schema must refuse unknown parameters: declare it with z.strictObject()',
    );
  }
  strictQueries.add(schema);
  return schema as T & StrictQuery;
}

/** A JSON response of the contract. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body with its example (a request without JSON content is refused). */
export function jsonBody<T extends z.ZodType>(schema: T, example: z.input<T>) {
  return { required: true, content: { 'application/json': { schema, example } } } as const;
}

type Request = Omit<NonNullable<RouteConfig['request']>, 'query'> & { query?: StrictQuery };

/** What every route file declares about one operation. */
export type RouteDeclaration = Omit<
  RouteConfig,
  'path' | 'tags' | 'security' | 'middleware' | 'operationId' | 'request' | 'hide'
> & {
  path: string;
  /** camelCase, unique in the contract. */
  operationId: string;
  summary: string;
  tag: Tag;
  access: Access;
  /**
   * The role is checked by the operation's credential policy, so that a
   * refusal is on the audit trail: the access check only needs a signed-in caller.
   */
  roleCheckedByPolicy?: true;
  /** `signed_in` only: a session whose generated password must still change may call. */
  allowPendingPasswordChange?: true;
  /**
   * `signed_in` only: an account that must set up a second factor first may call (its own
   * account's basics and the set-up itself; docs/product/sign-in.md#enrolment-required).
   */
  allowPendingEnrolment?: true;
  /** `signed_in` only: a password session, not a demo token. */
  passwordSessionOnly?: true;
  /** `anonymous` only: a bearer token, when one comes, names the caller. */
  optionalSignIn?: true;
  request?: Request;
  /** Error statuses the operation answers besides those its access and validation imply. */
  errors?: readonly ErrorStatus[];
};

type DeclarationOnly =
  | 'tag'
  | 'access'
  | 'roleCheckedByPolicy'
  | 'allowPendingPasswordChange'
  | 'allowPendingEnrolment'
  | 'passwordSessionOnly'
  | 'optionalSignIn'
  | 'errors';

export type DefinedRoute<R extends RouteDeclaration> = Omit<R, DeclarationOnly> & {
  tags: Tag[];
  security: Record<string, string[]>[];
  middleware: [MiddlewareHandler<AppEnv>];
  responses: R['responses'] & Partial<typeof errorResponses>;
};

/** One declared operation, as the permission matrix and the contract tests read it. */
export type DeclaredOperation = {
  method: string;
  path: string;
  operationId: string;
  access: Access;
  security: Record<string, string[]>[];
};

const declared: DeclaredOperation[] = [];

/** Every operation declared so far (all of the app's, once its route modules are loaded). */
export function declaredOperations(): readonly DeclaredOperation[] {
  return declared;
}

function securityOf(declaration: RouteDeclaration): Record<string, string[]>[] {
  switch (declaration.access) {
    case 'anonymous':
    case 'setup_key':
      return declaration.optionalSignIn ? [{}, { bearerAuth: [] }] : [];
    case 'application_key':
      return [{ applicationKey: [] }];
    default:
      return [{ bearerAuth: [] }];
  }
}

function authErrorsOf(declaration: RouteDeclaration): ErrorStatus[] {
  switch (declaration.access) {
    case 'anonymous':
      return [];
    case 'application_key':
      return [401];
    case 'setup_key':
      return [401, 403, 429];
    case 'signed_in':
      return declaration.allowPendingPasswordChange && declaration.allowPendingEnrolment
        ? [401]
        : [401, 403];
    default:
      return [401, 403];
  }
}

/** The check of the caller that the declared access needs before the operation runs. */
function accessCheck(declaration: RouteDeclaration): ((c: Context<AppEnv>) => void) | null {
  const { access } = declaration;
  if (access === 'anonymous' || access === 'setup_key' || access === 'application_key') {
    return null;
  }
  const roles = declaration.roleCheckedByPolicy ? [] : ROLES_OF[access];
  return (c) => {
    const principal = c.get('principal');
    if (!principal) throw unauthorized();
    if (declaration.passwordSessionOnly && principal.sessionKind !== 'password') {
      throw unauthorized();
    }
    if (!declaration.allowPendingPasswordChange) assertPasswordSettled(principal);
    if (!declaration.allowPendingEnrolment) assertSecondFactorSettled(principal);
    if (roles.length > 0 && !principal.roles.some((r) => roles.includes(r))) {
      throw forbidden(
        access === 'super_admin' ? 'super_admin role required' : 'Administrator role required',
      );
    }
  };
}

/**
 * An operation without query parameters refuses any query string: it is a
 * request the operation does not understand (docs/reliability.md, "Malformed requests").
 */
function refuseQueryString(c: Context<AppEnv>) {
  if (new URL(c.req.url).search !== '') {
    throw new ApiError(400, 'validation_failed', 'This operation takes no query parameters');
  }
}

/** Declares one API operation; pass the result to `router.openapi()`. */
export function defineRoute<P extends string, R extends RouteDeclaration & { path: P }>(
  declaration: R,
): DefinedRoute<R> & { getRoutingPath(): string } {
  const {
    tag,
    access,
    roleCheckedByPolicy: _policy,
    allowPendingPasswordChange: _pending,
    allowPendingEnrolment: _enrolment,
    passwordSessionOnly: _password,
    optionalSignIn: _optional,
    errors = [],
    ...route
  } = declaration;
  const where = `${route.method.toUpperCase()} ${route.path}`;
  if (!/^[a-z][A-Za-z0-9]*$/.test(route.operationId)) {
    throw new Error(`${where}: operationId ${route.operationId} is not camelCase`);
  }
  if (declared.some((d) => d.operationId === route.operationId)) {
    throw new Error(`${where}: operationId ${route.operationId} is declared twice`);
  }
  const query = route.request?.query;
  if (query && !strictQueries.has(query)) {
    throw new Error(`${where}: declare its query with strictQuery()`);
  }
  const check = accessCheck(declaration);
  const security = securityOf(declaration);
  const statuses = [400, ...authErrorsOf(declaration), ...errors] as ErrorStatus[];
  const responses: RouteConfig['responses'] = { ...route.responses };
  for (const status of [...new Set(statuses)].sort()) responses[status] ??= errorResponses[status];

  declared.push({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    access,
    security,
  });

  return createRoute({
    ...route,
    tags: [tag],
    security,
    'x-access': access,
    // The access check first, so an anonymous caller learns only that it is one.
    middleware: [
      async (c, next) => {
        check?.(c);
        if (!query) refuseQueryString(c);
        await next();
      },
    ],
    responses,
  } as RouteConfig & { path: P }) as unknown as DefinedRoute<R> & { getRoutingPath(): string };
}
