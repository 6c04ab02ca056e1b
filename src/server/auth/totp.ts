import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

import { and, eq, isNotNull, isNull, or, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';

import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@shared/schemas/mfa';
import { tooManyAttemptsMessage } from '@shared/schemas/auth';

import { AUDIT_EVENTS } from '../audit/event-types';

import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';

import type { AppDeps } from '../core/context';

import type { Db, Tx } from '../db/client';

import { recoveryCodes, totpFactors } from '../db/schema';

import { ApiError, RateLimitedError } from '../core/errors';

import type { Principal } from '../security/principal';

import { releaseRateLimit, takeRateLimit, type RateLimitRule } from '../security/rate-limit';

import type { RequestMeta } from '../security/request-meta';

import { appendAuthEvent } from './auth-audit';

import { SIGN_IN_WINDOW_MS } from './credentials-check';

import { decryptSecret } from '../security/sealed-secret';
import { mfaKey } from './mfa-key';

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

export function totpOf(secretBase32: string, label: string): TOTP {
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
export async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
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
