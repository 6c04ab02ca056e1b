import { z } from '@hono/zod-openapi';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { activeGrantsResponseSchema, grantResponseSchema } from '@shared/schemas/admin-security';
import { timeLimitedAccessBodySchema, CREDENTIAL_TYPE_NOUNS } from '@shared/schemas/credentials';
import { appendAuditEvents } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';
import { requestActor } from '../audit/request-actor';
import { lockCaller, requireUsableApplication } from '../credentials/applications';
import { activeGrantsOf, sweepExpiredGrants, toGrantDto } from '../credentials/grants';
import { assertAdmin, auditedValidation, enforcePolicy, PolicyDenial } from '../credentials/policy';
import { applications, credentialGrants } from '../db/schema';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { conflict, forbidden, notFound } from '../http/errors';
import { hasRole } from '../security/principal';

const MINUTE = 60_000;

/**
 * Time-limited credential access (README "Credential access policy"). Every
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
      const principal = c.get('principal')!;
      const body = c.req.valid('json');
      const now = deps.now();
      const grant = await enforcePolicy(
        c,
        AUDIT_EVENTS.grantDenied,
        {
          app_id: body.target_app_id,
          credential_type: body.credential_type,
          time_limit_minutes: body.time_limit_minutes,
        },
        async () => {
          assertAdmin(c);
          // An expired grant must be on the record, and must not count as active, before a new one.
          await sweepExpiredGrants(deps.db, now);
          return deps.db.transaction(async (tx) => {
            await lockCaller(tx, principal.userId);
            const app = await requireUsableApplication(
              tx,
              body.target_app_id,
              body.credential_type,
            );
            const [active] = await tx
              .select({ id: credentialGrants.id })
              .from(credentialGrants)
              .where(
                and(
                  eq(credentialGrants.userId, principal.userId),
                  eq(credentialGrants.appId, app.id),
                  eq(credentialGrants.credentialType, body.credential_type),
                  isNull(credentialGrants.revokedAt),
                  gt(credentialGrants.expiresAt, now),
                ),
              )
              .limit(1);
            if (active) {
              throw new PolicyDenial(
                409,
                'conflict',
                `You already have active access to the ${CREDENTIAL_TYPE_NOUNS[body.credential_type]} of ${app.appName}; revoke it or wait until it expires`,
                'one_active_grant',
              );
            }
            const [row] = await tx
              .insert(credentialGrants)
              .values({
                userId: principal.userId,
                appId: app.id,
                credentialType: body.credential_type,
                justification: body.justification,
                timeLimitMinutes: body.time_limit_minutes,
                grantedAt: now,
                expiresAt: new Date(now.getTime() + body.time_limit_minutes * MINUTE),
              })
              .returning();
            await appendAuditEvents(
              tx,
              [
                {
                  source: 'server',
                  eventType: AUDIT_EVENTS.grantGranted,
                  severity: 'high',
                  ...requestActor(c),
                  details: {
                    grant_id: row!.id,
                    app_id: app.id,
                    app_name: app.appName,
                    credential_type: body.credential_type,
                    time_limit_minutes: body.time_limit_minutes,
                    expires_at: row!.expiresAt.toISOString(),
                    justification: body.justification,
                  },
                },
              ],
              now,
            );
            return toGrantDto(row!, app.appName);
          });
        },
      );
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
      await sweepExpiredGrants(deps.db, now);
      const grants = await activeGrantsOf(deps.db, c.get('principal')!.userId, now);
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
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 200: jsonResponse(grantResponseSchema, 'The revoked grant') },
      errors: [404, 409],
    }),
    async (c) => {
      const deps = c.get('deps');
      const principal = c.get('principal')!;
      const { id } = c.req.valid('param');
      const now = deps.now();
      await sweepExpiredGrants(deps.db, now);
      const grant = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(credentialGrants)
          .where(eq(credentialGrants.id, id))
          .for('update');
        if (!row) throw notFound('Credential grant not found');
        if (row.userId !== principal.userId && !hasRole(principal, 'super_admin')) {
          throw forbidden('You can revoke only your own credential access');
        }
        if (row.revokedAt) throw conflict('This credential access was already revoked');
        if (row.expiresAt <= now) throw conflict('This credential access has already expired');
        const [app] = await tx
          .select({ appName: applications.appName })
          .from(applications)
          .where(eq(applications.id, row.appId));
        const [updated] = await tx
          .update(credentialGrants)
          .set({ revokedAt: now, revokedBy: principal.userId })
          .where(eq(credentialGrants.id, id))
          .returning();
        await appendAuditEvents(
          tx,
          [
            {
              source: 'server',
              eventType: AUDIT_EVENTS.grantRevoked,
              severity: 'medium',
              ...requestActor(c),
              details: {
                grant_id: id,
                holder_id: row.userId,
                app_id: row.appId,
                app_name: app?.appName ?? null,
                credential_type: row.credentialType,
                seconds_left: Math.round((row.expiresAt.getTime() - now.getTime()) / 1000),
              },
            },
          ],
          now,
        );
        return toGrantDto(updated!, app?.appName ?? '');
      });
      return c.json({ grant, server_time: now.toISOString() }, 200);
    },
  );
