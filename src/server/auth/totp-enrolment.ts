import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { type MfaStatus } from '@shared/schemas/mfa';
import { AUDIT_EVENTS } from '../audit/event-types';

import type { AppDeps } from '../core/context';

import { recoveryCodes, totpFactors } from '../db/schema';

import { ApiError } from '../core/errors';
import type { Principal } from '../security/principal';

import type { RequestMeta } from '../security/request-meta';

import { clearEnrolmentRequired, markSecondFactor } from './factor-marks';
import { appendAuthEvent } from './auth-audit';

import { encryptSecret } from '../security/sealed-secret';
import { mfaKey } from './mfa-key';

import { checkCodeLimited, confirmedTotp, refuseCode, replaceRecoveryCodes, totpOf } from './totp';

/** Enrolling, listing and removing an account's authenticator app and its recovery codes. */

/**
 * Starts enrolling an authenticator app: a new 160-bit secret, pending until a
 * first code confirms it. Starting again replaces a pending one; an account
 * with a confirmed app must remove it first.
 */
export async function startTotpEnrolment(
  deps: AppDeps,
  principal: Principal,
  meta: RequestMeta,
): Promise<{ secret: string; otpauth_uri: string }> {
  const now = deps.now();
  const secret = new Secret({ size: 20 }).base32;
  const sealed = encryptSecret(mfaKey(deps.config), principal.userId, secret);
  await deps.db.transaction(async (tx) => {
    const [replaced] = await tx
      .insert(totpFactors)
      .values({ userId: principal.userId, secretEncrypted: sealed, createdAt: now })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secretEncrypted: sealed, createdAt: now, lastStep: null, lastUsedAt: null },
        setWhere: isNull(totpFactors.confirmedAt),
      })
      .returning({ userId: totpFactors.userId });
    if (!replaced) {
      throw new ApiError(
        409,
        'totp_already_enrolled',
        'An authenticator app is already set up. Remove it before adding another.',
      );
    }
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.totpEnrolmentStarted,
      severity: 'low',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: {},
    });
  });
  return { secret, otpauth_uri: totpOf(secret, principal.email).toString() };
}

/** Confirms the pending app with its first code; answers the ten recovery codes, shown once. */
export async function confirmTotpEnrolment(
  deps: AppDeps,
  principal: Principal,
  code: string,
  meta: RequestMeta,
): Promise<{ recovery_codes: string[] }> {
  const [pending] = await deps.db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, principal.userId), isNull(totpFactors.confirmedAt)));
  if (!pending) {
    throw new ApiError(404, 'no_pending_enrolment', 'Start setting up an authenticator app first.');
  }
  const check = await checkCodeLimited(deps, principal.userId, code, { pending: true });
  if (check.outcome !== 'ok') {
    return refuseCode(deps, check, principal.userId, meta, principal, 'confirm_enrolment');
  }
  return issueRecoveryCodes(deps, principal, meta, AUDIT_EVENTS.totpConfirmed);
}

/** The account's factors (never a secret) and how many recovery codes are left. */
export async function mfaStatus(deps: AppDeps, principal: Principal): Promise<MfaStatus> {
  const [factor] = await deps.db
    .select({
      confirmedAt: totpFactors.confirmedAt,
      createdAt: totpFactors.createdAt,
      lastUsedAt: totpFactors.lastUsedAt,
    })
    .from(totpFactors)
    .where(eq(totpFactors.userId, principal.userId));
  const [remaining] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, principal.userId), isNull(recoveryCodes.usedAt)));
  const confirmed = factor?.confirmedAt != null;
  return {
    factors: confirmed
      ? [
          {
            kind: 'totp',
            created_at: factor.createdAt.toISOString(),
            last_used_at: factor.lastUsedAt?.toISOString() ?? null,
          },
        ]
      : [],
    totp_pending: factor != null && !confirmed,
    recovery_codes_remaining: confirmed ? (remaining?.count ?? 0) : 0,
  };
}

/** Checks a current code (or a recovery code) of the signed-in account's confirmed app. */
async function requireCurrentCode(
  deps: AppDeps,
  principal: Principal,
  code: string,
  meta: RequestMeta,
  step: string,
): Promise<void> {
  if (!(await confirmedTotp(deps.db, principal.userId))) {
    throw new ApiError(404, 'no_totp', 'No authenticator app is set up.');
  }
  const check = await checkCodeLimited(deps, principal.userId, code);
  if (check.outcome !== 'ok')
    await refuseCode(deps, check, principal.userId, meta, principal, step);
}

/** Removes the app and its recovery codes, given a current code: the password alone signs in again. */
export async function removeTotp(
  deps: AppDeps,
  principal: Principal,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  await requireCurrentCode(deps, principal, code, meta, 'remove_totp');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, principal.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, principal.userId));
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.totpRemoved,
      severity: 'high',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: {},
    });
  });
}

/** Ten new recovery codes, given a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  principal: Principal,
  code: string,
  meta: RequestMeta,
): Promise<{ recovery_codes: string[] }> {
  await requireCurrentCode(deps, principal, code, meta, 'regenerate_recovery_codes');
  return issueRecoveryCodes(deps, principal, meta, AUDIT_EVENTS.recoveryCodesRegenerated);
}

/** Ten new recovery codes for the account, with the event that says why; shown once. */
async function issueRecoveryCodes(
  deps: AppDeps,
  principal: Principal,
  meta: RequestMeta,
  eventType: (typeof AUDIT_EVENTS)['totpConfirmed' | 'recoveryCodesRegenerated'],
): Promise<{ recovery_codes: string[] }> {
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, principal.userId, now);
    if (eventType === AUDIT_EVENTS.totpConfirmed) {
      // Its first code was just checked in this session, and the account now has a factor.
      await markSecondFactor(tx, principal.sessionId, now);
      await clearEnrolmentRequired(tx, principal.userId);
    }
    await appendAuthEvent(tx, meta, now, {
      eventType,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { recovery_codes_issued: fresh.length },
    });
    return fresh;
  });
  return { recovery_codes: codes };
}
