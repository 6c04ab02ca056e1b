import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import {
  applicationsResponseSchema,
  credentialRequestResponseSchema,
  credentialRequestsResponseSchema,
} from '@shared/schemas/admin-security';
import { credentialRequestBodySchema, reviewBodySchema } from '@shared/schemas/credentials';
import { AUDIT_EVENTS } from '../audit/event-types';
import { listApplications } from '../credentials/applications';
import { auditedValidation, callerOf } from '../credentials/policy';
import { credentialRequestsFor, requestCredentialAccess } from '../credentials/requests';
import { reviewCredentialRequest, type ReviewDecision } from '../credentials/reviews';
import type { AppEnv } from '../context';
import { errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { requireAdmin, requireAuth } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const idParams = z.object({ id: z.uuid() });

function reviewRoute(action: 'approve' | 'deny') {
  return createRoute({
    method: 'post',
    path: `/admin/credential-requests/{id}/${action}`,
    tags: ['admin'],
    summary: `${action === 'approve' ? 'Approve' : 'Deny'} another person's pending request (super_admin)`,
    middleware: [requireAuth()] as const,
    request: {
      params: idParams,
      body: { required: true, content: { 'application/json': { schema: reviewBodySchema } } },
    },
    responses: {
      200: json(credentialRequestResponseSchema, 'The reviewed request'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: errorResponses[409],
    },
  });
}

type ReviewRoute = ReturnType<typeof reviewRoute>;

export const adminSecurityRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/apps',
      tags: ['admin'],
      summary: 'Registered applications (flags only; a secret never leaves the server)',
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(applicationsResponseSchema, 'Applications by name'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const apps = await listApplications(c.get('deps').db);
      return c.json({ apps }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/credential-requests',
      tags: ['admin'],
      summary: "The caller's recent requests, and others' requests for a super_admin to review",
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(credentialRequestsResponseSchema, 'Requests'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const requests = await credentialRequestsFor(c.get('deps').db, c.get('principal')!);
      return c.json(requests, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/credential-requests',
      tags: ['admin'],
      summary: 'Request access to an API key or webhook secret (pending approval)',
      middleware: [requireAuth()] as const,
      request: {
        body: {
          required: true,
          content: { 'application/json': { schema: credentialRequestBodySchema } },
        },
      },
      responses: {
        201: json(credentialRequestResponseSchema, 'The pending request'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
        404: errorResponses[404],
        409: errorResponses[409],
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const request = await requestCredentialAccess(deps, callerOf(c), body, deps.now());
      return c.json({ request }, 201);
    },
    auditedValidation(AUDIT_EVENTS.credentialRequestRefused),
  )
  .openapi(
    reviewRoute('approve'),
    review('approved'),
    auditedValidation(AUDIT_EVENTS.credentialReviewRefused),
  )
  .openapi(
    reviewRoute('deny'),
    review('denied'),
    auditedValidation(AUDIT_EVENTS.credentialReviewRefused),
  );

/** Approve or deny another person's pending request (credentials/reviews.ts). */
function review(decision: ReviewDecision): RouteHandler<ReviewRoute, AppEnv> {
  return async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const request = await reviewCredentialRequest(
      deps,
      callerOf(c),
      { id, decision, reason },
      deps.now(),
    );
    return c.json({ request }, 200);
  };
}
