import { eq, sql } from 'drizzle-orm';
import { appendAuditEvents } from '../audit/chain/append';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Db } from '../db/client';
import { platformRoleAssignments, platformUsers, sessions } from '../db/schema';
import { DEMO_ADMIN_EMAIL, seedUsers } from '../db/seed-data';
import {
  activeRoles,
  DEMO_SEEN_RESOLUTION_MS,
  type CallerMeta,
  type Principal,
} from '../security/principal';
import { sha256Hex } from '../security/tokens';

type User = typeof platformUsers.$inferSelect;

/**
 * Demo mode only: the account a demo token acts as, re-created when it is
 * missing (after Clear All Users, docs/api/setup.md), so the demo keeps
 * working. Its restoration is on the audit trail. Demo mode already gives
 * every demo token this account, so restoring it grants nothing new.
 */
async function restoreDemoAdmin(deps: AppDeps): Promise<User | null> {
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

/**
 * Anyone can mint demo tokens, and each new one records a session row: only
 * the most recently seen ones are kept. A token whose row was pruned simply
 * records a new one on its next request.
 */
export const MAX_DEMO_SESSIONS = 200;

async function pruneDemoSessions(db: Db, keep: string) {
  // SKIP LOCKED: concurrent prunes never wait on (or deadlock over) the same rows.
  await db
    .delete(sessions)
    .where(
      sql`${sessions.id} in (select id from ${sessions} where kind = 'demo' and id <> ${keep} order by last_seen_at desc, id offset ${MAX_DEMO_SESSIONS - 1} for update skip locked)`,
    );
}

/**
 * Demo mode only: a demo token (`demo-token-<ms>`) acts as the seeded demo
 * administrator, and its session is recorded on first use. Wired into
 * AppDeps.resolveDemoPrincipal at start-up.
 */
export async function resolveDemoPrincipal(
  deps: AppDeps,
  token: string,
  meta: CallerMeta,
): Promise<Principal | null> {
  if (!deps.config.demoMode) return null;
  const { db } = deps;
  const now = deps.now();
  const tokenHash = sha256Hex(token);
  let [admin] = await db
    .select()
    .from(platformUsers)
    .where(sql`lower(${platformUsers.email}) = ${DEMO_ADMIN_EMAIL}`);
  // Cleared with every other user: the demo brings its administrator back (docs/api/setup.md).
  admin ??= (await restoreDemoAdmin(deps)) ?? undefined;
  if (!admin || !admin.isActive) return null;
  // A known session is read, not written: last_seen_at moves at most once a minute,
  // since a write on every call cost a commit per request.
  const [known] = await db.select().from(sessions).where(eq(sessions.sessionTokenHash, tokenHash));
  if (known && now.getTime() - known.lastSeenAt.getTime() >= DEMO_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, known.id));
  }
  const [session] = known
    ? [known]
    : await db
        .insert(sessions)
        .values({
          userId: admin.id,
          kind: 'demo',
          sessionTokenHash: tokenHash,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
          createdAt: now,
          lastSeenAt: now,
        })
        .onConflictDoUpdate({ target: sessions.sessionTokenHash, set: { lastSeenAt: now } })
        .returning();
  if (!known && session) await pruneDemoSessions(db, session.id);
  if (!session || !session.isActive || session.userId !== admin.id) return null;
  return {
    userId: admin.id,
    email: admin.email,
    fullName: admin.fullName,
    roles: await activeRoles(db, admin.id, now),
    sessionId: session.id,
    sessionKind: 'demo',
    tokenTail: token.slice(-8),
    mustChangePassword: false,
    mustEnrolSecondFactor: false,
    secondFactorAt: null,
  };
}

/** Outside demo mode no token is a demo token. */
export async function noDemoPrincipal(): Promise<Principal | null> {
  return null;
}
