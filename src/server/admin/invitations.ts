import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

import { INVITE_PATH } from '@shared/routes';

import {
  INVITATION_TTL_MS,
  INVITATIONS_LISTED,
  type Invitation,
  type InvitationCreate,
  type InvitationCreated,
  type InvitationStatus,
} from '@shared/schemas/invitations';

import { appendAuditEvents } from '../audit/chain/append';

import { AUDIT_EVENTS } from '../audit/event-types';

import { roleChangeSeverity } from '../audit/severity';

import type { Db, Tx } from '../db/client';

import { invitations, platformUsers } from '../db/schema';

import { conflict, notFound } from '../core/errors';
import { newToken, sha256Hex } from '../security/tokens';

import { isSystemAdminAddress } from '../setup/system-admins';

import { auditFrom, lockUserAdministration, type ChangeContext } from './change-rules';
import { grantsSuper, guardSuperAdminInvitation, inviterMayGrant } from './invitation-rules';

/**
 * Invitations (docs/product/admin-console.md#invitations): an administrator
 * invites an address with roles; the link's token is returned once and stored
 * only as its SHA-256 hash. Accepting one is auth/invitation-accept.ts.
 */

export type InvitationRow = typeof invitations.$inferSelect;

/** docs/product/admin-console.md#invitation-status: computed from the times, never stored. */
export function invitationStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

function toInvitation(
  row: InvitationRow,
  now: Date,
  invitedByEmail: string | null = null,
  inviterMayStillGrant = true,
): Invitation {
  const status = invitationStatus(row, now);
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    roles: row.roles,
    status,
    inviter_may_grant: status === 'pending' ? inviterMayStillGrant : null,
    invited_by: row.invitedBy,
    invited_by_email: invitedByEmail,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_by: row.revokedBy,
  };
}

const sameAddress = (
  column: typeof invitations.email | typeof platformUsers.email,
  email: string,
) => sql`lower(${column}) = ${email.toLowerCase()}`;

/**
 * Whether the address (in any case) has a pending invitation: not accepted, not revoked, not
 * expired at `now`. Such an address is the invitee's: a new invitation and sign-up both leave it
 * alone. Call it under lockUserAdministration, as invitations are created, so that the answer
 * holds until the caller's transaction ends.
 */
export async function hasPendingInvitation(db: Db | Tx, email: string, now: Date) {
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        sameAddress(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return pending !== undefined;
}

/**
 * POST /api/admin/invitations. Refused when the address has an account, a
 * pending invitation, or is reserved for a system administrator. Under the
 * user-administration lock, so that two administrators inviting the same
 * address at once make one invitation.
 */
export async function createInvitation(
  db: Db,
  input: InvitationCreate,
  ctx: ChangeContext,
  publicUrl: string,
): Promise<InvitationCreated> {
  const email = input.email.trim();
  const roles = [...new Set(input.roles)];
  await guardSuperAdminInvitation(
    db,
    ctx,
    roles,
    { invitation_email: email, requested: 'invite' },
    'Only a super administrator can invite with Super Admin',
  );
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    await lockUserAdministration(tx);
    if (isSystemAdminAddress(email)) {
      throw conflict(
        `${email} is reserved for a system administrator, which the setup panel creates`,
      );
    }
    const [user] = await tx
      .select({ id: platformUsers.id })
      .from(platformUsers)
      .where(sameAddress(platformUsers.email, email));
    if (user) throw conflict(`An account with the email ${email} already exists`);
    if (await hasPendingInvitation(tx, email, ctx.now)) {
      throw conflict(
        `${email} already has a pending invitation; revoke it first to send a new one`,
      );
    }
    const [created] = await tx
      .insert(invitations)
      .values({
        email,
        fullName: input.full_name ?? null,
        roles,
        tokenHash: sha256Hex(token),
        invitedBy: ctx.caller.userId,
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    await appendAuditEvents(
      tx,
      [
        auditFrom(ctx, {
          eventType: AUDIT_EVENTS.invitationCreated,
          severity: roleChangeSeverity(roles),
          details: {
            invitation_id: created!.id,
            email,
            roles,
            expires_at: created!.expiresAt.toISOString(),
          },
        }),
      ],
      ctx.now,
    );
    return created!;
  });
  return {
    invitation: toInvitation(row, ctx.now, ctx.caller.email),
    link: `${publicUrl}${INVITE_PATH}#token=${token}`,
  };
}

/** GET /api/admin/invitations: the most recent first, with the inviter's address. */
export async function listInvitations(db: Db, now: Date): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: invitations, invitedByEmail: platformUsers.email })
    .from(invitations)
    .leftJoin(platformUsers, eq(platformUsers.id, invitations.invitedBy))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(INVITATIONS_LISTED);
  // Whether each pending invitation's inviter may still grant its roles: asked once per inviter
  // and kind (with super_admin or without), so a list of 100 asks a few times at most.
  const asked = new Map<string, Promise<boolean>>();
  const mayGrant = (row: InvitationRow) => {
    if (invitationStatus(row, now) !== 'pending') return Promise.resolve(true);
    const key = `${row.invitedBy ?? ''}:${grantsSuper(row.roles)}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = inviterMayGrant(db, row, now);
      asked.set(key, answer);
    }
    return answer;
  };
  return Promise.all(
    rows.map(async (r) =>
      toInvitation(r.invitation, now, r.invitedByEmail, await mayGrant(r.invitation)),
    ),
  );
}

/**
 * DELETE /api/admin/invitations/:id: the link stops working at once. An
 * invitation already accepted or revoked cannot be revoked (409); one that
 * grants super_admin needs a super_admin.
 */
export async function revokeInvitation(
  db: Db,
  id: string,
  ctx: ChangeContext,
): Promise<Invitation> {
  const [found] = await db.select().from(invitations).where(eq(invitations.id, id));
  if (!found) throw notFound('No invitation with this id');
  await guardSuperAdminInvitation(
    db,
    ctx,
    found.roles,
    { invitation_id: id, invitation_email: found.email, requested: 'revoke_invitation' },
    'Only a super administrator can revoke an invitation that grants Super Admin',
  );
  const row = await db.transaction(async (tx: Tx) => {
    // Conditional, so that an accept running at the same moment and this revoke cannot both win.
    const [revoked] = await tx
      .update(invitations)
      .set({ revokedAt: ctx.now, revokedBy: ctx.caller.userId })
      .where(
        and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
      )
      .returning();
    if (!revoked) {
      const [current] = await tx.select().from(invitations).where(eq(invitations.id, id));
      throw conflict(
        current?.acceptedAt
          ? 'This invitation has already been used; deactivate the account instead'
          : 'This invitation has already been revoked',
      );
    }
    await appendAuditEvents(
      tx,
      [
        auditFrom(ctx, {
          eventType: AUDIT_EVENTS.invitationRevoked,
          severity: roleChangeSeverity(revoked.roles),
          details: {
            invitation_id: id,
            email: revoked.email,
            roles: revoked.roles,
            was: invitationStatus(found, ctx.now),
          },
        }),
      ],
      ctx.now,
    );
    return revoked;
  });
  const [inviter] = row.invitedBy
    ? await db
        .select({ email: platformUsers.email })
        .from(platformUsers)
        .where(eq(platformUsers.id, row.invitedBy))
    : [];
  return toInvitation(row, ctx.now, inviter?.email ?? null);
}
