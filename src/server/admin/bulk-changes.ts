import { asc, inArray } from 'drizzle-orm';
import type { BulkChange, BulkResult } from '@shared/schemas/users';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { Db } from '../db/client';
import { platformUsers } from '../db/schema';
import {
  auditFrom,
  lockUserAdministration,
  mayChangeTarget,
  SUPER_ADMIN_TARGET,
  superAdminTargetAttempt,
  type ChangeContext,
} from './change-rules';
import {
  guardSuperAdminChange,
  planRoleChanges,
  roleChangeRefusal,
  roleRecordsOf,
  saveRoleChanges,
} from './role-changes';
import { deactivationRefusal, saveUserChanges } from './user-changes';
import { activeRolesOf } from '../users/roles-in-force';

const UNKNOWN_USER = 'No user with this id';

/**
 * POST /api/admin/users/bulk (docs/product/admin-console.md#bulk-changes): one
 * action on many users in one transaction, under the same lock and rules as
 * the single changes. A row a rule refuses is listed with the single change's
 * reason and left as it was; the others are applied. One audit event per
 * changed user, and one that sums the request up.
 */
export async function bulkChange(
  db: Db,
  { user_ids, action }: BulkChange,
  ctx: ChangeContext,
): Promise<BulkResult> {
  const ids = user_ids.map((id) => id.toLowerCase());
  // Granting or revoking super_admin is refused for the whole request, as for one user.
  if (action.kind === 'grant' || action.kind === 'revoke') {
    await guardSuperAdminChange(db, ids, { [action.role]: action.kind === 'grant' }, ctx);
  }
  const requested = action.kind === 'activate' || action.kind === 'deactivate' ? 'update' : 'roles';

  return db.transaction(async (tx) => {
    await lockUserAdministration(tx);
    const users = await tx
      .select()
      .from(platformUsers)
      .where(inArray(platformUsers.id, ids))
      .orderBy(asc(platformUsers.id))
      .for('update');
    const userOf = new Map(users.map((u) => [u.id, u]));
    const rolesOf = await activeRolesOf(tx, ids, ctx.now);

    const result: BulkResult = { applied: [], unchanged: [], refused: [] };
    const events: AuditInput[] = [];
    const refuse = (id: string, reason: string) => result.refused.push({ id, reason });

    for (const id of ids) {
      const user = userOf.get(id);
      if (!user) {
        refuse(id, UNKNOWN_USER);
        continue;
      }
      const roles = rolesOf.get(id) ?? [];
      if (!mayChangeTarget(ctx, roles)) {
        refuse(id, SUPER_ADMIN_TARGET);
        events.push(superAdminTargetAttempt(ctx, id, requested));
        continue;
      }

      if (!('role' in action)) {
        const to = action.kind === 'activate';
        if (user.isActive === to) {
          result.unchanged.push({ id });
          continue;
        }
        const refusal = to ? null : await deactivationRefusal(tx, ctx, id, roles);
        if (refusal) {
          refuse(id, refusal);
          continue;
        }
        const changes = { is_active: { from: user.isActive, to } };
        const { event } = await saveUserChanges(tx, ctx, user, changes, { isActive: to });
        events.push(event);
      } else {
        const records = await roleRecordsOf(tx, id);
        const { granted, revoked } = planRoleChanges(
          records,
          { [action.role]: action.kind === 'grant' },
          ctx.now,
        );
        if (granted.length === 0 && revoked.length === 0) {
          result.unchanged.push({ id });
          continue;
        }
        const refusal = await roleChangeRefusal(tx, ctx, user, revoked);
        if (refusal) {
          refuse(id, refusal);
          continue;
        }
        events.push(await saveRoleChanges(tx, ctx, user, records, granted, revoked));
      }
      result.applied.push({ id });
    }

    const sensitive = action.kind === 'deactivate' || ('role' in action && action.role !== 'user');
    events.push(
      auditFrom(ctx, {
        eventType: AUDIT_EVENTS.usersBulkChanged,
        severity: sensitive ? 'high' : 'medium',
        details: {
          action: action.kind,
          ...('role' in action ? { role: action.role } : {}),
          requested: ids.length,
          applied: result.applied.length,
          unchanged: result.unchanged.length,
          refused: result.refused.length,
        },
      }),
    );
    await appendAuditEvents(tx, events, ctx.now);
    return result;
  });
}
