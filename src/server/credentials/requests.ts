import { and, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import { CREDENTIAL_TYPE_NOUNS, type CredentialRequestBody } from '@shared/schemas/credentials';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { adminActionApprovals, applications, platformUsers } from '../db/schema';
import { hasRole, type Principal } from '../security/principal';
import { decideAccess } from './access';
import { PolicyDenial, type Caller } from './policy';

export const CREDENTIAL_ACCESS = 'credential_access';

/** Decided requests keep this status; anything else is still open (docs/api/credential-policy.md). */
const SETTLED = ['approved', 'denied'];

const requester = alias(platformUsers, 'requester');
const reviewer = alias(platformUsers, 'reviewer');

/** Credential access requests with the names of their application, requester and reviewer. */
async function listCredentialRequests(
  db: Db | Tx,
  where: SQL | undefined,
  options: { limit: number; pendingFirst?: boolean },
): Promise<CredentialRequest[]> {
  const settled = sql`CASE WHEN ${adminActionApprovals.status} IN ('approved', 'denied') THEN 1 ELSE 0 END`;
  const rows = await db
    .select({
      request: adminActionApprovals,
      appName: applications.appName,
      requesterEmail: requester.email,
      requesterName: requester.fullName,
      reviewerId: reviewer.id,
      reviewerEmail: reviewer.email,
      reviewerName: reviewer.fullName,
    })
    .from(adminActionApprovals)
    .innerJoin(requester, eq(requester.id, adminActionApprovals.requestingUserId))
    .leftJoin(reviewer, eq(reviewer.id, adminActionApprovals.reviewedBy))
    .leftJoin(applications, eq(applications.id, adminActionApprovals.targetAppId))
    .where(and(eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS), where))
    .orderBy(
      ...(options.pendingFirst ? [settled] : []),
      desc(adminActionApprovals.createdAt),
      desc(adminActionApprovals.id),
    )
    .limit(options.limit);
  return rows.map(({ request: r, ...names }) => ({
    id: r.id,
    action_type: r.actionType,
    status: r.status,
    app_id: r.targetAppId,
    app_name: names.appName,
    credential_type: r.credentialType,
    justification: r.justification,
    created_at: r.createdAt.toISOString(),
    requester: {
      id: r.requestingUserId,
      email: names.requesterEmail,
      full_name: names.requesterName,
    },
    reviewer:
      names.reviewerId && names.reviewerEmail
        ? { id: names.reviewerId, email: names.reviewerEmail, full_name: names.reviewerName }
        : null,
    review_reason: r.reviewReason,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
  }));
}

export async function credentialRequestById(
  db: Db | Tx,
  id: string,
): Promise<CredentialRequest | null> {
  const [row] = await listCredentialRequests(db, eq(adminActionApprovals.id, id), { limit: 1 });
  return row ?? null;
}

/** The caller's recent requests, and others' requests when the caller is a super_admin who reviews them. */
export async function credentialRequestsFor(db: Db, principal: Principal) {
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
        {
          limit: 25,
          pendingFirst: true,
        },
      )
    : [];
  return { mine, others, can_review: canReview };
}

/** Files a pending request for a credential: at most one open request per application and credential. */
export async function requestCredentialAccess(
  deps: AppDeps,
  caller: Caller,
  body: CredentialRequestBody,
  now: Date,
): Promise<CredentialRequest> {
  const { userId } = caller.principal;
  const id = await decideAccess(deps, caller, now, {
    refusedEvent: AUDIT_EVENTS.credentialRequestRefused,
    refusalDetails: { app_id: body.target_app_id, credential_type: body.access_type },
    appId: body.target_app_id,
    credentialType: body.access_type,
    holdsOpen: async (tx, app) => {
      const [open] = await tx
        .select({ id: adminActionApprovals.id })
        .from(adminActionApprovals)
        .where(
          and(
            eq(adminActionApprovals.requestingUserId, userId),
            eq(adminActionApprovals.actionType, CREDENTIAL_ACCESS),
            eq(adminActionApprovals.targetAppId, app.id),
            eq(adminActionApprovals.credentialType, body.access_type),
            notInArray(adminActionApprovals.status, SETTLED),
          ),
        )
        .limit(1);
      return open !== undefined;
    },
    duplicate: (app) =>
      new PolicyDenial(
        409,
        'conflict',
        `You already have a pending request for the ${CREDENTIAL_TYPE_NOUNS[body.access_type]} of ${app.appName}`,
        'one_pending_request',
      ),
    create: async (tx, app) => {
      const [row] = await tx
        .insert(adminActionApprovals)
        .values({
          requestingUserId: userId,
          actionType: CREDENTIAL_ACCESS,
          targetAppId: app.id,
          credentialType: body.access_type,
          status: 'pending',
          justification: body.justification,
          createdAt: now,
        })
        .returning({ id: adminActionApprovals.id });
      return {
        value: row!.id,
        audit: {
          eventType: AUDIT_EVENTS.credentialRequested,
          severity: 'medium',
          details: {
            request_id: row!.id,
            app_id: app.id,
            app_name: app.appName,
            access_type: body.access_type,
            justification: body.justification,
          },
        },
      };
    },
  });
  return (await credentialRequestById(deps.db, id))!;
}
