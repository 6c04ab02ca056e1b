import { requestMeta } from '../security/request-meta';
import {
  ssoApplicationLookupSchema,
  ssoApplicationQuerySchema,
  ssoExchangeRequestSchema,
  ssoIdentitySchema,
  ssoInitiateRequestSchema,
  ssoInitiateResponseSchema,
} from '@shared/schemas/sso';
import {
  createRouter,
  defineRoute,
  jsonBody,
  jsonResponse,
  strictQuery,
} from '../http/define-route';
import { rateLimited } from '../core/errors';
import { bearerToken } from '../security/principal';
import { findSignOnApplication } from '../sso/app-lookup';
import {
  exchangeSignOnCode,
  initiateSignOn,
  legacyExchangeAnswers,
  SSO_INITIATE_LIMIT,
} from '../sso/codes';
import type { Config } from '../core/config';

/** Production mode with SSO_LEGACY_EXCHANGE=on: the exchange still answers, deprecated. */
function markDeprecated(config: Config, c: { header(name: string, value: string): void }) {
  if (!config.demoMode && legacyExchangeAnswers(config)) c.header('Deprecation', 'true');
}

const RETIRED =
  'Deprecated: in production mode it answers 404 unless SSO_LEGACY_EXCHANGE=on (docs/api/sign-on.md); applications sign in with OpenID Connect.';

export const ssoRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/sso/applications',
      operationId: 'findSsoApplication',
      tag: 'sso',
      access: 'signed_in',
      allowPendingPasswordChange: true,
      summary:
        'The registered application a sign-on link names, by id or short name (hirehub): public facts only',
      request: { query: strictQuery(ssoApplicationQuerySchema) },
      responses: {
        200: jsonResponse(
          ssoApplicationLookupSchema,
          'The application, or null when none answers to this app_id',
        ),
      },
    }),
    async (c) => {
      const { app_id } = c.req.valid('query');
      const { db, config } = c.get('deps');
      const application = await findSignOnApplication(db, config, app_id);
      return c.json({ application }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sso/initiate',
      operationId: 'initiateSso',
      tag: 'sso',
      access: 'signed_in',
      summary:
        'Start the cross-platform sign-on step: a single-use code for a registered application',
      request: {
        body: jsonBody(ssoInitiateRequestSchema, {
          app_id: '0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b',
          redirect_url: 'https://hirehub.example/sso/callback',
        }),
      },
      deprecated: true,
      description: `${RETIRED} At most ${SSO_INITIATE_LIMIT.limit} starts per account (per client address for a demo session) in ${SSO_INITIATE_LIMIT.windowMs / 60_000} minutes; past it 429 with Retry-After.`,
      responses: { 201: jsonResponse(ssoInitiateResponseSchema, 'Code issued') },
      errors: [404, 429],
    }),
    async (c) => {
      const principal = c.get('principal')!;
      const deps = c.get('deps');
      const body = c.req.valid('json');
      markDeprecated(deps.config, c);
      const result = await initiateSignOn(
        deps,
        principal,
        { appId: body.app_id, redirectUrl: body.redirect_url },
        requestMeta(c),
      );
      if (result.outcome === 'limited') {
        throw rateLimited(
          c,
          result.retryAfterSeconds,
          `Too many sign-on starts. Try again in ${result.retryAfterSeconds} seconds.`,
        );
      }
      const { outcome: _issued, ...issued } = result;
      return c.json(issued, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/sso/exchange',
      operationId: 'exchangeSsoCode',
      tag: 'sso',
      access: 'application_key',
      summary:
        "Trade a sign-on code, once, for the user's identity (the application's API key as bearer)",
      request: {
        body: jsonBody(ssoExchangeRequestSchema, { code: 'q7Lw2Zr9Kx4Mp8Vn3Tb6Yc1Hd5Fs0Jg' }),
      },
      deprecated: true,
      description: RETIRED,
      responses: { 200: jsonResponse(ssoIdentitySchema, 'Identity of the signed-in user') },
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      markDeprecated(deps.config, c);
      const identity = await exchangeSignOnCode(
        deps,
        { code: c.req.valid('json').code, apiKey: bearerToken(c.req.header('authorization')) },
        requestMeta(c),
      );
      return c.json(identity, 200);
    },
  );
