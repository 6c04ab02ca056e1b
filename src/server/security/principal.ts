import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { DEMO_TOKEN_PATTERN, type PlatformRole } from '@shared/constants';
import type { AppDeps, AppEnv } from '../core/context';
import type { Db, Tx } from '../db/client';
import {
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
  sessions,
} from '../db/schema';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/schemas/auth';
import { ApiError } from '../core/errors';
import { requestMeta } from './request-meta';
import type { CallerMeta, Principal } from '../core/principal-types';
import { sha256Hex } from './tokens';

export type { CallerMeta, Principal } from '../core/principal-types';

/**
 * How stale a demo session's last_seen_at may get before a request writes it again; the audit
 * ingest vouches for a demo token only within it, so that the full resolution keeps it current.
 */
export const DEMO_SEEN_RESOLUTION_MS = 60_000;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** The roles the account holds at `now` (the injected clock, not the database's). */
export async function activeRoles(db: Db | Tx, userId: string, now: Date): Promise<PlatformRole[]> {
  const rows = await db
    .select({ role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        eq(platformRoleAssignments.userId, userId),
        eq(platformRoleAssignments.isActive, true),
        or(
          isNull(platformRoleAssignments.expiresAt),
          sql`${platformRoleAssignments.expiresAt} > ${now}`,
        ),
      ),
    );
  return rows.map((r) => r.role);
}

/**
 * Resolves the bearer token to a principal, or null. In demo mode a demo token
 * (`demo-token-<ms>`) acts as the seeded demo administrator and its session is
 * recorded on first use; every other token must name a live password session
 * of an active account.
 */
export async function resolvePrincipal(
  deps: AppDeps,
  token: string | null,
  meta: CallerMeta,
): Promise<Principal | null> {
  if (!token) return null;
  const { db } = deps;
  const now = deps.now();
  const tokenHash = sha256Hex(token);

  if (DEMO_TOKEN_PATTERN.test(token)) {
    if (!deps.config.demoMode) return null;
    return deps.resolveDemoPrincipal(deps, token, meta);
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
    roles: await activeRoles(db, user.id, now),
    sessionId: session.id,
    sessionKind: 'password',
    tokenTail: token.slice(-8),
    mustChangePassword: mustChange === true,
  };
}

/**
 * Resolves the caller once per request into `c.var.principal` (null when
 * anonymous). A request `resolvedLater` picks out leaves it null: its operation
 * resolves the bearer token itself, later.
 */
export function loadPrincipal(
  resolvedLater: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (resolvedLater(c)) return next();
    const deps = c.get('deps');
    const principal = await resolvePrincipal(
      deps,
      bearerToken(c.req.header('authorization')),
      requestMeta(c),
    );
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
