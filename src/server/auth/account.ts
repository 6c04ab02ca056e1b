import { eq } from 'drizzle-orm';
import type { ChangePasswordBody, MeResponse, SignUpBody } from '@shared/schemas/auth';
import { AUDIT_EVENTS } from '../audit/event-types';
import { lockUserAdministration } from '../admin/change-rules';
import { hasPendingInvitation } from '../admin/invitations';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformRoleAssignments, platformUsers } from '../db/schema';
import { ApiError, isUniqueViolation } from '../http/errors';
import { hashPassword } from '../security/passwords';
import { activeRoles, type Principal } from '../security/principal';
import { addressRules, consumeRateLimits } from '../security/rate-limit';
import { isSystemAdminAddress } from '../setup/system-admins';
import { appendAuthEvent } from './auth-audit';
import { checkCredentials, findAccount, SIGN_IN_WINDOW_MS } from './credentials-check';
import { revokeSessionsOf, type RequestMeta } from './server-sessions';

/** Too many attempts: the caller answers 429 with Retry-After. */
type Limited = { outcome: 'limited'; retryAfterSeconds: number };

export type PasswordChange =
  | Limited
  | { outcome: 'wrong_password' }
  | { outcome: 'changed'; me: MeResponse; sessionsEnded: number };

/**
 * Changes the caller's password. The current password goes through the
 * sign-in's limits: the same pair, address and account counts, taken before
 * the password is checked. Every other session of the account ends, in the
 * transaction that changes the password and records it.
 */
export async function changePassword(
  deps: AppDeps,
  principal: Principal,
  body: ChangePasswordBody,
  meta: RequestMeta,
): Promise<PasswordChange> {
  const now = deps.now();
  const check = await checkCredentials(deps, principal.email, body.current_password, meta.ip);
  if (check.outcome === 'limited') {
    return { outcome: 'limited', retryAfterSeconds: check.retryAfterSeconds };
  }
  if (check.outcome !== 'ok') return { outcome: 'wrong_password' };
  const passwordHash = await hashPassword(body.new_password, deps.passwordParams);
  const ended = await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordCredentials)
      .set({ passwordHash, mustChange: false, updatedAt: now })
      .where(eq(passwordCredentials.userId, principal.userId));
    const count = await revokeSessionsOf(tx, principal.userId, now, principal.sessionId);
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.passwordChanged,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { was_required: principal.mustChangePassword, other_sessions_ended: count },
    });
    return count;
  });
  return {
    outcome: 'changed',
    sessionsEnded: ended,
    me: {
      user: {
        id: principal.userId,
        email: principal.email,
        user_metadata: { full_name: principal.fullName ?? '' },
        roles: await activeRoles(deps.db, principal.userId, now),
      },
      session_id: principal.sessionId,
      must_change_password: false,
    },
  };
}

/** Why sign-up created nothing: the caller is told none of them (docs/api/sign-up.md). */
type SignUpRefusal = 'reserved' | 'email_taken' | 'invitation_pending';

/**
 * Creates an account with the user role (only when ALLOW_SIGNUP=true). The
 * same outcome, after the same work (one scrypt hash, one transaction with its
 * audit record), whether the address was free, taken, reserved for a system
 * administrator or held by a pending invitation (the invitee's, who accepts it
 * later). The checks and the creation run under the lock invitations are
 * created under, so an invitation and a sign-up for one address cannot both
 * pass their checks.
 */
export async function signUp(
  deps: AppDeps,
  input: SignUpBody,
  meta: RequestMeta,
): Promise<Limited | { outcome: 'accepted' }> {
  if (!deps.config.allowSignup) {
    throw new ApiError(403, 'signup_disabled', 'Sign-up is turned off on this server');
  }
  const now = deps.now();
  // 5 sign-ups per address (an IPv6 /64) per 15 minutes, more for its wider prefixes.
  const rules = addressRules(meta.ip, (a) => `signup:ip:${a}`, {
    limit: 5,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  const states = await consumeRateLimits(
    deps.db,
    rules.map((rule) => ({ rule, now, cost: 1 })),
  );
  const full = states.filter((s) => !s.allowed);
  if (full.length) {
    return {
      outcome: 'limited',
      retryAfterSeconds: Math.max(...full.map((s) => s.retryAfterSeconds)),
    };
  }
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password, deps.passwordParams);
  const recordRefusal = (db: Db | Tx, reason: SignUpRefusal) =>
    appendAuthEvent(db, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signUpFailure,
      severity: reason === 'email_taken' ? 'low' : 'medium',
      userId: null,
      details: { email: input.email, reason },
    });
  try {
    await deps.db.transaction(async (tx) => {
      await lockUserAdministration(tx);
      const refusal: SignUpRefusal | null = isSystemAdminAddress(email)
        ? 'reserved'
        : (await findAccount(tx, email))
          ? 'email_taken'
          : (await hasPendingInvitation(tx, email, now))
            ? 'invitation_pending'
            : null;
      if (refusal) return recordRefusal(tx, refusal);
      const [user] = await tx
        .insert(platformUsers)
        .values({
          email: input.email,
          fullName: input.full_name,
          isActive: true,
          createdAt: now,
        })
        .returning();
      await tx
        .insert(platformRoleAssignments)
        .values({ userId: user!.id, role: 'user', isActive: true, grantedAt: now });
      await tx
        .insert(passwordCredentials)
        .values({ userId: user!.id, passwordHash, mustChange: false, updatedAt: now });
      await appendAuthEvent(tx, meta, deps.now(), {
        eventType: AUDIT_EVENTS.signUpSuccess,
        severity: 'low',
        userId: user!.id,
        details: { email: input.email },
      });
    });
  } catch (err) {
    // Another account took the address a moment earlier (an invitation accepted, say).
    if (!isUniqueViolation(err)) throw err;
    await recordRefusal(deps.db, 'email_taken');
  }
  return { outcome: 'accepted' };
}
