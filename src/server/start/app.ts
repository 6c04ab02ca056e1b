import { randomUUID } from 'node:crypto';
import { bodyLimit } from 'hono/body-limit';
import { apiDocsRoutes } from '../routes/api-docs';
import type { AppDeps } from '../core/context';
import { errorBody, loggableError, toErrorResponse } from '../core/errors';
import { createRouter, OPENAPI_DOCUMENT, SECURITY_SCHEMES } from '../http/define-route';
import { rejectUnstorableText } from '../http/storable-text';
import { adminAuditRoutes } from '../routes/admin-audit';
import { adminInsightsRoutes } from '../routes/admin-insights';
import { credentialRequestRoutes } from '../routes/credential-requests';
import { credentialGrantRoutes } from '../routes/credential-grants';
import { adminUserRoutes } from '../routes/admin-users';
import { adminUserExportRoutes } from '../routes/admin-users-export';
import { auditRoutes } from '../routes/audit';
import { authRoutes } from '../routes/auth';
import { authAccountRoutes } from '../routes/auth-account';
import { authMfaRoutes } from '../routes/auth-mfa';
import { adminSecondFactorRoutes } from '../routes/admin-second-factor';
import { adminAuditSinkRoutes } from '../routes/admin-audit-sinks';
import { authStepUpRoutes } from '../routes/auth-step-up';
import { authPasskeyRoutes } from '../routes/auth-passkeys';
import { sessionRoutes } from '../routes/sessions';
import { healthRoutes } from '../routes/health';
import { invitationRoutes } from '../routes/invitations';
import { publicConfigRoutes, readPublicConfig } from '../routes/public-config';
import { ssoRoutes } from '../routes/sso';
import { oidcProviderRoutes, oidcRoutes } from '../routes/oidc';
import { demoCallbackRoutes } from '../sso/demo-callback';
import { signOnOrigins } from '../sso/form-action';
import { setupRoutes } from '../routes/setup';
import { securityHeaders } from '../security/headers';
import { capInFlight } from '../security/in-flight';
import { loadPrincipal } from '../security/principal';
import { dummyPasswordHash } from '../auth/credentials-check';
import { builtStylesheet, mountClient } from '../http/static';

export type CreateAppOptions = {
  /** Serve the built client from this folder (omitted in API tests). */
  clientDir?: string;
};

/** Largest JSON body the API accepts; routes that need more say so themselves. */
const MAX_BODY_BYTES = 64 * 1024;

/** Builds the whole HTTP application; testable through `app.request()` without a socket. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = createRouter();

  app.use('*', async (c, next) => {
    // Always the server's own id: a caller's X-Request-Id would otherwise be
    // written into the logs as if the server had said it.
    const id = randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    c.set('deps', deps);
    c.set('principal', null);
    const started = performance.now();
    await next();
    deps.log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use('*', securityHeaders(deps.config));
  // First of the API's steps: a burst from one address is refused before any work.
  app.use('/api/*', capInFlight(deps));

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody('payload_too_large', 'Request body is too large'), 413),
    }),
  );
  app.use('/api/*', rejectUnstorableText());
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers carry account data: never cache them in shared or browser caches.
    c.header('Cache-Control', 'no-store');
  });
  // Audit ingest resolves its caller inside the transaction that stores the batch
  // (audit/ingest.ts), so that the request waits for the database only there.
  app.use(
    '/api/*',
    loadPrincipal((c) => c.req.method === 'POST' && c.req.path === '/api/audit/events'),
  );
  // Unknown addresses are checked against a dummy hash: have it ready before the first sign-in.
  if (!deps.config.demoMode) void dummyPasswordHash(deps.passwordParams);

  // The API reference page (not an operation of the contract), before the API's JSON 404.
  app.route('/', apiDocsRoutes(options.clientDir));

  const api = createRouter();
  api.route('/', healthRoutes);
  api.route('/', publicConfigRoutes);
  api.route('/', authRoutes);
  api.route('/', authAccountRoutes);
  api.route('/', authMfaRoutes);
  api.route('/', authPasskeyRoutes);
  api.route('/', authStepUpRoutes);
  api.route('/', adminSecondFactorRoutes);
  api.route('/', adminAuditSinkRoutes);
  api.route('/', sessionRoutes);
  api.route('/', ssoRoutes);
  api.route('/', oidcRoutes);
  api.route('/', credentialRequestRoutes);
  api.route('/', credentialGrantRoutes);
  api.route('/', adminAuditRoutes);
  api.route('/', adminInsightsRoutes);
  api.route('/', setupRoutes);
  // Before adminUserRoutes: /admin/users/export is not a user id.
  api.route('/', adminUserExportRoutes);
  api.route('/', adminUserRoutes);
  api.route('/', invitationRoutes);
  api.route('/', auditRoutes);
  app.route('/api', api);

  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  }
  app.doc31('/api/openapi.json', OPENAPI_DOCUMENT);

  app.all('/api/*', (c) =>
    c.json(errorBody('not_found', `No API operation at ${c.req.method} ${c.req.path}`), 404),
  );

  // The OpenID Provider (production mode), before the client's pages.
  app.route('/', oidcProviderRoutes);
  app.route(
    '/',
    demoCallbackRoutes({
      stylesheet: options.clientDir ? builtStylesheet(options.clientDir) : undefined,
    }),
  );
  if (options.clientDir) {
    mountClient(app, options.clientDir, {
      formActionOrigins: () => signOnOrigins(deps.db, deps.now()),
      publicConfig: () => readPublicConfig(deps),
      preRendered: deps.config.demoMode,
    });
  }

  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  app.onError((err, c) =>
    toErrorResponse(err, c, (e) =>
      deps.log.error('unhandled error', { requestId: c.get('requestId'), ...loggableError(e) }),
    ),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;
