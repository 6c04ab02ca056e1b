import { and, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { PlatformRole } from '@shared/constants';
import { appendAuditEvents } from '../audit/chain/append';
import { type AuditInput } from '../audit/chain/link';
import { trailMetaOf } from '../audit/request-actor';
import type { AppEnv } from '../core/context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformRoleAssignments, platformUsers } from '../db/schema';
import { forbidden, notFound } from '../core/errors';
import type { Principal } from '../security/principal';
import { requestMeta } from '../security/request-meta';

/** What user and role changes share: who changes, the lock, the target, the super_admin count. */

export type ChangeContext = {
  caller: Principal;
  now: Date;
  demoMode: boolean;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The change context of a signed-in administrator's request. */
export function changeContextOf(c: Context<AppEnv>): ChangeContext {
  const deps = c.get('deps');
  return {
    caller: c.get('principal')!,
    now: deps.now(),
    demoMode: deps.config.demoMode,
    // docs/api/audit-trail.md#demo-privacy: no address or user agent on a demo trail.
    ...trailMetaOf(requestMeta(c)),
  };
}

export type RoleRow = typeof platformRoleAssignments.$inferSelect;

export const LAST_SUPER_ADMIN =
  'This is the last active super administrator. Grant Super Admin to another active user first.';

/**
 * Serializes every change to users and roles across server processes, so that
 * two administrators cannot each remove one of the last two super
 * administrators at the same moment.
 */
export async function lockUserAdministration(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('platform-user-administration'))`);
}

export async function loadTarget(tx: Tx, id: string) {
  const [user] = await tx
    .select()
    .from(platformUsers)
    .where(eq(platformUsers.id, id))
    .for('update');
  if (!user) throw notFound('No user with this id');
  return user;
}

export const inForce = (row: RoleRow, now: Date) =>
  row.isActive && (row.expiresAt === null || row.expiresAt > now);

/** Counts other super_admins who can sign in: active, role in force, a password unless demo mode. */
export async function otherActiveSuperAdmins(
  tx: Tx,
  excludeId: string,
  now: Date,
  demoMode: boolean,
): Promise<number> {
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
        demoMode
          ? undefined
          : exists(
              tx
                .select({ one: sql`1` })
                .from(passwordCredentials)
                .where(eq(passwordCredentials.userId, platformUsers.id)),
            ),
      ),
    );
  return Number(row?.n ?? 0);
}

export function auditFrom(ctx: ChangeContext, input: Omit<AuditInput, 'source'>): AuditInput {
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

export const hasSuper = (p: Principal) => p.roles.includes('super_admin');

export const SUPER_ADMIN_TARGET =
  'Only a super administrator can change an account that holds Super Admin';

/** Thrown inside a change's transaction, so that nothing of it is saved; see `refusingSuperAdminTargets`. */
class SuperAdminTargetRefused extends Error {}

/** Any change to an account holding super_admin (profile, activation, any role) needs super_admin. */
export const mayChangeTarget = (ctx: ChangeContext, targetRoles: readonly PlatformRole[]) =>
  !targetRoles.includes('super_admin') || hasSuper(ctx.caller);

export function assertMayChangeTarget(ctx: ChangeContext, targetRoles: readonly PlatformRole[]) {
  if (!mayChangeTarget(ctx, targetRoles)) throw new SuperAdminTargetRefused();
}

/** The record of a refused change to an account holding super_admin. */
export function superAdminTargetAttempt(
  ctx: ChangeContext,
  targetId: string,
  requested: string,
): AuditInput {
  return auditFrom(ctx, {
    eventType: 'role_escalation_attempt',
    severity: 'high',
    details: {
      target_user_id: targetId,
      target_holds: 'super_admin',
      requested,
      outcome: 'denied',
    },
  });
}

/**
 * Runs a change; when it was refused because its target holds super_admin,
 * records the attempt (after the change's transaction has rolled back) and
 * answers 403.
 */
export async function refusingSuperAdminTargets<T>(
  db: Db,
  ctx: ChangeContext,
  targetId: string,
  requested: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof SuperAdminTargetRefused)) throw err;
    await appendAuditEvents(db, [superAdminTargetAttempt(ctx, targetId, requested)], ctx.now);
    throw forbidden(SUPER_ADMIN_TARGET);
  }
}
