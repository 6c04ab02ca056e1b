import { and, eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { DEMO_TOKEN_PATTERN, type PlatformRole } from '@shared/constants';
import type { AppDeps, AppEnv } from '../context';
import type { Db, Tx } from '../db/client';
import {
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
  sessions,
} from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { restoreDemoAdmin } from '../setup/demo-admin';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/schemas/auth';
import { ApiError } from '../http/errors';
import { clientIp } from './client-ip';
import { sha256Hex } from './tokens';

/** Who is calling: a signed-in account and the session it called with. */
export type Principal = {
  userId: string;
  email: string;
  fullName: string | null;
  roles: PlatformRole[];
  sessionId: string;
  sessionKind: 'demo' | 'password';
  /** docs/product/audit-trail.md#audit-session-id: the audit session_id is the last 8 characters of the access token. */
  tokenTail: string;
  /** A generated password must be changed before the admin API answers. */
  mustChangePassword: boolean;
};

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/.exec(header.trim());
  return match?.[1] ?? null;
}

export async function activeRoles(db: Db | Tx, userId: string): Promise<PlatformRole[]> {
  const rows = await db
    .select({ role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        eq(platformRoleAssignments.userId, userId),
        eq(platformRoleAssignments.isActive, true),
        sql`(${platformRoleAssignments.expiresAt} IS NULL OR ${platformRoleAssignments.expiresAt} > now())`,
      ),
    );
  return rows.map((r) => r.role);
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

/** How stale a demo session's last_seen_at may get before a request writes it again. */
const DEMO_SEEN_RESOLUTION_MS = 60_000;

/**
 * Resolves the bearer token to a principal, or null. In demo mode a demo token
 * (`demo-token-<ms>`) acts as the seeded demo administrator and its session is
 * recorded on first use; every other token must name a live password session
 * of an active account.
 */
export async function resolvePrincipal(
  deps: AppDeps,
  token: string | null,
  meta: { ip: string | null; userAgent: string | null },
): Promise<Principal | null> {
  if (!token) return null;
  const { db } = deps;
  const now = deps.now();
  const tokenHash = sha256Hex(token);

  if (DEMO_TOKEN_PATTERN.test(token)) {
    if (!deps.config.demoMode) return null;
    let [admin] = await db
      .select()
      .from(platformUsers)
      .where(sql`lower(${platformUsers.email}) = ${DEMO_ADMIN_EMAIL}`);
    // Cleared with every other user: the demo brings its administrator back (README "Setup endpoints").
    admin ??= (await restoreDemoAdmin(deps)) ?? undefined;
    if (!admin || !admin.isActive) return null;
    // A known session is read, not written: last_seen_at moves at most once a minute,
    // since a write on every call cost a commit per request.
    const [known] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.sessionTokenHash, tokenHash));
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
            userAgent: meta.userAgent?.slice(0, 512) ?? null,
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
      roles: await activeRoles(db, admin.id),
      sessionId: session.id,
      sessionKind: 'demo',
      tokenTail: token.slice(-8),
      mustChangePassword: false,
    };
  }

  const [row] = await db
    .select({
      session: sessions,
      user: platformUsers,
      mustChange: passwordCredentials.mustChange,
    })
    .from(sessions)
    .innerJoin(platformUsers, eq(platformUsers.id, sessions.userId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, sessions.userId))
    .where(and(eq(sessions.sessionTokenHash, tokenHash), eq(sessions.kind, 'password')));
  if (!row) return null;
  const { session, user, mustChange } = row;
  if (!session.isActive || session.revokedAt || !user.isActive) return null;
  if (session.expiresAt && session.expiresAt <= now) return null;
  return {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    roles: await activeRoles(db, user.id),
    sessionId: session.id,
    sessionKind: 'password',
    tokenTail: token.slice(-8),
    mustChangePassword: mustChange === true,
  };
}

/** Resolves the caller once per request into `c.var.principal` (null when anonymous). */
export function loadPrincipal(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const principal = await resolvePrincipal(deps, bearerToken(c.req.header('authorization')), {
      ip: clientIp(c, deps.config.trustedProxies),
      userAgent: c.req.header('user-agent') ?? null,
    });
    c.set('principal', principal);
    await next();
  };
}

/** A generated password is changed first: until then only /api/auth answers. */
export function assertPasswordSettled(principal: Principal) {
  if (principal.mustChangePassword) {
    throw new ApiError(403, 'password_change_required', PASSWORD_CHANGE_REQUIRED);
  }
}

export function hasRole(principal: Principal, role: PlatformRole): boolean {
  return principal.roles.includes(role);
}
