import { sql } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../context';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { DEMO_ADMIN_EMAIL, seedUsers } from '../db/seed-data';

type User = typeof platformUsers.$inferSelect;

/**
 * Demo mode only: the account a demo token acts as, re-created when it is
 * missing (after Clear All Users, README "Setup endpoints"), so the demo keeps
 * working. Its restoration is on the audit trail. Demo mode already gives
 * every demo token this account, so restoring it grants nothing new.
 */
export async function restoreDemoAdmin(deps: AppDeps): Promise<User | null> {
  const seed = seedUsers.find((u) => u.email === DEMO_ADMIN_EMAIL);
  if (!seed || !deps.config.demoMode) return null;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(platformUsers)
      .values({
        email: seed.email,
        fullName: seed.fullName,
        organization: seed.organization,
        department: seed.department,
        isActive: true,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) {
      // Another request restored it first.
      const [existing] = await tx
        .select()
        .from(platformUsers)
        .where(sql`lower(${platformUsers.email}) = ${DEMO_ADMIN_EMAIL}`);
      return existing ?? null;
    }
    await tx
      .insert(platformRoleAssignments)
      .values(
        seed.roles.map((role) => ({ userId: user.id, role, isActive: true, grantedAt: now })),
      );
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.demoAdminRestored,
          severity: 'medium',
          userId: user.id,
          details: { email: user.email, roles: seed.roles },
        },
      ],
      now,
    );
    return user;
  });
}
