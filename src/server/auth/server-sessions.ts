import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers, rotatedRefreshTokens, sessions } from '../db/schema';
import { AUDIT_EVENTS } from '../audit/event-types';
import { appendAuthEvent } from './auth-audit';
import { accountMustEnrol, activeRoles } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';
import { newToken, sha256Hex } from '../security/tokens';

/**
 * Password sessions (docs/product/sign-in.md#production-sign-in): an opaque access
 * token and a refresh token, both stored only as SHA-256 hashes in the shared
 * `sessions` table, so every server process sees the same sessions and the
 * same revocations at once.
 */

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
  const roles = await activeRoles(db, user.id, now);
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
      roles,
    },
    must_change_password: credential?.mustChange === true,
    second_factor_enrolment_required: await accountMustEnrol(db, user.id, roles),
  };
}

/**
 * Opens a session for an account that has just proved who it is; `secondFactor` when that
 * proof included a second factor (the sign-in's second step, a passkey alone), which then
 * covers the actions that ask for a step-up for a while (docs/product/sign-in.md#step-up).
 * An account that must set up a second factor first is recorded as such.
 */
export async function openSession(
  deps: AppDeps,
  tx: Tx,
  user: UserRow,
  meta: RequestMeta,
  { secondFactor = false }: { secondFactor?: boolean } = {},
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
      userAgent: meta.userAgent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      refreshExpiresAt,
      secondFactorAt: secondFactor ? now : null,
    })
    .returning({ id: sessions.id });
  await tx.update(platformUsers).set({ lastLoginAt: now }).where(eq(platformUsers.id, user.id));
  const response = await describe(tx, user, { access, refresh, expiresAt }, now);
  if (response.second_factor_enrolment_required) {
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.enrolmentRequired,
      severity: 'medium',
      userId: user.id,
      tokenTail: access.slice(-8),
      details: {
        reason: user.secondFactorEnrolmentRequired ? 'account' : 'policy',
        session_id: row!.id,
      },
    });
  }
  return { response, sessionId: row!.id };
}

export type RotationResult =
  | { outcome: 'rotated'; session: AuthSessionResponse }
  /** A refresh token that was already rotated away: someone holds a copy. */
  | { outcome: 'reused'; sessionId: string; userId: string }
  | { outcome: 'refused' };

/**
 * Exchanges a refresh token for a new access token and a new refresh token.
 * One conditional UPDATE: of two processes presenting the same refresh token,
 * only one wins; the old token then matches nothing and is remembered as
 * rotated, in the same transaction. A later presentation of a rotated token
 * is reuse: a stolen copy, or the owner's copy after a thief refreshed first.
 * The caller ends the whole session then, so both holders are signed out.
 *
 * There is no grace period for a legitimate double refresh: the browser
 * serialises refreshes across its tabs (a Web Lock) and reads the tokens
 * another tab stored before refreshing, so one browser never presents a
 * rotated token. A refresh whose answer was lost on the network cannot be
 * resumed anyway (the new tokens never arrived), so ending it costs nothing.
 */
export async function rotateSession(
  deps: AppDeps,
  refreshToken: string,
  meta: RequestMeta,
): Promise<RotationResult> {
  const now = deps.now();
  const access = newToken();
  const refresh = newToken();
  const presented = sha256Hex(refreshToken);
  const { expiresAt, refreshExpiresAt } = expiries(deps, now);
  return deps.db.transaction(async (tx): Promise<RotationResult> => {
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
          eq(sessions.refreshTokenHash, presented),
          eq(sessions.kind, 'password'),
          eq(sessions.isActive, true),
          isNull(sessions.revokedAt),
          gt(sessions.refreshExpiresAt, now),
          // A deactivated account refreshes nothing.
          sql`exists (select 1 from ${platformUsers} where ${platformUsers.id} = ${sessions.userId} and ${platformUsers.isActive})`,
        ),
      )
      .returning({ id: sessions.id, userId: sessions.userId });
    if (!row) {
      // Read after the UPDATE, which waited for any concurrent rotation of the
      // same token to commit: that rotation's record is visible here.
      const [rotated] = await tx
        .select({ sessionId: rotatedRefreshTokens.sessionId, userId: sessions.userId })
        .from(rotatedRefreshTokens)
        .innerJoin(sessions, eq(sessions.id, rotatedRefreshTokens.sessionId))
        .where(
          and(
            eq(rotatedRefreshTokens.tokenHash, presented),
            gt(rotatedRefreshTokens.expiresAt, now),
          ),
        );
      return rotated ? { outcome: 'reused', ...rotated } : { outcome: 'refused' };
    }
    await tx
      .delete(rotatedRefreshTokens)
      .where(
        and(eq(rotatedRefreshTokens.sessionId, row.id), lte(rotatedRefreshTokens.expiresAt, now)),
      );
    await tx
      .insert(rotatedRefreshTokens)
      .values({
        tokenHash: presented,
        sessionId: row.id,
        rotatedAt: now,
        expiresAt: refreshExpiresAt,
      })
      .onConflictDoNothing();
    const [user] = await tx.select().from(platformUsers).where(eq(platformUsers.id, row.userId));
    return {
      outcome: 'rotated',
      session: await describe(tx, user!, { access, refresh, expiresAt }, now),
    };
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
