import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers, sessions } from '../db/schema';
import { activeRoles } from '../security/principal';
import { newToken, sha256Hex } from '../security/tokens';

/**
 * Password sessions (ARCHITECTURE.md "Who may do what"): an opaque access
 * token and a refresh token, both stored only as SHA-256 hashes in the shared
 * `sessions` table, so every server process sees the same sessions and the
 * same revocations at once.
 */

export type RequestMeta = { ip: string | null; userAgent: string | null };

type UserRow = typeof platformUsers.$inferSelect;

function expiries(deps: AppDeps, now: Date) {
  return {
    expiresAt: new Date(now.getTime() + deps.config.accessTokenTtlSeconds * 1000),
    refreshExpiresAt: new Date(now.getTime() + deps.config.refreshTokenTtlSeconds * 1000),
  };
}

async function describe(
  db: Db | Tx,
  user: UserRow,
  tokens: { access: string; refresh: string; expiresAt: Date },
  now: Date,
): Promise<AuthSessionResponse> {
  const [credential] = await db
    .select({ mustChange: passwordCredentials.mustChange })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, user.id));
  return {
    access_token: tokens.access,
    refresh_token: tokens.refresh,
    token_type: 'bearer',
    expires_in: Math.round((tokens.expiresAt.getTime() - now.getTime()) / 1000),
    expires_at: Math.floor(tokens.expiresAt.getTime() / 1000),
    user: {
      id: user.id,
      email: user.email,
      user_metadata: { full_name: user.fullName ?? '' },
      roles: await activeRoles(db, user.id),
    },
    must_change_password: credential?.mustChange === true,
  };
}

/** Opens a session for an account that has just proved who it is. */
export async function openSession(
  deps: AppDeps,
  tx: Tx,
  user: UserRow,
  meta: RequestMeta,
): Promise<{ response: AuthSessionResponse; sessionId: string }> {
  const now = deps.now();
  const access = newToken();
  const refresh = newToken();
  const { expiresAt, refreshExpiresAt } = expiries(deps, now);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: user.id,
      kind: 'password',
      sessionTokenHash: sha256Hex(access),
      refreshTokenHash: sha256Hex(refresh),
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      refreshExpiresAt,
    })
    .returning({ id: sessions.id });
  await tx.update(platformUsers).set({ lastLoginAt: now }).where(eq(platformUsers.id, user.id));
  return {
    response: await describe(tx, user, { access, refresh, expiresAt }, now),
    sessionId: row!.id,
  };
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token.
 * One conditional UPDATE: of two processes (or tabs) presenting the same
 * refresh token, only one wins; the old token then matches nothing, so a
 * reused, revoked or expired refresh token is refused.
 */
export async function rotateSession(
  deps: AppDeps,
  refreshToken: string,
  meta: RequestMeta,
): Promise<AuthSessionResponse | null> {
  const now = deps.now();
  const access = newToken();
  const refresh = newToken();
  const { expiresAt, refreshExpiresAt } = expiries(deps, now);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({
        sessionTokenHash: sha256Hex(access),
        refreshTokenHash: sha256Hex(refresh),
        expiresAt,
        refreshExpiresAt,
        lastSeenAt: now,
        ipAddress: sql`coalesce(${meta.ip}, ${sessions.ipAddress})`,
      })
      .where(
        and(
          eq(sessions.refreshTokenHash, sha256Hex(refreshToken)),
          eq(sessions.kind, 'password'),
          eq(sessions.isActive, true),
          isNull(sessions.revokedAt),
          gt(sessions.refreshExpiresAt, now),
          // A deactivated account refreshes nothing.
          sql`exists (select 1 from ${platformUsers} where ${platformUsers.id} = ${sessions.userId} and ${platformUsers.isActive})`,
        ),
      )
      .returning({ userId: sessions.userId });
    if (!row) return null;
    const [user] = await tx.select().from(platformUsers).where(eq(platformUsers.id, row.userId));
    return describe(tx, user!, { access, refresh, expiresAt }, now);
  });
}

const live = and(eq(sessions.isActive, true), isNull(sessions.revokedAt));

/** Ends one session. Returns whether it was live before. */
export async function revokeSession(db: Db | Tx, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ isActive: false, revokedAt: now })
    .where(and(eq(sessions.id, sessionId), live))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every live session of an account, except `keep`. Returns how many ended. */
export async function revokeSessionsOf(
  db: Db | Tx,
  userId: string,
  now: Date,
  keep?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ isActive: false, revokedAt: now })
    .where(and(eq(sessions.userId, userId), live, keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}
