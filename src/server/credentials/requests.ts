import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import type { Db, Tx } from '../db/client';
import { adminActionApprovals, applications, platformUsers } from '../db/schema';

export const CREDENTIAL_ACCESS = 'credential_access';

const requester = alias(platformUsers, 'requester');
const reviewer = alias(platformUsers, 'reviewer');

/** Credential access requests with the names of their application, requester and reviewer. */
export async function listCredentialRequests(
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
