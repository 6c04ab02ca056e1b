import { activeGrantsResponseSchema, grantResponseSchema } from '@shared/schemas/admin-security';
import { timeLimitedAccessBodySchema } from '@shared/schemas/credentials';
import { AUDIT_EVENTS } from '../audit/event-types';
import { currentGrantsOf, grantCredentialAccess, revokeGrant } from '../credentials/grants';
import { auditedValidation, callerOf } from '../credentials/policy';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';

/**
 * Time-limited credential access (docs/api/credential-policy.md). Every
 * grant, refusal and revocation is on the audit trail; a grant and its record
 * commit together or not at all.
 */
export const credentialGrantRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/credential-grants',
      operationId: 'createCredentialGrant',
      tag: 'admin',
      access: 'platform_admin',
      roleCheckedByPolicy: true,
      summary: 'Request time-limited access to a credential (granted or refused by policy)',
      request: {
        body: jsonBody(timeLimitedAccessBodySchema, {
          target_app_id: '0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b',
          credential_type: 'webhook_secret',
          justification: 'Investigating a failed webhook delivery',
          time_limit_minutes: 15,
        }),
      },
      responses: { 201: jsonResponse(grantResponseSchema, 'Access granted until expires_at') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const now = deps.now();
      const grant = await grantCredentialAccess(deps, callerOf(c), body, now);
      return c.json({ grant, server_time: now.toISOString() }, 201);
    },
    auditedValidation(AUDIT_EVENTS.grantDenied),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/credential-grants/active',
      operationId: 'listActiveCredentialGrants',
      tag: 'admin',
      access: 'platform_admin',
      summary: "The caller's grants that are neither revoked nor expired",
      responses: {
        200: jsonResponse(activeGrantsResponseSchema, 'Active grants, soonest expiry first'),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const now = deps.now();
      const grants = await currentGrantsOf(deps.db, c.get('principal')!.userId, now);
      return c.json({ grants, server_time: now.toISOString() }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/credential-grants/{id}/revoke',
      operationId: 'revokeCredentialGrant',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'End a grant early (its holder, or a super_admin)',
      request: { params: idParam() },
      responses: { 200: jsonResponse(grantResponseSchema, 'The revoked grant') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const now = deps.now();
      const grant = await revokeGrant(deps, callerOf(c), id, now);
      return c.json({ grant, server_time: now.toISOString() }, 200);
    },
  );
