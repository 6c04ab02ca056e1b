import { type RouteHandler } from '@hono/zod-openapi';
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
import type { AppEnv } from '../core/context';
import { requireStepUp } from '../auth/step-up';
import { requestMeta } from '../security/request-meta';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';

const idParams = idParam();

function reviewRoute(action: 'approve' | 'deny') {
  return defineRoute({
    method: 'post',
    path: `/admin/credential-requests/{id}/${action}`,
    operationId: `${action}CredentialRequest`,
    tag: 'admin',
    access: 'super_admin',
    roleCheckedByPolicy: true,
    summary: `${action === 'approve' ? 'Approve' : 'Deny'} another person's pending request (super_admin)`,
    description:
      'Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).',
    request: {
      params: idParams,
      body: jsonBody(reviewBodySchema, { reason: 'Needed for the key rotation this week' }),
    },
    responses: { 200: jsonResponse(credentialRequestResponseSchema, 'The reviewed request') },
    errors: [404, 409],
  });
}

type ReviewRoute = ReturnType<typeof reviewRoute>;

export const credentialRequestRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/apps',
      operationId: 'listApplications',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Registered applications (flags only; a secret never leaves the server)',
      responses: { 200: jsonResponse(applicationsResponseSchema, 'Applications by name') },
    }),
    async (c) => {
      const apps = await listApplications(c.get('deps').db);
      return c.json({ apps }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/credential-requests',
      operationId: 'listCredentialRequests',
      tag: 'admin',
      access: 'platform_admin',
      summary: "The caller's recent requests, and others' requests for a super_admin to review",
      responses: { 200: jsonResponse(credentialRequestsResponseSchema, 'Requests') },
    }),
    async (c) => {
      const requests = await credentialRequestsFor(c.get('deps').db, c.get('principal')!);
      return c.json(requests, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/credential-requests',
      operationId: 'createCredentialRequest',
      tag: 'admin',
      access: 'platform_admin',
      roleCheckedByPolicy: true,
      summary: 'Request access to an API key or webhook secret (pending approval)',
      request: {
        body: jsonBody(credentialRequestBodySchema, {
          target_app_id: '0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b',
          access_type: 'api_key',
          justification: 'Rotating the HireHub import key this week',
        }),
      },
      responses: { 201: jsonResponse(credentialRequestResponseSchema, 'The pending request') },
      errors: [404, 409],
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
    const caller = callerOf(c);
    // A reviewer asks for a step-up; anyone else is refused, and recorded, by the policy.
    if (caller.principal.roles.includes('super_admin')) {
      await requireStepUp(deps, caller.principal, requestMeta(c), `${decision}_credential_request`);
    }
    const request = await reviewCredentialRequest(
      deps,
      caller,
      { id, decision, reason },
      deps.now(),
    );
    return c.json({ request }, 200);
  };
}
