import { desc, eq } from 'drizzle-orm';
import type { PlatformRole } from '@shared/constants';
import type { RoleChanges, RoleRecord } from '@shared/schemas/users';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { roleChangeSeverity } from '../audit/severity';
import type { Db, Tx } from '../db/client';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { conflict, forbidden, notFound } from '../core/errors';
import {
  assertMayChangeTarget,
  auditFrom,
  hasSuper,
  inForce,
  LAST_SUPER_ADMIN,
  loadTarget,
  lockUserAdministration,
  otherActiveSuperAdmins,
  refusingSuperAdminTargets,
  type ChangeContext,
  type RoleRow,
} from './change-rules';

export function toRoleRecord(row: RoleRow): RoleRecord {
  return {
    id: row.id,
    role: row.role,
    is_active: row.isActive,
    granted_by: row.grantedBy,
    granted_at: row.grantedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export async function roleRecordsOf(db: Db | Tx, userId: string): Promise<RoleRow[]> {
  return db
    .select()
    .from(platformRoleAssignments)
    .where(eq(platformRoleAssignments.userId, userId))
    .orderBy(desc(platformRoleAssignments.grantedAt), desc(platformRoleAssignments.id));
}

export async function assertUserExists(db: Db, id: string): Promise<void> {
  const [user] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.id, id));
  if (!user) throw notFound('No user with this id');
}

/**
 * Granting or revoking super_admin needs super_admin. Checked on the request
 * itself (one user or a bulk change's users), before anything is read, and the
 * refused attempt is recorded.
 */
export async function guardSuperAdminChange(
  db: Db,
  target: string | readonly string[],
  changes: RoleChanges,
  ctx: ChangeContext,
): Promise<void> {
  if (changes.super_admin === undefined || hasSuper(ctx.caller)) return;
  await appendAuditEvents(
    db,
    [
      auditFrom(ctx, {
        eventType: 'role_escalation_attempt',
        severity: 'high',
        details: {
          ...(typeof target === 'string'
            ? { target_user_id: target }
            : { target_user_ids: target }),
          role: 'super_admin',
          requested: changes.super_admin ? 'grant' : 'revoke',
          outcome: 'denied',
        },
      }),
    ],
    ctx.now,
  );
  throw forbidden('Only a super administrator can grant or revoke Super Admin');
}

/**
 * PUT /api/admin/users/:id/roles (docs/product/admin-console.md#role-changes): only toggles that differ from
 * the current state are applied, in one transaction with their audit event.
 * On: reactivate the user's record of that role, or insert one (is_active
 * true, granted_by the caller). Off: set is_active false. Never delete.
 */
export async function changeRoles(
  db: Db,
  id: string,
  changes: RoleChanges,
  ctx: ChangeContext,
): Promise<RoleRow[]> {
  return refusingSuperAdminTargets(db, ctx, id, 'roles', () =>
    db.transaction(async (tx) => {
      await lockUserAdministration(tx);
      const user = await loadTarget(tx, id);
      const records = await roleRecordsOf(tx, id);
      assertMayChangeTarget(
        ctx,
        records.filter((r) => inForce(r, ctx.now)).map((r) => r.role),
      );

      const { granted, revoked } = planRoleChanges(records, changes, ctx.now);
      if (granted.length === 0 && revoked.length === 0) return records;

      const refusal = await roleChangeRefusal(tx, ctx, user, revoked);
      if (refusal) throw conflict(refusal);

      const event = await saveRoleChanges(tx, ctx, user, records, granted, revoked);
      await appendAuditEvents(tx, [event], ctx.now);
      return roleRecordsOf(tx, id);
    }),
  );
}

/** The toggles that differ from the roles in force now. */
export function planRoleChanges(
  records: readonly RoleRow[],
  changes: RoleChanges,
  now: Date,
): { granted: PlatformRole[]; revoked: PlatformRole[] } {
  const granted: PlatformRole[] = [];
  const revoked: PlatformRole[] = [];
  for (const [role, on] of Object.entries(changes) as [PlatformRole, boolean | undefined][]) {
    if (on === undefined) continue;
    const record = records.find((r) => r.role === role);
    const current = !!record && inForce(record, now);
    if (on && !current) granted.push(role);
    if (!on && current) revoked.push(role);
  }
  return { granted, revoked };
}

/**
 * Why revoking these roles is refused (docs/product/admin-console.md#who-may), or
 * null: the single change and the bulk change share these rules.
 */
export async function roleChangeRefusal(
  tx: Tx,
  ctx: ChangeContext,
  user: { id: string; isActive: boolean },
  revoked: readonly PlatformRole[],
): Promise<string | null> {
  if (
    revoked.includes('super_admin') &&
    user.isActive &&
    (await otherActiveSuperAdmins(tx, user.id, ctx.now, ctx.demoMode)) === 0
  ) {
    return `${LAST_SUPER_ADMIN} Its Super Admin role cannot be revoked.`;
  }
  // Nobody removes their own administrator access (in demo mode, every visitor's).
  if (user.id === ctx.caller.userId && revoked.some((r) => r !== 'user')) {
    return 'You cannot revoke your own administrator roles; ask another administrator';
  }
  return null;
}

/**
 * Applies checked grants and revocations (docs/product/admin-console.md#role-changes)
 * and returns the audit event the caller appends in the same transaction.
 */
export async function saveRoleChanges(
  tx: Tx,
  ctx: ChangeContext,
  user: { id: string; email: string },
  records: readonly RoleRow[],
  granted: readonly PlatformRole[],
  revoked: readonly PlatformRole[],
): Promise<AuditInput> {
  const recordOf = (role: PlatformRole) => records.find((r) => r.role === role);
  for (const role of granted) {
    const record = recordOf(role);
    const grant = { isActive: true, grantedBy: ctx.caller.userId, grantedAt: ctx.now };
    if (record) {
      await tx
        .update(platformRoleAssignments)
        .set({ ...grant, expiresAt: null })
        .where(eq(platformRoleAssignments.id, record.id));
    } else {
      await tx.insert(platformRoleAssignments).values({ userId: user.id, role, ...grant });
    }
  }
  for (const role of revoked) {
    await tx
      .update(platformRoleAssignments)
      .set({ isActive: false })
      .where(eq(platformRoleAssignments.id, recordOf(role)!.id));
  }
  return auditFrom(ctx, {
    eventType: 'admin.roles.updated',
    severity: roleChangeSeverity([...granted, ...revoked]),
    details: { target_user_id: user.id, target_email: user.email, granted, revoked },
  });
}
