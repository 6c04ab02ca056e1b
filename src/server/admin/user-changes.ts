import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { PlatformRole } from '@shared/constants';
import type { AdminUser, RoleChanges, RoleRecord, UserUpdate } from '@shared/schemas/users';
import { appendAuditEvents, type AuditInput } from '../audit/chain';
import type { Db, Tx } from '../db/client';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { conflict, forbidden, notFound } from '../http/errors';
import type { Principal } from '../security/principal';
import { activeRolesOf, toAdminUser } from './user-directory';

/** Who changes what, and where the change is recorded from. */
export type ChangeContext = {
  caller: Principal;
  now: Date;
  demoMode: boolean;
  ipAddress: string | null;
  userAgent: string | null;
};

type RoleRow = typeof platformRoleAssignments.$inferSelect;

const LAST_SUPER_ADMIN =
  'This is the last active super administrator. Grant super_admin to another active user first.';

/**
 * Serializes every change to users and roles across server processes, so that
 * two administrators cannot each remove one of the last two super
 * administrators at the same moment.
 */
async function lockUserAdministration(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('platform-user-administration'))`);
}

async function loadTarget(tx: Tx, id: string) {
  const [user] = await tx
    .select()
    .from(platformUsers)
    .where(eq(platformUsers.id, id))
    .for('update');
  if (!user) throw notFound('No user with this id');
  return user;
}

const inForce = (row: RoleRow, now: Date) =>
  row.isActive && (row.expiresAt === null || row.expiresAt > now);

/** Active accounts holding super_admin now, other than `excludeId`. */
async function otherActiveSuperAdmins(tx: Tx, excludeId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(platformRoleAssignments)
    .innerJoin(platformUsers, eq(platformUsers.id, platformRoleAssignments.userId))
    .where(
      and(
        eq(platformRoleAssignments.role, 'super_admin'),
        eq(platformRoleAssignments.isActive, true),
        or(
          isNull(platformRoleAssignments.expiresAt),
          sql`${platformRoleAssignments.expiresAt} > ${now}`,
        ),
        eq(platformUsers.isActive, true),
        ne(platformUsers.id, excludeId),
      ),
    );
  return Number(row?.n ?? 0);
}

function auditFrom(ctx: ChangeContext, input: Omit<AuditInput, 'source'>): AuditInput {
  return {
    source: 'server',
    userId: ctx.caller.userId,
    sessionId: ctx.caller.tokenTail,
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
    occurredAt: ctx.now,
    ...input,
  };
}

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
 * of ARCHITECTURE.md "Who may do what" or a safety rule would be broken.
 */
export async function updateUser(
  db: Db,
  id: string,
  update: UserUpdate,
  ctx: ChangeContext,
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    await lockUserAdministration(tx);
    const user = await loadTarget(tx, id);
    const roles = (await activeRolesOf(tx, [id], ctx.now)).get(id) ?? [];

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

    const touchesAccount = 'email' in changes || 'is_active' in changes;
    if (touchesAccount && roles.includes('super_admin') && !hasSuper(ctx.caller)) {
      throw forbidden(
        "Only a super administrator can change a super administrator's email or active status",
      );
    }
    if ('email' in changes) {
      if (ctx.demoMode && user.email.toLowerCase() === DEMO_ADMIN_EMAIL) {
        throw conflict(
          "The demo administrator's email cannot be changed in demo mode: the demo sign-in depends on it",
        );
      }
      const email = set.email!;
      const [taken] = await tx
        .select({ id: platformUsers.id })
        .from(platformUsers)
        .where(and(sql`lower(${platformUsers.email}) = lower(${email})`, ne(platformUsers.id, id)));
      if (taken) throw conflict(`Another user already has the email ${email}`);
    }
    if (changes.is_active?.to === false) {
      if (roles.includes('super_admin') && (await otherActiveSuperAdmins(tx, id, ctx.now)) === 0) {
        throw conflict(`${LAST_SUPER_ADMIN} It cannot be deactivated.`);
      }
      // Nobody locks themselves out (in demo mode that would lock out every visitor).
      if (id === ctx.caller.userId) throw conflict('You cannot deactivate your own account');
    }

    const [updated] = await tx
      .update(platformUsers)
      .set(set)
      .where(eq(platformUsers.id, id))
      .returning();
    await appendAuditEvents(
      tx,
      [
        auditFrom(ctx, {
          eventType: 'admin.user.updated',
          severity: changes.is_active ? 'high' : 'medium',
          details: { target_user_id: id, target_email: user.email, changes },
        }),
      ],
      ctx.now,
    );
    return toAdminUser(updated!, roles);
  });
}

const hasSuper = (p: Principal) => p.roles.includes('super_admin');

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
 * PUT /api/admin/users/:id/roles (SPEC.md §4): only toggles that differ from
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
  return db.transaction(async (tx) => {
    await lockUserAdministration(tx);
    const user = await loadTarget(tx, id);
    const records = await roleRecordsOf(tx, id);
    const recordOf = (role: PlatformRole) => records.find((r) => r.role === role);

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
      (await otherActiveSuperAdmins(tx, id, ctx.now)) === 0
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
  });
}
