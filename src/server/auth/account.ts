import { eq } from 'drizzle-orm';
import {
  SIGN_UP_VERIFY_TTL_MS,
  type ChangePasswordBody,
  type MeResponse,
  type SignUpBody,
} from '@shared/schemas/auth';
import { AUDIT_EVENTS } from '../audit/event-types';
import { lockUserAdministration } from '../admin/change-rules';
import { hasPendingInvitation } from '../admin/invitations';
import type { AppDeps } from '../core/context';
import { passwordCredentials, signUpVerifications } from '../db/schema';
import { ApiError } from '../core/errors';
import { hashPassword } from '../security/passwords';
import { activeRoles, type Principal } from '../security/principal';
import { addressRules, consumeRateLimits } from '../security/rate-limit';
import { newToken, sha256Hex } from '../security/tokens';
import { queueMail } from '../setup/mail-outbox';
import { isSystemAdminAddress } from '../setup/system-admins';
import { appendAuthEvent } from './auth-audit';
import { checkCredentials, findAccount, SIGN_IN_WINDOW_MS } from './credentials-check';
import { revokeSessionsOf } from './server-sessions';
import { endApplicationSessions } from '../oidc/app-sessions';

import type { RequestMeta } from '../security/request-meta';
import { signUpMail } from './sign-up-mails';

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
  await endApplicationSessions(deps, principal.userId, 'session_ended');
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
      second_factor_enrolment_required: principal.mustEnrolSecondFactor,
    },
  };
}

/** Why sign-up created nothing: the caller is told none of them (docs/api/sign-up.md). */
type SignUpRefusal = 'reserved' | 'email_taken' | 'invitation_pending';

/**
 * Takes in a sign-up (only when ALLOW_SIGNUP=true) and queues one mail to the
 * address typed (docs/product/sign-in.md#sign-up-tells). For a free address
 * the sign-up waits, with its password's hash and its link's token's hash,
 * until the link is opened (sign-up-verify.ts): no account exists before, so
 * signing in answers as for any unknown address. For an address that has an
 * account, is reserved for a system administrator or is held by a pending
 * invitation, the mail tells its owner. The same answer after the same work
 * (one scrypt hash, one token, one transaction with one mail and one audit
 * record) either way. The checks run under the lock invitations are created
 * under, so an invitation and a sign-up for one address cannot both pass them.
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
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await lockUserAdministration(tx);
    const refusal: SignUpRefusal | null = isSystemAdminAddress(email)
      ? 'reserved'
      : (await findAccount(tx, email))
        ? 'email_taken'
        : (await hasPendingInvitation(tx, email, now))
          ? 'invitation_pending'
          : null;
    await queueMail(
      tx,
      signUpMail(input.email, refusal ?? 'free', deps.config.publicUrl, token),
      now,
    );
    if (refusal) {
      return appendAuthEvent(tx, meta, deps.now(), {
        eventType: AUDIT_EVENTS.signUpFailure,
        severity: refusal === 'email_taken' ? 'low' : 'medium',
        userId: null,
        details: { email: input.email, reason: refusal },
      });
    }
    const [pending] = await tx
      .insert(signUpVerifications)
      .values({
        email: input.email,
        fullName: input.full_name,
        passwordHash,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_UP_VERIFY_TTL_MS),
      })
      .returning({ id: signUpVerifications.id });
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signUpSuccess,
      severity: 'low',
      userId: null,
      details: { email: input.email, verification_id: pending!.id, verified: false },
    });
  });
  return { outcome: 'accepted' };
}
