import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { DEMO_TOKEN_PATTERN, type PlatformRole } from '@shared/constants';
import type { AppDeps, AppEnv } from '../core/context';
import type { Db, Tx } from '../db/client';
import {
  appSettings,
  passkeyCredentials,
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
  sessions,
  totpFactors,
} from '../db/schema';
import { PASSWORD_CHANGE_REQUIRED } from '@shared/schemas/auth';
import { ADMIN_ROLES } from '@shared/constants';
import type { SecondFactorPolicy } from '@shared/mfa-constants';
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

/** The app_settings row holding the second factor's policy; none stands for `not_required`. */
export const SECOND_FACTOR_POLICY_SETTING = 'second_factor_policy';

/**
 * Whether an account must set up a second factor before the console answers it
 * (docs/product/sign-in.md#enrolment-required): it has none, and the policy requires one of
 * its roles, or its own flag does (setup's administrators, an account whose factors were reset).
 */
function mustEnrol(
  policy: string | null,
  roles: readonly PlatformRole[],
  flagged: boolean,
  hasFactor: boolean,
): boolean {
  if (hasFactor) return false;
  if (flagged) return true;
  const p = policy as SecondFactorPolicy | null;
  return p === 'everyone' || (p === 'administrators' && roles.some((r) => ADMIN_ROLES.includes(r)));
}

/** mustEnrol for an account read on its own (a sign-in's answer, not a request's caller). */
export async function accountMustEnrol(
  db: Db | Tx,
  userId: string,
  roles: readonly PlatformRole[],
): Promise<boolean> {
  const [row] = await db
    .select({
      flagged: platformUsers.secondFactorEnrolmentRequired,
      policy: sql<
        string | null
      >`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${SECOND_FACTOR_POLICY_SETTING})`,
      hasFactor: sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${platformUsers.id} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeyCredentials} where ${passkeyCredentials.userId} = ${platformUsers.id}))`,
    })
    .from(platformUsers)
    .where(eq(platformUsers.id, userId));
  return row ? mustEnrol(row.policy, roles, row.flagged, row.hasFactor === true) : false;
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
      policy: sql<
        string | null
      >`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${SECOND_FACTOR_POLICY_SETTING})`,
      hasFactor: sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${sessions.userId} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeyCredentials} where ${passkeyCredentials.userId} = ${sessions.userId}))`,
    })
    .from(sessions)
    .innerJoin(platformUsers, eq(platformUsers.id, sessions.userId))
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, sessions.userId))
    .where(and(eq(sessions.sessionTokenHash, tokenHash), eq(sessions.kind, 'password')));
  if (!row) return null;
  const { session, user, mustChange } = row;
  if (!session.isActive || session.revokedAt || !user.isActive) return null;
  if (session.expiresAt && session.expiresAt <= now) return null;
  const roles = await activeRoles(db, user.id, now);
  return {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    roles,
    sessionId: session.id,
    sessionKind: 'password',
    tokenTail: token.slice(-8),
    mustChangePassword: mustChange === true,
    mustEnrolSecondFactor: mustEnrol(
      row.policy,
      roles,
      user.secondFactorEnrolmentRequired,
      row.hasFactor === true,
    ),
    secondFactorAt: session.secondFactorAt,
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

/** docs/product/sign-in.md#enrolment-required */
const SECOND_FACTOR_ENROLMENT_REQUIRED =
  'Set up two-step sign-in before continuing: an authenticator app or a passkey. Go to Account, Two-step sign-in.';

/** Second-factor enrolment required: until a factor is set up only the account's basics answer. */
export function assertSecondFactorSettled(principal: Principal) {
  if (principal.mustEnrolSecondFactor) {
    throw new ApiError(403, 'second_factor_enrolment_required', SECOND_FACTOR_ENROLMENT_REQUIRED);
  }
}

export function hasRole(principal: Principal, role: PlatformRole): boolean {
  return principal.roles.includes(role);
}
