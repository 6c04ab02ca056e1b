import { desc, eq } from 'drizzle-orm';
import type { PlatformRole } from '@shared/constants';
import type { RoleChanges, RoleRecord } from '@shared/schemas/users';
import { appendAuditEvents } from '../audit/chain';
import type { Db, Tx } from '../db/client';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
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
 * itself, before anything is read, and the refused attempt is recorded.
 */
export async function guardSuperAdminChange(
  db: Db,
  targetId: string,
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
          target_user_id: targetId,
          role: 'super_admin',
          requested: changes.super_admin ? 'grant' : 'revoke',
          outcome: 'denied',
        },
      }),
    ],
    ctx.now,
  );
  throw forbidden('Only a super administrator can grant or revoke super_admin');
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
      const recordOf = (role: PlatformRole) => records.find((r) => r.role === role);
      assertMayChangeTarget(
        ctx,
        records.filter((r) => inForce(r, ctx.now)).map((r) => r.role),
      );

      const granted: PlatformRole[] = [];
      const revoked: PlatformRole[] = [];
      for (const [role, on] of Object.entries(changes) as [PlatformRole, boolean | undefined][]) {
        if (on === undefined) continue;
        const record = recordOf(role);
        const current = !!record && inForce(record, ctx.now);
        if (on && !current) granted.push(role);
        if (!on && current) revoked.push(role);
      }
      if (granted.length === 0 && revoked.length === 0) return records;

      if (
        revoked.includes('super_admin') &&
        user.isActive &&
        (await otherActiveSuperAdmins(tx, id, ctx.now, ctx.demoMode)) === 0
      ) {
        throw conflict(`${LAST_SUPER_ADMIN} Its super_admin role cannot be revoked.`);
      }
      // Nobody removes their own administrator access (in demo mode, every visitor's).
      if (id === ctx.caller.userId && revoked.some((r) => r !== 'user')) {
        throw conflict('You cannot revoke your own administrator roles; ask another administrator');
      }

      for (const role of granted) {
        const record = recordOf(role);
        const grant = { isActive: true, grantedBy: ctx.caller.userId, grantedAt: ctx.now };
        if (record) {
          await tx
            .update(platformRoleAssignments)
            .set({ ...grant, expiresAt: null })
            .where(eq(platformRoleAssignments.id, record.id));
        } else {
          await tx.insert(platformRoleAssignments).values({ userId: id, role, ...grant });
        }
      }
      for (const role of revoked) {
        await tx
          .update(platformRoleAssignments)
          .set({ isActive: false })
          .where(eq(platformRoleAssignments.id, recordOf(role)!.id));
      }
      await appendAuditEvents(
        tx,
        [
          auditFrom(ctx, {
            eventType: 'admin.roles.updated',
            severity: [...granted, ...revoked].includes('super_admin') ? 'high' : 'medium',
            details: { target_user_id: id, target_email: user.email, granted, revoked },
          }),
        ],
        ctx.now,
      );
      return roleRecordsOf(tx, id);
    }),
  );
}
