import { endApplicationSessions } from '../oidc/app-sessions';
import { and, count, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { CleanupResponse, ClearAllUsersResponse } from '@shared/schemas/setup';
import { appendAuditEvents } from '../audit/chain/append';
import { resetAuditChain } from '../audit/chain/checkpoint';
import { type AuditInput } from '../audit/chain/link';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import { recordExpiredGrants } from '../credentials/grants';
import {
  auditChainHead,
  auditEvents,
  credentialGrants,
  invitations,
  platformUsers,
  sessions,
  signUpVerifications,
  ssoCodes,
} from '../db/schema';

type Actor = Pick<AuditInput, 'userId' | 'sessionId' | 'ipAddress' | 'userAgent'>;

/**
 * Deletes every account (their roles, sessions, passwords, requests and
 * grants go with them by cascade), every invitation and the audit trail, then starts a new
 * chain whose first record says who cleared it, when, and where the old
 * chain ended. One transaction: all of it happens, or none.
 */
export async function clearAllUsers(
  deps: AppDeps,
  actor: Actor & { clearedBy: string },
): Promise<ClearAllUsersResponse> {
  const now = deps.now();
  let removed: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    // Hold the chain head first, so that no append slips in between.
    const [head] = await tx
      .select()
      .from(auditChainHead)
      .where(eq(auditChainHead.id, 1))
      .for('update');
    if (!head) throw new Error('audit chain head is missing');
    const [events] = await tx.select({ n: count() }).from(auditEvents);
    const deleted = await tx.delete(platformUsers).returning({ id: platformUsers.id });
    removed = deleted.map((row) => row.id);
    // An invitation still open would bring an account back.
    await tx.delete(invitations);
    // So would a sign-up whose link is still to be opened.
    await tx.delete(signUpVerifications);
    await tx.delete(auditEvents);
    await resetAuditChain(tx);
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.usersCleared,
          severity: 'critical',
          // The clearing account is gone now; its name stays in the details.
          userId: null,
          sessionId: actor.sessionId,
          ipAddress: actor.ipAddress,
          userAgent: actor.userAgent,
          details: {
            cleared_by: actor.clearedBy,
            cleared_by_user_id: actor.userId,
            cleared_at: now.toISOString(),
            users_deleted: deleted.length,
            previous_chain: {
              events: Number(events?.n ?? 0),
              last_seq: head.lastSeq,
              last_hash: head.lastHash,
            },
          },
        },
      ],
      now,
    );
    return {
      cleared: {
        auth_users: deleted.length,
        platform_users: true,
        role_assignments: true,
        sessions: true,
        audit_logs: true,
      },
    };
  });
  // The applications they were signed in to hear of it (docs/product/sign-on.md#oidc-backchannel-logout).
  for (const id of removed) await endApplicationSessions(deps, id, 'account_removed');
  return result;
}

/**
 * The safe clean-up (docs/api/setup.md): removes deactivated accounts,
 * sessions that can no longer be used or refreshed, grants that have ended (their expiry
 * recorded first), spent sign-on codes, and sign-ups whose link was opened or
 * is past its 24 hours (their password hashes with them). Active accounts and the audit
 * trail are kept; one audit record carries the counts.
 */
export async function cleanupUsers(deps: AppDeps, actor: Actor): Promise<CleanupResponse> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await recordExpiredGrants(tx, now);
    const users = await tx
      .delete(platformUsers)
      .where(eq(platformUsers.isActive, false))
      .returning({ id: platformUsers.id });
    const endedSessions = await tx
      .delete(sessions)
      .where(
        or(
          eq(sessions.isActive, false),
          isNotNull(sessions.revokedAt),
          // Past its access token's expiry, a session lives on while its refresh token can renew it.
          and(
            isNotNull(sessions.expiresAt),
            lte(sessions.expiresAt, now),
            or(
              isNull(sessions.refreshTokenHash),
              isNull(sessions.refreshExpiresAt),
              lte(sessions.refreshExpiresAt, now),
            ),
          ),
        ),
      )
      .returning({ id: sessions.id });
    const endedGrants = await tx
      .delete(credentialGrants)
      .where(or(isNotNull(credentialGrants.revokedAt), lte(credentialGrants.expiresAt, now)))
      .returning({ id: credentialGrants.id });
    const codes = await tx
      .delete(ssoCodes)
      .where(or(isNotNull(ssoCodes.usedAt), lte(ssoCodes.expiresAt, now)))
      .returning({ code: ssoCodes.codeHash });
    const signUps = await tx
      .delete(signUpVerifications)
      .where(or(isNotNull(signUpVerifications.verifiedAt), lte(signUpVerifications.expiresAt, now)))
      .returning({ id: signUpVerifications.id });
    const [remaining] = await tx.select({ n: sql<number>`count(*)::int` }).from(platformUsers);
    const cleaned = {
      inactive_users: users.length,
      ended_sessions: endedSessions.length,
      ended_grants: endedGrants.length,
      sso_codes: codes.length,
      ended_sign_ups: signUps.length,
    };
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.usersCleanedUp,
          severity: 'high',
          ...actor,
          details: { ...cleaned, deleted_user_ids: users.map((u) => u.id) },
        },
      ],
      now,
    );
    return { cleaned, remaining_users: Number(remaining?.n ?? 0) };
  });
}
