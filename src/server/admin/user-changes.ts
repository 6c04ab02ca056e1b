import { and, eq, ne, sql } from 'drizzle-orm';
import type { PlatformRole } from '@shared/constants';
import type { AdminUser, UserUpdate } from '@shared/schemas/users';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { accountChangeSeverity } from '../audit/severity';
import { revokeSessionsOf } from '../auth/server-sessions';
import type { Db, Tx } from '../db/client';
import { platformUsers } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { conflict } from '../core/errors';
import { isSystemAdminAddress } from '../setup/system-admins';
import {
  assertMayChangeTarget,
  auditFrom,
  LAST_SUPER_ADMIN,
  loadTarget,
  lockUserAdministration,
  otherActiveSuperAdmins,
  refusingSuperAdminTargets,
  type ChangeContext,
} from './change-rules';
import { activeRolesOf, toAdminUser } from '../users/roles-in-force';

const FIELD_COLUMNS = {
  email: 'email',
  full_name: 'fullName',
  organization: 'organization',
  department: 'department',
  is_active: 'isActive',
} as const;

/**
 * PATCH /api/admin/users/:id. Applies the fields that differ, in one
 * transaction with their audit event; refuses (and writes nothing) when a rule
 * of docs/product/admin-console.md#who-may or a safety rule would be broken.
 */
export async function updateUser(
  db: Db,
  id: string,
  update: UserUpdate,
  ctx: ChangeContext,
): Promise<AdminUser> {
  return refusingSuperAdminTargets(db, ctx, id, 'update', () =>
    db.transaction(async (tx) => {
      await lockUserAdministration(tx);
      const user = await loadTarget(tx, id);
      // The stored id from here on: the path's may differ in case, which the rules' comparisons see.
      const roles = (await activeRolesOf(tx, [user.id], ctx.now)).get(user.id) ?? [];
      assertMayChangeTarget(ctx, roles);

      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const set: Partial<typeof platformUsers.$inferInsert> = {};
      for (const [field, column] of Object.entries(FIELD_COLUMNS) as [
        keyof typeof FIELD_COLUMNS,
        (typeof FIELD_COLUMNS)[keyof typeof FIELD_COLUMNS],
      ][]) {
        const next = update[field];
        if (next === undefined || next === user[column]) continue;
        changes[field] = { from: user[column], to: next };
        (set as Record<string, unknown>)[column] = next;
      }
      if (Object.keys(changes).length === 0) return toAdminUser(user, roles);

      if ('email' in changes) {
        if (ctx.demoMode && user.email.toLowerCase() === DEMO_ADMIN_EMAIL) {
          throw conflict(
            "The demo administrator's email cannot be changed in demo mode: the demo sign-in depends on it",
          );
        }
        const email = set.email!;
        // As sign-up and invitations: the setup panel alone gives these addresses out.
        if (isSystemAdminAddress(email)) {
          throw conflict(
            `${email} is reserved for a system administrator, which the setup panel creates`,
          );
        }
        const [taken] = await tx
          .select({ id: platformUsers.id })
          .from(platformUsers)
          .where(
            and(sql`lower(${platformUsers.email}) = lower(${email})`, ne(platformUsers.id, id)),
          );
        if (taken) throw conflict(`Another user already has the email ${email}`);
      }
      if (changes.is_active?.to === false) {
        const refusal = await deactivationRefusal(tx, ctx, user.id, roles);
        if (refusal) throw conflict(refusal);
      }

      const { updated, event } = await saveUserChanges(tx, ctx, user, changes, set);
      await appendAuditEvents(tx, [event], ctx.now);
      return toAdminUser(updated, roles);
    }),
  );
}

/**
 * Why deactivating this account is refused (docs/product/admin-console.md#who-may),
 * or null: the single edit and the bulk change share these rules.
 */
export async function deactivationRefusal(
  tx: Tx,
  ctx: ChangeContext,
  id: string,
  roles: readonly PlatformRole[],
): Promise<string | null> {
  if (
    roles.includes('super_admin') &&
    (await otherActiveSuperAdmins(tx, id, ctx.now, ctx.demoMode)) === 0
  ) {
    return `${LAST_SUPER_ADMIN} It cannot be deactivated.`;
  }
  // Nobody locks themselves out (in demo mode that would lock out every visitor).
  if (id === ctx.caller.userId) return 'You cannot deactivate your own account';
  return null;
}

type UserRow = typeof platformUsers.$inferSelect;

/**
 * Writes fields already checked, ends the sessions of a deactivated account,
 * and returns the audit event the caller appends in the same transaction.
 */
export async function saveUserChanges(
  tx: Tx,
  ctx: ChangeContext,
  user: UserRow,
  changes: Record<string, { from: unknown; to: unknown }>,
  set: Partial<typeof platformUsers.$inferInsert>,
): Promise<{ updated: UserRow; event: AuditInput }> {
  const [updated] = await tx
    .update(platformUsers)
    .set(set)
    .where(eq(platformUsers.id, user.id))
    .returning();
  // An inactive account cannot sign in, and the sessions it had end now.
  const sessionsEnded =
    changes.is_active?.to === false ? await revokeSessionsOf(tx, user.id, ctx.now) : 0;
  const event = auditFrom(ctx, {
    eventType: 'admin.user.updated',
    severity: accountChangeSeverity(changes),
    details: {
      target_user_id: user.id,
      target_email: user.email,
      changes,
      ...(sessionsEnded ? { sessions_ended: sessionsEnded } : {}),
    },
  });
  return { updated: updated!, event };
}
