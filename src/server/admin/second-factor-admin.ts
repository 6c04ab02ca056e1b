import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '@shared/mfa-constants';
import { AUDIT_EVENTS } from '../audit/event-types';
import { appendAuthEvent } from '../auth/auth-audit';
import { revokeSessionsOf } from '../auth/server-sessions';
import { endApplicationSessions } from '../oidc/app-sessions';

import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import {
  appSettings,
  passkeyCredentials,
  platformUsers,
  recoveryCodes,
  totpFactors,
} from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { SECOND_FACTOR_POLICY_SETTING, type Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';

/**
 * The second factor's policy (docs/product/sign-in.md#second-factor-policy) and a
 * super administrator's reset of another account's factors
 * (docs/product/admin-console.md#reset-second-factor). Both run after the
 * caller's step-up, checked by the route.
 */
const isPolicy = (value: string | undefined): value is SecondFactorPolicy =>
  (SECOND_FACTOR_POLICIES as readonly string[]).includes(value ?? '');

export async function secondFactorPolicy(db: Db | Tx): Promise<SecondFactorPolicy> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SECOND_FACTOR_POLICY_SETTING));
  return isPolicy(row?.value) ? row.value : 'not_required';
}

/** Sets the policy; a change (not a repeat of the same value) is on the trail, high. */
export async function setSecondFactorPolicy(
  deps: AppDeps,
  principal: Principal,
  policy: SecondFactorPolicy,
  meta: RequestMeta,
): Promise<SecondFactorPolicy> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SECOND_FACTOR_POLICY_SETTING))
      .for('update');
    const before = isPolicy(held?.value) ? held.value : 'not_required';
    if (before === policy) return;
    await tx
      .insert(appSettings)
      .values({ key: SECOND_FACTOR_POLICY_SETTING, value: policy, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: policy, updatedAt: now } });
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.secondFactorPolicyChanged,
      severity: 'high',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { from: before, to: policy },
    });
  });
  return policy;
}

export type SecondFactorReset = {
  user_id: string;
  totp_removed: boolean;
  recovery_codes_removed: number;
  passkeys_removed: number;
  sessions_ended: number;
};

/**
 * Removes another account's authenticator app, recovery codes and passkeys,
 * ends its sessions and flags it to enrol again at its next sign-in, in one
 * transaction with its event. One's own account is refused (400), and recorded.
 */
export async function resetSecondFactor(
  deps: AppDeps,
  principal: Principal,
  userId: string,
  reason: string,
  meta: RequestMeta,
): Promise<SecondFactorReset> {
  const now = deps.now();
  if (userId === principal.userId) {
    await appendAuthEvent(deps.db, meta, now, {
      eventType: AUDIT_EVENTS.secondFactorResetRefused,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { target_user_id: userId, reason: 'own_account' },
    });
    throw new ApiError(
      400,
      'own_account',
      'You cannot reset your own two-step sign-in. Manage it from Account, Two-step sign-in.',
    );
  }
  const result = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(platformUsers)
      .set({ secondFactorEnrolmentRequired: true })
      .where(eq(platformUsers.id, userId))
      .returning({ id: platformUsers.id, email: platformUsers.email });
    if (!user) throw notFound('No such user');
    const totp = await tx
      .delete(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .returning({ userId: totpFactors.userId });
    const codes = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .returning({ id: recoveryCodes.id });
    const passkeys = await tx
      .delete(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId))
      .returning({ id: passkeyCredentials.id });
    const ended = await revokeSessionsOf(tx, userId, now);
    const result: SecondFactorReset = {
      user_id: userId,
      totp_removed: totp.length > 0,
      recovery_codes_removed: codes.length,
      passkeys_removed: passkeys.length,
      sessions_ended: ended,
    };
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.secondFactorReset,
      severity: 'high',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { target_user_id: userId, email: user.email, reason, ...result },
    });
    return result;
  });
  await endApplicationSessions(deps, userId, 'session_ended');
  return result;
}
