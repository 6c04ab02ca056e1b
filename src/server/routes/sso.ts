import { createRoute } from '@hono/zod-openapi';
import {
  ssoApplicationLookupSchema,
  ssoApplicationQuerySchema,
  ssoExchangeRequestSchema,
  ssoIdentitySchema,
  ssoInitiateRequestSchema,
  ssoInitiateResponseSchema,
} from '@shared/schemas/sso';
import { errorResponses, unauthorized } from '../http/errors';
import { createRouter } from '../http/router';
import { clientIp } from '../security/client-ip';
import { assertPasswordSettled, bearerToken } from '../security/principal';
import { findSignOnApplication } from '../sso/app-lookup';
import { exchangeSignOnCode, initiateSignOn } from '../sso/codes';

const json = <T>(schema: T) => ({ 'application/json': { schema } });

export const ssoRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/sso/applications',
      tags: ['sso'],
      summary:
        'The registered application a sign-on link names, by id or short name (hirehub): public facts only',
      security: [{ bearer: [] }],
      request: { query: ssoApplicationQuerySchema },
      responses: {
        200: {
          description: 'The application, or null when none answers to this app_id',
          content: json(ssoApplicationLookupSchema),
        },
        400: errorResponses[400],
        401: errorResponses[401],
      },
    }),
    async (c) => {
      if (!c.get('principal')) throw unauthorized();
      const { app_id } = c.req.valid('query');
      const application = await findSignOnApplication(c.get('deps').db, app_id);
      return c.json({ application }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/sso/initiate',
      tags: ['sso'],
      summary:
        'Start the cross-platform sign-on step: a single-use code for a registered application',
      security: [{ bearer: [] }],
      request: { body: { required: true, content: json(ssoInitiateRequestSchema) } },
      responses: {
        201: { description: 'Code issued', content: json(ssoInitiateResponseSchema) },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const principal = c.get('principal');
      if (!principal) throw unauthorized();
      assertPasswordSettled(principal);
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const result = await initiateSignOn(
        deps,
        principal,
        { appId: body.app_id, redirectUrl: body.redirect_url },
        {
          ip: clientIp(c, deps.config.trustedProxies),
          userAgent: c.req.header('user-agent') ?? null,
        },
      );
      return c.json(result, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/sso/exchange',
      tags: ['sso'],
      summary:
        "Trade a sign-on code, once, for the user's identity (the application's API key as bearer)",
      security: [{ appKey: [] }],
      request: { body: { required: true, content: json(ssoExchangeRequestSchema) } },
      responses: {
        200: { description: 'Identity of the signed-in user', content: json(ssoIdentitySchema) },
        400: errorResponses[400],
        401: errorResponses[401],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const identity = await exchangeSignOnCode(
        deps,
        { code: c.req.valid('json').code, apiKey: bearerToken(c.req.header('authorization')) },
        {
          ip: clientIp(c, deps.config.trustedProxies),
          userAgent: c.req.header('user-agent') ?? null,
        },
      );
      return c.json(identity, 200);
    },
  );
