import type { HttpBindings } from '@hono/node-server';
import {
  connectedApplicationsSchema,
  oidcClientBodySchema,
  oidcClientRemovedSchema,
  oidcClientResultSchema,
  oidcInteractionAnswerSchema,
  oidcInteractionParamsSchema,
  oidcInteractionResultSchema,
  oidcInteractionSchema,
} from '@shared/schemas/oidc';
import { ApiError, errorBody } from '../core/errors';
import type { AppDeps } from '../core/context';
import { actorOf } from '../audit/request-actor';
import { requireStepUp } from '../auth/step-up';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';
import { removeOidcClient } from '../oidc/client-removal';
import { configureOidcClient } from '../oidc/clients';
import { connectedApplications, removeApplicationAccess } from '../oidc/connected-apps';
import { completeInteraction, describeInteraction } from '../oidc/interactions';
import { rememberRequestMeta } from '../oidc/provider-audit';
import { OIDC_PATH, oidcProvider } from '../oidc/provider';
import { tokenRequestRetryAfter } from '../oidc/token-limit';
import { requestMeta } from '../security/request-meta';

/** Demo mode signs on with its simulated step only (docs/product/sign-on.md#oidc). */
function productionOnly(deps: AppDeps): AppDeps {
  if (deps.config.demoMode) {
    throw new ApiError(404, 'not_found', 'The OpenID Provider runs in production mode only.');
  }
  return deps;
}

export const oidcRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/oidc/interactions/{uid}',
      operationId: 'getOidcInteraction',
      tag: 'sso',
      access: 'signed_in',
      summary: 'The application an OpenID Connect sign-in waits for, and what it will receive',
      request: { params: oidcInteractionParamsSchema },
      responses: { 200: jsonResponse(oidcInteractionSchema, 'The waiting sign-in') },
      errors: [404],
    }),
    async (c) => {
      const { uid } = c.req.valid('param');
      return c.json(
        await describeInteraction(productionOnly(c.get('deps')), uid, c.get('principal')!),
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/oidc/interactions/{uid}',
      operationId: 'completeOidcInteraction',
      tag: 'sso',
      access: 'signed_in',
      summary:
        'Continue to the application as the signed-in person: the browser goes back to the provider for the code',
      description:
        'When the application must be allowed first (consent_required), the body says allow or decline; without it the answer is 409. Declining sends the application access_denied.',
      request: {
        params: oidcInteractionParamsSchema,
        body: {
          required: false,
          content: {
            'application/json': {
              schema: oidcInteractionAnswerSchema,
              example: { decision: 'allow' },
            },
          },
        },
      },
      responses: { 200: jsonResponse(oidcInteractionResultSchema, 'Where the browser goes next') },
      errors: [404, 409],
    }),
    async (c) => {
      const { uid } = c.req.valid('param');
      const answer = c.req.valid('json') as { decision?: 'allow' | 'decline' } | undefined;
      const result = await completeInteraction(
        productionOnly(c.get('deps')),
        uid,
        c.get('principal')!,
        requestMeta(c),
        answer?.decision,
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/oidc/consents',
      operationId: 'listConnectedApplications',
      tag: 'sso',
      access: 'signed_in',
      summary: 'The applications you have allowed to receive your details, and what each receives',
      responses: { 200: jsonResponse(connectedApplicationsSchema, 'Allowed applications') },
      errors: [404],
    }),
    async (c) => {
      const deps = productionOnly(c.get('deps'));
      return c.json({ applications: await connectedApplications(deps, c.get('principal')!) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/oidc/consents/{id}',
      operationId: 'removeApplicationAccess',
      tag: 'sso',
      access: 'signed_in',
      summary: "Take back an application's access: asked again next time, signed out of it now",
      description:
        "Forgets what you allowed the application (id: the application's id); your sign-ins to it end in every session, and an application with a back-channel logout URI is told. 404 when it has no access.",
      request: { params: idParam('application') },
      responses: { 204: { description: 'Access removed' } },
      errors: [404],
    }),
    async (c) => {
      const deps = productionOnly(c.get('deps'));
      const { id } = c.req.valid('param');
      await removeApplicationAccess(deps, c.get('principal')!, id, requestMeta(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/admin/apps/{id}/oidc-client',
      operationId: 'configureOidcClient',
      tag: 'admin',
      access: 'super_admin',
      summary:
        'Register an application as an OpenID Connect client, or change it; a new secret is shown once',
      description:
        'Redirect URIs are matched exactly and must use https (http only on a loopback address). A confidential client gets a secret the first time, or when new_secret is true; a public client has none and relies on PKCE. initiate_login_uri (same rules) is where the application starts its own sign-in: a console link to it sends the person there with iss and target_link_uri. Asks for a step-up like the other credential changes.',
      request: {
        params: idParam(),
        body: jsonBody(oidcClientBodySchema, {
          redirect_uris: ['https://hirehub.example/oidc/callback'],
          post_logout_redirect_uris: ['https://hirehub.example/'],
          scopes: ['openid', 'email', 'profile', 'roles', 'offline_access'],
          public_client: false,
          initiate_login_uri: 'https://hirehub.example/oidc/login',
        }),
      },
      responses: { 200: jsonResponse(oidcClientResultSchema, 'The client id, and its new secret') },
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'configure_oidc_client');
      const body = c.req.valid('json');
      const result = await configureOidcClient(
        deps,
        c.req.valid('param').id,
        {
          redirectUris: body.redirect_uris,
          postLogoutRedirectUris: body.post_logout_redirect_uris,
          scopes: body.scopes,
          publicClient: body.public_client,
          newSecret: body.new_secret,
          firstParty: body.first_party,
          backchannelLogoutUri: body.backchannel_logout_uri,
          initiateLoginUri: body.initiate_login_uri,
        },
        actorOf(principal, meta),
      );
      return c.json({ client_id: result.clientId, client_secret: result.clientSecret }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/admin/apps/{id}/oidc-client',
      operationId: 'removeOidcClient',
      tag: 'admin',
      access: 'super_admin',
      summary: "Remove an application's sign-in: its client stops working, everyone is signed out",
      description:
        'Everyone signed in to the application through the console is signed out of it (back-channel logout where registered), what people allowed it is forgotten, and its client id and secret stop working. Registering it again gives a new secret. Asks for a step-up like the other credential changes; 404 when the application does not sign people in.',
      request: { params: idParam() },
      responses: { 200: jsonResponse(oidcClientRemovedSchema, 'Removed') },
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const meta = requestMeta(c);
      await requireStepUp(deps, principal, meta, 'remove_oidc_client');
      const removed = await removeOidcClient(
        deps,
        c.req.valid('param').id,
        actorOf(principal, meta),
      );
      return c.json(
        {
          client_id: removed.clientId,
          people_signed_out: removed.peopleSignedOut,
          consents_forgotten: removed.consentsForgotten,
        },
        200,
      );
    },
  );

/**
 * The OpenID Provider itself (oidc-provider, a Koa application) under /oidc: discovery, JWKS,
 * authorization, token, userinfo, revocation and logout. It answers on Node's own request and
 * response, so it is served only by the real server (app.request() in tests has no socket).
 */
export const oidcProviderRoutes = createRouter().all(`${OIDC_PATH}/*`, async (c) => {
  const deps = c.get('deps');
  const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
  if (deps.config.demoMode || !incoming || !outgoing) {
    return c.json(errorBody('not_found', 'Not found'), 404);
  }
  const meta = requestMeta(c);
  if (c.req.method === 'POST' && c.req.path === `${OIDC_PATH}/token`) {
    const retryAfter = await tokenRequestRetryAfter(deps, {
      meta,
      authorization: c.req.header('authorization'),
    });
    if (retryAfter !== null) {
      // An OAuth-style error (RFC 6749 5.2's shape), as a client library reads one.
      c.header('Retry-After', String(retryAfter));
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          error: 'temporarily_unavailable',
          error_description: `Too many token requests. Try again in ${retryAfter} seconds.`,
        },
        429,
      );
    }
  }
  const provider = await oidcProvider(deps);
  rememberRequestMeta(incoming, meta);
  // Mounted like Express mounts an app: the provider sees the path below /oidc and the full
  // original URL, from which it tells its mount path.
  const original = incoming.url ?? '/';
  Object.assign(incoming, { originalUrl: original });
  incoming.url = original.slice(OIDC_PATH.length) || '/';
  outgoing.setHeader('X-Content-Type-Options', 'nosniff');
  outgoing.setHeader('X-Frame-Options', 'DENY');
  outgoing.setHeader('Referrer-Policy', 'no-referrer');
  await provider.callback()(incoming, outgoing);
  // Already sent on Node's response (the header tells @hono/node-server); the status is for the log.
  const sent = new Response(null, {
    status: outgoing.statusCode,
    headers: { 'x-hono-already-sent': 'true' },
  });
  // The adapter's light Response would be written again from its cache, headers and all (an
  // ERR_HTTP_HEADERS_SENT, and the connection destroyed under the next request); reading its
  // body turns it into a full one, which the adapter leaves alone when it says already sent.
  void sent.body;
  return sent;
});
