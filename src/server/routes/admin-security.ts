import { z, type RouteHandler } from '@hono/zod-openapi';
import { and, asc, desc, eq, ne, notInArray } from 'drizzle-orm';
import { LIMITS } from '@shared/constants';
import {
  applicationsResponseSchema,
  credentialRequestResponseSchema,
  credentialRequestsResponseSchema,
  sessionsResponseSchema,
} from '@shared/schemas/admin-security';
import {
  credentialRequestBodySchema,
  displayApprovalStatus,
  reviewBodySchema,
  CREDENTIAL_TYPE_NOUNS,
} from '@shared/schemas/credentials';
import { appendAuditEvents } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';
import { requestActor } from '../audit/request-actor';
import { lockCaller, requireUsableApplication } from '../credentials/applications';
import { assertAdmin, auditedValidation, enforcePolicy, PolicyDenial } from '../credentials/policy';
import {
  CREDENTIAL_ACCESS,
  credentialRequestById,
  listCredentialRequests,
} from '../credentials/requests';
import type { AppEnv } from '../context';
import { adminActionApprovals, applications, sessions } from '../db/schema';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { hasRole } from '../security/principal';

const idParams = z.object({ id: z.uuid() });

/** Decided requests keep this status; anything else is still open (SPEC.md §3). */
const SETTLED = ['approved', 'denied'];

function reviewRoute(action: 'approve' | 'deny') {
  return defineRoute({
    method: 'post',
    path: `/admin/credential-requests/{id}/${action}`,
    operationId: `${action}CredentialRequest`,
    tag: 'admin',
    access: 'super_admin',
    roleCheckedByPolicy: true,
    summary: `${action === 'approve' ? 'Approve' : 'Deny'} another person's pending request (super_admin)`,
    request: {
      params: idParams,
      body: jsonBody(reviewBodySchema, { reason: 'Needed for the key rotation this week' }),
    },
    responses: { 200: jsonResponse(credentialRequestResponseSchema, 'The reviewed request') },
    errors: [404, 409],
  });
}

type ReviewRoute = ReturnType<typeof reviewRoute>;

export const adminSecurityRoutes = createRouter()
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
      const { db } = c.get('deps');
      const rows = await db
        .select({
          id: applications.id,
          app_name: applications.appName,
          app_url: applications.appUrl,
          app_type: applications.appType,
          is_active: applications.isActive,
          apiKeyHash: applications.apiKeyHash,
          webhookSecretHash: applications.webhookSecretHash,
        })
        .from(applications)
        .orderBy(asc(applications.appName));
      const apps = rows.map(({ apiKeyHash, webhookSecretHash, ...app }) => ({
        ...app,
        has_api_key: apiKeyHash !== null,
        has_webhook_secret: webhookSecretHash !== null,
      }));
      return c.json({ apps }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/sessions',
      operationId: 'listOwnSessions',
      tag: 'admin',
      access: 'platform_admin',
      summary: "The caller's own sessions, newest first, at most 5",
      responses: { 200: jsonResponse(sessionsResponseSchema, 'Sessions') },
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const now = deps.now();
      // A demo token stands for a shared account: a visitor sees only its own token's session.
      const mine =
        principal.sessionKind === 'demo'
          ? eq(sessions.id, principal.sessionId)
          : and(eq(sessions.userId, principal.userId), eq(sessions.kind, 'password'));
      const rows = await deps.db
        .select()
        .from(sessions)
        .where(mine)
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(LIMITS.sessionsListed);
      return c.json(
        {
          sessions: rows.map((s) => ({
            id: s.id,
            session_token_hash: s.sessionTokenHash.slice(0, LIMITS.tokenHashShown),
            ip_address: s.ipAddress,
            is_active: s.isActive && !s.revokedAt && (!s.expiresAt || s.expiresAt > now),
            created_at: s.createdAt.toISOString(),
            kind: s.kind,
            current: s.id === principal.sessionId,
          })),
        },
        200,
      );
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
      const { db } = c.get('deps');
      const principal = c.get('principal')!;
      const canReview = hasRole(principal, 'super_admin');
      const mine = await listCredentialRequests(
        db,
        eq(adminActionApprovals.requestingUserId, principal.userId),
        { limit: 20 },
      );
      const others = canReview
        ? await listCredentialRequests(
            db,
            ne(adminActionApprovals.requestingUserId, principal.userId),
            { limit: 25, pendingFirst: true },
          )
        : [];
      return c.json({ mine, others, can_review: canReview }, 200);
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
      const principal = c.get('principal')!;
      const body = c.req.valid('json');
      const now = deps.now();
      const id = await enforcePolicy(
        c,
        AUDIT_EVENTS.credentialRequestRefused,
        { app_id: body.target_app_id, credential_type: body.access_type },
        async () => {
          assertAdmin(c);
          return deps.db.transaction(async (tx) => {
            await lockCaller(tx, principal.userId);
            const app = await requireUsableApplication(tx, body.target_app_id, body.access_type);
            const [open] = await tx
              .select({ id: adminActionApprovals.id })
              .from(adminActionApprovals)
              .where(
                and(
                  eq(adminActionApprovals.requestingUserId, principal.userId),
                  eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS),
                  eq(adminActionApprovals.targetAppId, app.id),
                  eq(adminActionApprovals.credentialType, body.access_type),
                  notInArray(adminActionApprovals.status, SETTLED),
                ),
              )
              .limit(1);
            if (open) {
              throw new PolicyDenial(
                409,
                'conflict',
                `You already have a pending request for the ${CREDENTIAL_TYPE_NOUNS[body.access_type]} of ${app.appName}`,
                'one_pending_request',
              );
            }
            const [row] = await tx
              .insert(adminActionApprovals)
              .values({
                requestingUserId: principal.userId,
                actionType: CREDENTIAL_ACCESS,
                targetAppId: app.id,
                credentialType: body.access_type,
                status: 'pending',
                justification: body.justification,
                createdAt: now,
              })
              .returning({ id: adminActionApprovals.id });
            await appendAuditEvents(
              tx,
              [
                {
                  source: 'server',
                  eventType: AUDIT_EVENTS.credentialRequested,
                  severity: 'medium',
                  ...requestActor(c),
                  details: {
                    request_id: row!.id,
                    app_id: app.id,
                    app_name: app.appName,
                    access_type: body.access_type,
                    justification: body.justification,
                  },
                },
              ],
              now,
            );
            return row!.id;
          });
        },
      );
      const request = await credentialRequestById(deps.db, id);
      return c.json({ request: request! }, 201);
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

/**
 * Approve or deny: a super_admin decides another person's pending request with
 * a reason, never their own (separation of duties); the decision and its audit
 * record commit together.
 */
function review(decision: 'approved' | 'denied'): RouteHandler<ReviewRoute, AppEnv> {
  return async (c) => {
    const deps = c.get('deps');
    const principal = c.get('principal')!;
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const now = deps.now();
    await enforcePolicy(
      c,
      AUDIT_EVENTS.credentialReviewRefused,
      { request_id: id, decision },
      async () => {
        if (!hasRole(principal, 'super_admin')) {
          throw new PolicyDenial(
            403,
            'forbidden',
            'Only a super_admin can approve or deny credential access requests',
            'reviewer_role',
          );
        }
        await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(adminActionApprovals)
            .where(
              and(
                eq(adminActionApprovals.id, id),
                eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS),
              ),
            )
            .for('update');
          if (!row) {
            throw new PolicyDenial(
              404,
              'not_found',
              'Credential access request not found',
              'request_exists',
            );
          }
          if (row.requestingUserId === principal.userId) {
            throw new PolicyDenial(
              403,
              'forbidden',
              'You cannot review your own request: another super_admin must decide it (separation of duties)',
              'separation_of_duties',
            );
          }
          const current = displayApprovalStatus(row.status);
          if (current !== 'pending') {
            throw new PolicyDenial(
              409,
              'conflict',
              `This request has already been ${current}`,
              'pending_only',
            );
          }
          await tx
            .update(adminActionApprovals)
            .set({
              status: decision,
              reviewedBy: principal.userId,
              reviewReason: reason,
              reviewedAt: now,
            })
            .where(eq(adminActionApprovals.id, id));
          await appendAuditEvents(
            tx,
            [
              {
                source: 'server',
                eventType:
                  decision === 'approved'
                    ? AUDIT_EVENTS.credentialApproved
                    : AUDIT_EVENTS.credentialDenied,
                severity: decision === 'approved' ? 'high' : 'medium',
                ...requestActor(c),
                details: {
                  request_id: id,
                  requester_id: row.requestingUserId,
                  app_id: row.targetAppId,
                  credential_type: row.credentialType,
                  reason,
                },
              },
            ],
            now,
          );
        });
      },
    );
    const request = await credentialRequestById(deps.db, id);
    return c.json({ request: request! }, 200);
  };
}
