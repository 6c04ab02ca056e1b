import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { PLATFORM_ROLES, type PlatformRole } from '@shared/constants';
import type { AdminUser } from '@shared/schemas/users';
import type { Db, Tx } from '../db/client';
import { platformRoleAssignments, type platformUsers } from '../db/schema';

type UserRow = typeof platformUsers.$inferSelect;

/** Roles in force at `now` (active and unexpired), per user. */
export async function activeRolesOf(
  db: Db | Tx,
  userIds: string[],
  now: Date,
): Promise<Map<string, PlatformRole[]>> {
  const byUser = new Map<string, PlatformRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: platformRoleAssignments.userId, role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        inArray(platformRoleAssignments.userId, userIds),
        eq(platformRoleAssignments.isActive, true),
        or(
          isNull(platformRoleAssignments.expiresAt),
          sql`${platformRoleAssignments.expiresAt} > ${now}`,
        ),
      ),
    );
  for (const row of rows) byUser.get(row.userId)?.push(row.role);
  // Catalogue order (user, platform_admin, super_admin) reads the same on every row.
  for (const roles of byUser.values()) {
    roles.sort((a, b) => PLATFORM_ROLES.indexOf(a) - PLATFORM_ROLES.indexOf(b));
  }
  return byUser;
}

export function toAdminUser(row: UserRow, roles: PlatformRole[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    organization: row.organization,
    department: row.department,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    roles,
  };
}
