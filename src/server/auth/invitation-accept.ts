import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import {
  INVITATION_REFUSALS,
  type InvitationAccept,
  type InvitationPreview,
  type InvitationRefusal,
} from '@shared/schemas/invitations';
import { invitationStatus, type InvitationRow } from '../admin/invitations';
import { inviterMayGrant } from '../admin/invitation-rules';
import { AUDIT_EVENTS } from '../audit/event-types';
import { roleChangeSeverity } from '../audit/severity';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import {
  invitations,
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
} from '../db/schema';
import { ApiError, conflict, isUniqueViolation, type ErrorCode } from '../core/errors';
import { hashPassword } from '../security/passwords';
import { sha256Hex } from '../security/tokens';
import { appendAuthEvent } from './auth-audit';
import { linkAttempts, type LinkLimited } from './link-attempts';
import { openSession } from './server-sessions';
import type { RequestMeta } from '../security/request-meta';

/**
 * The invitee's side of an invitation (docs/product/sign-in.md#invitations):
 * look at it, then accept it with a password, which creates the account with
 * the invitation's roles and signs it in. The link's token is looked up by its
 * SHA-256 hash only.
 *
 * Each address may be refused 10 times per 15 minutes (an unknown, expired, used or revoked
 * link): link-attempts.ts.
 */
const attempts = linkAttempts('invitation');

type Step = 'inspect' | 'accept';
export type Limited = LinkLimited;

const REFUSAL_STATUS: Record<InvitationRefusal, { status: 404 | 410; code: ErrorCode }> = {
  unknown: { status: 404, code: 'invitation_not_found' },
  expired: { status: 410, code: 'invitation_expired' },
  used: { status: 410, code: 'invitation_used' },
  revoked: { status: 410, code: 'invitation_revoked' },
};

function refusalOf(row: InvitationRow | undefined, now: Date): InvitationRefusal | null {
  if (!row) return 'unknown';
  const status = invitationStatus(row, now);
  return status === 'pending' ? null : status === 'accepted' ? 'used' : status;
}

/** Why the link no longer works, or null: its own status, then its inviter's power. */
async function refusalFor(
  db: Db | Tx,
  row: InvitationRow | undefined,
  now: Date,
): Promise<InvitationRefusal | null> {
  const reason = refusalOf(row, now);
  if (reason || (await inviterMayGrant(db, row!, now))) return reason;
  return 'revoked';
}

async function findByToken(deps: AppDeps, token: string): Promise<InvitationRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256Hex(token)));
  return row;
}

/**
 * Records a refused use and answers it: 404 for a link that names no
 * invitation, 410 for one expired, used or revoked. Anyone may provoke these,
 * so they are recorded through the aggregating recorder.
 */
async function refuse(
  deps: AppDeps,
  meta: RequestMeta,
  step: Step,
  reason: InvitationRefusal,
  row: InvitationRow | undefined,
): Promise<never> {
  await recordAggregatedActorRefusal(
    deps,
    actorOf(null, meta),
    `${AUDIT_EVENTS.invitationRefused}:${reason}`,
    {
      eventType: AUDIT_EVENTS.invitationRefused,
      severity: reason === 'expired' ? 'low' : 'medium',
      details: {
        reason,
        step,
        ...(row ? { invitation_id: row.id, email: row.email } : {}),
        // Withdrawn without a revoke: its inviter may no longer grant its roles.
        ...(reason === 'revoked' && row && !row.revokedAt
          ? { cause: 'inviter_may_not_grant' }
          : {}),
      },
    },
  );
  const { status, code } = REFUSAL_STATUS[reason];
  throw new ApiError(status, code, INVITATION_REFUSALS[reason]);
}

/** Takes this attempt's place in the address's limit, or says when to come back. */
/** POST /api/invitations/inspect: who the invitation is for, or why it no longer works. */
export async function inspectInvitation(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
): Promise<Limited | { outcome: 'ok'; preview: InvitationPreview }> {
  const now = deps.now();
  const limited = await attempts.take(deps, meta, 'invitation_inspect');
  if (limited) return limited;
  const row = await findByToken(deps, token);
  const reason = await refusalFor(deps.db, row, now);
  if (reason) return refuse(deps, meta, 'inspect', reason, row);
  await attempts.giveBack(deps, meta, now);
  return {
    outcome: 'ok',
    preview: {
      email: row!.email,
      full_name: row!.fullName,
      expires_at: row!.expiresAt.toISOString(),
    },
  };
}

/**
 * POST /api/invitations/accept. The password is hashed before the
 * transaction; inside it, one conditional UPDATE marks the invitation used
 * only while it is still pending, so of two accepts at once exactly one
 * creates the account (the other finds it used). The account, its roles
 * (granted by the inviter), its password, the session and the audit event
 * commit together, or nothing does.
 */
export async function acceptInvitation(
  deps: AppDeps,
  body: InvitationAccept,
  meta: RequestMeta,
): Promise<Limited | { outcome: 'accepted'; session: AuthSessionResponse }> {
  const started = deps.now();
  const limited = await attempts.take(deps, meta, 'invitation_accept');
  if (limited) return limited;
  const found = await findByToken(deps, body.token);
  const early = await refusalFor(deps.db, found, started);
  if (early) return refuse(deps, meta, 'accept', early, found);
  await attempts.giveBack(deps, meta, started);

  const passwordHash = await hashPassword(body.password, deps.passwordParams);
  const now = deps.now();
  const tokenHash = sha256Hex(body.token);
  let result:
    | { outcome: 'accepted'; session: AuthSessionResponse }
    | { outcome: 'refused'; row: InvitationRow | undefined; reason?: InvitationRefusal };
  try {
    result = await deps.db.transaction(async (tx) => {
      // Again here: the inviter may have lost the power while the password was hashed.
      if (!(await inviterMayGrant(tx, found!, now))) {
        return { outcome: 'refused' as const, row: found, reason: 'revoked' as const };
      }
      const [invitation] = await tx
        .update(invitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning();
      if (!invitation) {
        // Read after the UPDATE, which waited for a concurrent accept or revoke to commit.
        const [current] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, tokenHash));
        return { outcome: 'refused' as const, row: current };
      }
      const [taken] = await tx
        .select({ id: platformUsers.id })
        .from(platformUsers)
        .where(sql`lower(${platformUsers.email}) = ${invitation.email.toLowerCase()}`);
      if (taken) throw emailTaken(invitation.email);
      const [user] = await tx
        .insert(platformUsers)
        .values({
          email: invitation.email,
          fullName: body.full_name ?? invitation.fullName,
          isActive: true,
          createdAt: now,
        })
        .returning();
      await tx
        .update(invitations)
        .set({ acceptedUserId: user!.id })
        .where(eq(invitations.id, invitation.id));
      await tx.insert(platformRoleAssignments).values(
        invitation.roles.map((role) => ({
          userId: user!.id,
          role,
          isActive: true,
          grantedBy: invitation.invitedBy,
          grantedAt: now,
        })),
      );
      await tx
        .insert(passwordCredentials)
        .values({ userId: user!.id, passwordHash, mustChange: false, updatedAt: now });
      const opened = await openSession(deps, tx, user!, meta);
      await appendAuthEvent(tx, meta, deps.now(), {
        eventType: AUDIT_EVENTS.invitationAccepted,
        severity: roleChangeSeverity(invitation.roles),
        userId: user!.id,
        tokenTail: opened.response.access_token.slice(-8),
        details: {
          invitation_id: invitation.id,
          email: invitation.email,
          roles: invitation.roles,
          invited_by: invitation.invitedBy,
          session_id: opened.sessionId,
        },
      });
      return { outcome: 'accepted' as const, session: opened.response };
    });
  } catch (err) {
    // An account took the address a moment earlier (a sign-up, say): nothing was saved.
    if (isUniqueViolation(err) && found) throw emailTaken(found.email);
    throw err;
  }
  if (result.outcome === 'accepted') return result;
  const reason = result.reason ?? refusalOf(result.row, now) ?? 'used';
  return refuse(deps, meta, 'accept', reason, result.row);
}

function emailTaken(email: string) {
  return conflict(`An account with the email ${email} already exists. Sign in with it instead.`);
}
