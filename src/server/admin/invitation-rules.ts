import { eq } from 'drizzle-orm';
import { ADMIN_ROLES, type PlatformRole } from '@shared/constants';
import { appendAuditEvents } from '../audit/chain/append';
import type { Db, Tx } from '../db/client';
import { type invitations, platformUsers } from '../db/schema';
import { forbidden } from '../core/errors';
import { activeRoles } from '../security/principal';
import { auditFrom, hasSuper, type ChangeContext } from './change-rules';

/** Who may invite with which roles, and whose invitation still grants them (docs/product/admin-console.md#who-may). */

type InvitationRow = typeof invitations.$inferSelect;

/**
 * Whether the inviter may still grant the invitation's roles: the roles are
 * granted by the inviter when the link is accepted, so an inviter since
 * deactivated, removed, or no longer an administrator (a super_admin for an
 * invitation that grants super_admin) grants nothing
 * (docs/product/admin-console.md#who-may).
 */
export async function inviterMayGrant(
  db: Db | Tx,
  row: InvitationRow,
  now: Date,
): Promise<boolean> {
  if (!row.invitedBy) return false;
  const [inviter] = await db
    .select({ isActive: platformUsers.isActive })
    .from(platformUsers)
    .where(eq(platformUsers.id, row.invitedBy));
  if (!inviter?.isActive) return false;
  const roles = await activeRoles(db, row.invitedBy, now);
  return row.roles.includes('super_admin')
    ? roles.includes('super_admin')
    : roles.some((r) => ADMIN_ROLES.includes(r));
}

export const grantsSuper = (roles: readonly PlatformRole[]) => roles.includes('super_admin');

/**
 * Only a super_admin may invite with super_admin, or withdraw such an
 * invitation: the rule of role changes (docs/product/admin-console.md#who-may).
 * The refused attempt is recorded before anything else is read.
 */
export async function guardSuperAdminInvitation(
  db: Db,
  ctx: ChangeContext,
  roles: readonly PlatformRole[],
  details: Record<string, unknown>,
  message: string,
): Promise<void> {
  if (!grantsSuper(roles) || hasSuper(ctx.caller)) return;
  await appendAuditEvents(
    db,
    [
      auditFrom(ctx, {
        eventType: 'role_escalation_attempt',
        severity: 'high',
        details: { ...details, role: 'super_admin', outcome: 'denied' },
      }),
    ],
    ctx.now,
  );
  throw forbidden(message);
}
