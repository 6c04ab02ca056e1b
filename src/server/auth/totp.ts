import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type MfaStatus,
} from '@shared/schemas/mfa';
import { tooManyAttemptsMessage } from '@shared/schemas/auth';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { recoveryCodes, totpFactors } from '../db/schema';
import { ApiError, RateLimitedError } from '../http/errors';
import type { Principal } from '../security/principal';
import { releaseRateLimit, takeRateLimit, type RateLimitRule } from '../security/rate-limit';
import type { RequestMeta } from '../security/request-meta';
import { appendAuthEvent } from './auth-audit';
import { SIGN_IN_WINDOW_MS } from './credentials-check';
import { decryptSecret, encryptSecret, mfaKey } from './mfa-key';

/**
 * Authenticator apps (RFC 6238: SHA-1, 6 digits, 30 s steps, one step either
 * side accepted) and recovery codes of production-mode accounts
 * (docs/product/sign-in.md#second-step). Secrets are stored encrypted
 * (mfa-key.ts), recovery codes as SHA-256 hashes; neither ever reaches an
 * answer after it is first shown, the audit trail or the log.
 */
const TOTP_ISSUER = 'Talent Ecosystem';
const TOTP_WINDOW = 1;
/** Failed codes per account per 15-minute window before the account's codes are refused. */
export const CODE_FAILURE_LIMIT = 5;

const codeRule = (userId: string): RateLimitRule => ({
  bucket: `mfa:user:${userId}`,
  limit: CODE_FAILURE_LIMIT,
  windowMs: SIGN_IN_WINDOW_MS,
});

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: three groups of four (about 59 bits). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(31)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

const normalizedRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryHash = (code: string) =>
  createHash('sha256').update(normalizedRecoveryCode(code)).digest();

/** Replaces the account's recovery codes with ten new ones; answers them as shown, once. */
async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryHash(code).toString('hex'),
      createdAt: now,
    })),
  );
  return codes;
}

export type CodeCheck =
  | { outcome: 'ok'; method: 'totp' | 'recovery_code' }
  | { outcome: 'invalid'; reason: 'invalid_code' | 'code_reused' };

/**
 * Checks a code against the account's confirmed factor: six digits are an
 * authenticator code, anything else a recovery code. An authenticator code is
 * accepted only for a time step after the last one accepted (one atomic
 * update, so two requests cannot both spend it); a recovery code is spent by
 * marking it used, also atomically. `pending` checks the unconfirmed factor
 * instead and confirms it.
 */
async function checkCode(
  deps: AppDeps,
  db: Db | Tx,
  userId: string,
  code: string,
  { pending = false } = {},
): Promise<CodeCheck> {
  const now = deps.now();
  const digits = code.replace(/\s/g, '');
  if (/^\d+$/.test(digits)) {
    const [factor] = await db
      .select()
      .from(totpFactors)
      .where(
        and(
          eq(totpFactors.userId, userId),
          pending ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        ),
      );
    if (!factor || digits.length !== TOTP_DIGITS)
      return { outcome: 'invalid', reason: 'invalid_code' };
    const secret = decryptSecret(mfaKey(deps.config), userId, factor.secretEncrypted);
    const delta = totpOf(secret, '').validate({
      token: digits,
      timestamp: now.getTime(),
      window: TOTP_WINDOW,
    });
    if (delta === null) return { outcome: 'invalid', reason: 'invalid_code' };
    const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
    const [spent] = await db
      .update(totpFactors)
      .set({ lastStep: step, lastUsedAt: now, ...(pending ? { confirmedAt: now } : {}) })
      .where(
        and(
          eq(totpFactors.userId, userId),
          pending ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
          or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return spent
      ? { outcome: 'ok', method: 'totp' }
      : { outcome: 'invalid', reason: 'code_reused' };
  }
  if (pending) return { outcome: 'invalid', reason: 'invalid_code' };
  const given = recoveryHash(code);
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  // Compared with every unused code, in constant time each.
  let match: string | null = null;
  for (const row of unused) {
    if (timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given)) match = row.id;
  }
  if (!match) return { outcome: 'invalid', reason: 'invalid_code' };
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent
    ? { outcome: 'ok', method: 'recovery_code' }
    : { outcome: 'invalid', reason: 'code_reused' };
}

export type LimitedCodeCheck = CodeCheck | { outcome: 'limited'; retryAfterSeconds: number };

/**
 * checkCode under the account's failure limit: the attempt is counted before
 * the code is checked (so concurrent guesses cannot all pass a check made
 * before any is counted) and given back when the code was right. Past
 * CODE_FAILURE_LIMIT failures in a window the account's codes are refused
 * until it ends, as the password's pair limit refuses an address.
 */
export async function checkCodeLimited(
  deps: AppDeps,
  userId: string,
  code: string,
  options: { pending?: boolean } = {},
): Promise<LimitedCodeCheck> {
  const now = deps.now();
  const rule = codeRule(userId);
  const taken = await takeRateLimit(deps.db, rule, now);
  if (!taken.allowed) return { outcome: 'limited', retryAfterSeconds: taken.retryAfterSeconds };
  const check = await checkCode(deps, deps.db, userId, code, options);
  if (check.outcome === 'ok') await releaseRateLimit(deps.db, rule, now);
  return check;
}

/** The account's confirmed factor, if any. */
export async function confirmedTotp(db: Db | Tx, userId: string) {
  const [factor] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return factor ?? null;
}

/**
 * Records a refused or wrong code and throws the answer: 429 past the limit
 * (recorded aggregated, like a limited sign-in), else 401 with a failure event.
 */
export async function refuseCode(
  deps: AppDeps,
  check: Exclude<LimitedCodeCheck, { outcome: 'ok' }>,
  userId: string,
  meta: RequestMeta,
  caller: Principal | null,
  step: string,
): Promise<never> {
  if (check.outcome === 'limited') {
    await recordAggregatedActorRefusal(deps, actorOf(caller, meta), AUDIT_EVENTS.rateLimited, {
      eventType: AUDIT_EVENTS.rateLimited,
      severity: 'high',
      details: {
        user_id: userId,
        scopes: ['second_factor'],
        retry_after_seconds: check.retryAfterSeconds,
      },
    });
    throw new RateLimitedError(
      check.retryAfterSeconds,
      tooManyAttemptsMessage(check.retryAfterSeconds),
    );
  }
  await appendAuthEvent(deps.db, meta, deps.now(), {
    eventType: AUDIT_EVENTS.secondFactorFailed,
    severity: check.reason === 'code_reused' ? 'high' : 'medium',
    userId,
    tokenTail: caller?.tokenTail ?? null,
    details: { step, reason: check.reason },
  });
  throw new ApiError(401, 'invalid_code', 'That code is not valid. Try the current one.');
}

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
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, principal.userId, now);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.totpConfirmed,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { recovery_codes_issued: fresh.length },
    });
    return fresh;
  });
  return { recovery_codes: codes };
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
  const now = deps.now();
  const codes = await deps.db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, principal.userId, now);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.recoveryCodesRegenerated,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { recovery_codes_issued: fresh.length },
    });
    return fresh;
  });
  return { recovery_codes: codes };
}
