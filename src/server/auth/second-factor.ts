import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import {
  PENDING_SIGN_IN_TTL_SECONDS,
  type SecondFactorBody,
  type SecondFactorMethod,
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
  methods: SecondFactorMethod[],
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
    details: { email: user.email, methods },
  });
  return {
    second_factor_required: true,
    pending_token: token,
    expires_in: PENDING_SIGN_IN_TTL_SECONDS,
    methods,
  };
}

const expiredSignIn = () =>
  new ApiError(401, 'invalid_pending_sign_in', 'Your sign-in has expired. Please sign in again.');

/** A pending sign-in still open: its row, its account, and the condition that it is still live. */
export type LivePendingSignIn = { id: string; user: UserRow; live: SQL };

/** The live pending sign-in of a token, or the 401 that it has expired. */
export async function livePendingSignIn(deps: AppDeps, token: string): Promise<LivePendingSignIn> {
  const live = and(
    eq(pendingSignIns.tokenHash, sha256Hex(token)),
    isNull(pendingSignIns.usedAt),
    gt(pendingSignIns.expiresAt, deps.now()),
  )!;
  const [pending] = await deps.db
    .select({ id: pendingSignIns.id, user: platformUsers })
    .from(pendingSignIns)
    .innerJoin(platformUsers, eq(platformUsers.id, pendingSignIns.userId))
    .where(live);
  if (!pending) throw expiredSignIn();
  return { ...pending, live };
}

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
  const pending = await livePendingSignIn(deps, body.pending_token);
  const check = await checkCodeLimited(deps, pending.user.id, body.code);
  if (check.outcome !== 'ok')
    return refuseCode(deps, check, pending.user.id, meta, null, 'sign_in');
  return finishPendingSignIn(deps, pending, meta, check.method);
}

/**
 * Spends a pending sign-in whose second step passed and opens its session, in
 * one transaction with its events. `method` is what passed it: `totp`,
 * `recovery_code` or `passkey`.
 */
export async function finishPendingSignIn(
  deps: AppDeps,
  pending: LivePendingSignIn,
  meta: RequestMeta,
  method: 'totp' | 'recovery_code' | 'passkey',
  passkeyId?: string,
): Promise<{ session: AuthSessionResponse; email: string }> {
  const user = pending.user;
  if (!user.isActive)
    throw new ApiError(403, 'account_inactive', 'This account has been deactivated');
  const session = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [spent] = await tx
      .update(pendingSignIns)
      .set({ usedAt: now })
      .where(pending.live)
      .returning({ id: pendingSignIns.id });
    if (!spent) throw expiredSignIn();
    const opened = await openSession(deps, tx, user, meta, { secondFactor: true });
    const tokenTail = opened.response.access_token.slice(-8);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.secondFactorPassed,
      severity: 'low',
      userId: user.id,
      tokenTail,
      details: { method, session_id: opened.sessionId },
    });
    if (method === 'recovery_code') {
      await appendAuthEvent(tx, meta, now, {
        eventType: AUDIT_EVENTS.recoveryCodeUsed,
        severity: 'medium',
        userId: user.id,
        tokenTail,
        details: { session_id: opened.sessionId },
      });
    }
    if (method === 'passkey') {
      await appendAuthEvent(tx, meta, now, {
        eventType: AUDIT_EVENTS.passkeyUsed,
        severity: 'low',
        userId: user.id,
        tokenTail,
        details: { step: 'second_factor', passkey_id: passkeyId, session_id: opened.sessionId },
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
