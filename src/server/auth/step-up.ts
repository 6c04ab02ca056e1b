import { STEP_UP_MAX_AGE_SECONDS, type SecondFactorMethod } from '@shared/schemas/mfa';
import type { RemovePasskeyBody } from '@shared/schemas/passkeys';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { ApiError } from '../core/errors';
import type { Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';
import { appendAuthEvent } from './auth-audit';
import { markSecondFactor } from './factor-marks';
import { checkAssertion } from './passkey-assertion';
import { hasPasskey, sessionBinding } from './passkeys';
import { checkCodeLimited, confirmedTotp, refuseCode } from './totp';

/**
 * Step-up (docs/product/sign-in.md#step-up): the sensitive actions ask for a
 * second factor proved in this session within STEP_UP_MAX_AGE_SECONDS, when the
 * account has one. The time is kept on the session (`second_factor_at`): set by
 * the sign-in's second step, a passkey sign-in, confirming an authenticator app,
 * and the step-up operation (a current code, a recovery code, or a passkey's
 * assertion over step-up options bound to this session).
 */
const STEP_UP_REQUIRED_MESSAGE =
  'Confirm it’s you: enter a code from your authenticator app, or use a passkey.';

/** The account's second factors, as the sign-in names them. */
async function secondFactorMethodsOf(db: Db | Tx, userId: string): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (await confirmedTotp(db, userId)) methods.push('totp');
  if (await hasPasskey(db, userId)) methods.push('passkey');
  return methods;
}

const isFresh = (at: Date | null, now: Date) =>
  at !== null && now.getTime() - at.getTime() < STEP_UP_MAX_AGE_SECONDS * 1000;

/**
 * Before a sensitive action: passes when the caller is not a password session
 * (demo mode), has no second factor, or proved one in this session within
 * STEP_UP_MAX_AGE_SECONDS; otherwise records the request and answers 403
 * `step_up_required` with the account's methods, before anything changes.
 */
export async function requireStepUp(
  deps: AppDeps,
  principal: Principal,
  meta: RequestMeta,
  action: string,
): Promise<void> {
  if (principal.sessionKind !== 'password') return;
  const now = deps.now();
  if (isFresh(principal.secondFactorAt, now)) return;
  const methods = await secondFactorMethodsOf(deps.db, principal.userId);
  if (methods.length === 0) return;
  await appendAuthEvent(deps.db, meta, now, {
    eventType: AUDIT_EVENTS.stepUpRequired,
    severity: 'low',
    userId: principal.userId,
    tokenTail: principal.tokenTail,
    details: { action, methods },
  });
  throw new ApiError(403, 'step_up_required', STEP_UP_REQUIRED_MESSAGE, methods);
}

/**
 * The step-up itself: a current authenticator code, an unused recovery code,
 * or a passkey's assertion over this session's step-up options. Wrong codes
 * count toward the account's limit; every failure is recorded. Answers until
 * when the session counts as stepped up.
 */
export async function stepUp(
  deps: AppDeps,
  principal: Principal,
  body: RemovePasskeyBody,
  meta: RequestMeta,
): Promise<{ second_factor_at: string; valid_until: string }> {
  const step = 'step_up';
  const failed = async (method: string, reason: string) =>
    appendAuthEvent(deps.db, meta, deps.now(), {
      eventType: AUDIT_EVENTS.stepUpFailed,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { method, reason },
    });
  let method: 'totp' | 'recovery_code' | 'passkey';
  if ('assertion' in body) {
    try {
      await checkAssertion(deps, body.assertion, sessionBinding(principal, 'step_up'), {
        step,
        userId: principal.userId,
        tokenTail: principal.tokenTail,
        meta,
        requireUserVerification: false,
      });
    } catch (err) {
      if (err instanceof ApiError) await failed('passkey', err.code);
      throw err;
    }
    method = 'passkey';
  } else {
    if (!(await confirmedTotp(deps.db, principal.userId))) {
      throw new ApiError(404, 'no_totp', 'No authenticator app is set up.');
    }
    const check = await checkCodeLimited(deps, principal.userId, body.code);
    if (check.outcome !== 'ok') {
      await failed('code', check.outcome === 'limited' ? 'rate_limited' : check.reason);
      return refuseCode(deps, check, principal.userId, meta, principal, step);
    }
    method = check.method;
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await markSecondFactor(tx, principal.sessionId, now);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.stepUpPassed,
      severity: 'low',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { method },
    });
    if (method === 'recovery_code') {
      await appendAuthEvent(tx, meta, now, {
        eventType: AUDIT_EVENTS.recoveryCodeUsed,
        severity: 'medium',
        userId: principal.userId,
        tokenTail: principal.tokenTail,
        details: { step },
      });
    }
  });
  return {
    second_factor_at: now.toISOString(),
    valid_until: new Date(now.getTime() + STEP_UP_MAX_AGE_SECONDS * 1000).toISOString(),
  };
}
