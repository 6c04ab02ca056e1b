import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import {
  PENDING_SIGN_IN_TTL_SECONDS,
  type SecondFactorBody,
  type SecondFactorRequired,
} from '@shared/schemas/mfa';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Tx } from '../db/client';
import { pendingSignIns, platformUsers } from '../db/schema';
import { ApiError } from '../core/errors';
import type { RequestMeta } from '../security/request-meta';
import { newToken, sha256Hex } from '../security/tokens';
import { appendAuthEvent } from './auth-audit';
import type { UserRow } from './credentials-check';
import { openSession } from './server-sessions';
import { checkCodeLimited, refuseCode } from './totp';

/**
 * The second sign-in step (docs/product/sign-in.md#second-step). A password
 * sign-in of an account with an authenticator app opens no session: it leaves
 * a pending sign-in, whose opaque token (stored as its SHA-256 hash) lives
 * PENDING_SIGN_IN_TTL_SECONDS and opens one session, with a right code.
 */
export async function beginPendingSignIn(
  deps: AppDeps,
  tx: Tx,
  user: UserRow,
  meta: RequestMeta,
): Promise<SecondFactorRequired> {
  const now = deps.now();
  const token = newToken();
  await tx.insert(pendingSignIns).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_TTL_SECONDS * 1000),
  });
  await appendAuthEvent(tx, meta, now, {
    eventType: AUDIT_EVENTS.secondFactorRequired,
    severity: 'low',
    userId: user.id,
    details: { email: user.email },
  });
  return {
    second_factor_required: true,
    pending_token: token,
    expires_in: PENDING_SIGN_IN_TTL_SECONDS,
  };
}

const expiredSignIn = () =>
  new ApiError(401, 'invalid_pending_sign_in', 'Your sign-in has expired. Please sign in again.');

/**
 * Completes a pending sign-in with an authenticator code or a recovery code,
 * under the account's failure limit (totp.ts checkCodeLimited). A right code
 * spends the token and opens the session exactly as the password sign-in
 * does, in one transaction with its events; a wrong one leaves the token to
 * try again until it expires or the limit refuses. Answers the session and the
 * account's address (for the device cookie).
 */
export async function completeSecondFactor(
  deps: AppDeps,
  body: SecondFactorBody,
  meta: RequestMeta,
): Promise<{ session: AuthSessionResponse; email: string }> {
  const tokenHash = sha256Hex(body.pending_token);
  const live = and(
    eq(pendingSignIns.tokenHash, tokenHash),
    isNull(pendingSignIns.usedAt),
    gt(pendingSignIns.expiresAt, deps.now()),
  );
  const [pending] = await deps.db
    .select({ user: platformUsers })
    .from(pendingSignIns)
    .innerJoin(platformUsers, eq(platformUsers.id, pendingSignIns.userId))
    .where(live);
  if (!pending) throw expiredSignIn();
  const user = pending.user;
  const check = await checkCodeLimited(deps, user.id, body.code);
  if (check.outcome !== 'ok') return refuseCode(deps, check, user.id, meta, null, 'sign_in');
  if (!user.isActive)
    throw new ApiError(403, 'account_inactive', 'This account has been deactivated');
  const session = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [spent] = await tx
      .update(pendingSignIns)
      .set({ usedAt: now })
      .where(live)
      .returning({ id: pendingSignIns.id });
    if (!spent) throw expiredSignIn();
    const opened = await openSession(deps, tx, user, meta);
    const tokenTail = opened.response.access_token.slice(-8);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.secondFactorPassed,
      severity: 'low',
      userId: user.id,
      tokenTail,
      details: { method: check.method, session_id: opened.sessionId },
    });
    if (check.method === 'recovery_code') {
      await appendAuthEvent(tx, meta, now, {
        eventType: AUDIT_EVENTS.recoveryCodeUsed,
        severity: 'medium',
        userId: user.id,
        tokenTail,
        details: { session_id: opened.sessionId },
      });
    }
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.signInSuccess,
      severity: 'low',
      userId: user.id,
      tokenTail,
      details: { email: user.email, session_id: opened.sessionId },
    });
    return opened.response;
  });
  return { session, email: user.email };
}
