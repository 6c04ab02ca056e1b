import { and, eq } from 'drizzle-orm';
import type { CredentialRequest } from '@shared/schemas/admin-security';
import { displayApprovalStatus } from '@shared/schemas/credentials';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import { adminActionApprovals } from '../db/schema';
import { hasRole } from '../security/principal';
import { enforcePolicy, PolicyDenial, type Caller } from './policy';
import { CREDENTIAL_ACCESS, credentialRequestById } from './requests';

export type ReviewDecision = 'approved' | 'denied';

/**
 * Approve or deny: a super_admin decides another person's pending request with
 * a reason, never their own (separation of duties); the decision and its audit
 * record commit together. Every refusal is on the audit trail.
 */
export async function reviewCredentialRequest(
  deps: AppDeps,
  caller: Caller,
  review: { id: string; decision: ReviewDecision; reason: string },
  now: Date,
): Promise<CredentialRequest> {
  const { principal, actor } = caller;
  const { id, decision, reason } = review;
  await enforcePolicy(
    deps,
    caller,
    AUDIT_EVENTS.credentialReviewRefused,
    { request_id: id, decision },
    async () => {
      if (!hasRole(principal, 'super_admin')) {
        throw new PolicyDenial(
          403,
          'forbidden',
          'Only a Super Admin can approve or deny credential access requests',
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
            'You cannot review your own request: another Super Admin must decide it (separation of duties)',
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
              ...actor,
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
  return (await credentialRequestById(deps.db, id))!;
}
