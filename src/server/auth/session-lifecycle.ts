import {
  INVALID_CREDENTIALS,
  type AuthSessionResponse,
  type SignInBody,
} from '@shared/schemas/auth';
import type { SecondFactorMethod, SecondFactorRequired } from '@shared/schemas/mfa';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import { ApiError } from '../core/errors';
import type { Principal } from '../security/principal';
import { appendAuthEvent } from './auth-audit';
import { checkCredentials } from './credentials-check';
import { openSession, revokeSession, rotateSession } from './server-sessions';
import { endApplicationSessions } from '../oidc/app-sessions';

import { beginPendingSignIn } from './second-factor';
import { confirmedTotp } from './totp';
import { hasPasskey } from './passkeys';
import type { RequestMeta } from '../security/request-meta';

/** Too many attempts: the caller answers 429 with Retry-After. */
export type SignIn =
  | { outcome: 'limited'; retryAfterSeconds: number }
  | { outcome: 'signed_in'; session: AuthSessionResponse }
  | { outcome: 'second_factor'; pending: SecondFactorRequired };

/**
 * Signs in with an email and password. Every check runs through
 * checkCredentials (limits, turns, the dummy hash for an unknown address); a
 * refusal past a limit is recorded aggregated, a failure as one event, and a
 * success opens the session and records it in one transaction, unless the
 * account has a second factor (an authenticator app, a passkey): then it opens
 * a pending sign-in instead (second-factor.ts), which a code or a passkey completes.
 * `caller` is whoever the request's bearer token names, if any;
 * `deviceCookie` the browser's device cookie (device-cookie.ts), if it sent one.
 */
export async function signIn(
  deps: AppDeps,
  body: SignInBody,
  meta: RequestMeta,
  caller: Principal | null,
  deviceCookie?: string,
): Promise<SignIn> {
  const { email, password } = body;
  const check = await checkCredentials(deps, email, password, meta.ip, deviceCookie);
  if (check.outcome === 'limited') {
    await recordAggregatedActorRefusal(deps, actorOf(caller, meta), AUDIT_EVENTS.rateLimited, {
      eventType: AUDIT_EVENTS.rateLimited,
      severity: 'high',
      details: { email, scopes: check.scopes, retry_after_seconds: check.retryAfterSeconds },
    });
    return { outcome: 'limited', retryAfterSeconds: check.retryAfterSeconds };
  }
  if (check.outcome === 'invalid') {
    await appendAuthEvent(deps.db, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signInFailure,
      severity: 'medium',
      userId: check.userId,
      details: { email, reason: 'invalid_credentials' },
    });
    throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  }
  if (check.outcome === 'inactive') {
    // Only said to someone who knows the password.
    await appendAuthEvent(deps.db, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signInFailure,
      severity: 'medium',
      userId: check.user.id,
      details: { email, reason: 'account_inactive' },
    });
    throw new ApiError(403, 'account_inactive', 'This account has been deactivated');
  }
  const user = check.user;
  const pending = await deps.db.transaction(async (tx) => {
    const methods: SecondFactorMethod[] = [];
    if (await confirmedTotp(tx, user.id)) methods.push('totp');
    if (await hasPasskey(tx, user.id)) methods.push('passkey');
    return methods.length ? beginPendingSignIn(deps, tx, user, meta, methods) : null;
  });
  if (pending) return { outcome: 'second_factor', pending };
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(deps, tx, user, meta);
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signInSuccess,
      severity: 'low',
      userId: user.id,
      tokenTail: opened.response.access_token.slice(-8),
      details: { email: user.email, session_id: opened.sessionId },
    });
    return opened.response;
  });
  return { outcome: 'signed_in', session };
}

/**
 * Exchanges a refresh token for new tokens; any other outcome is a 401. A
 * rotated token that comes back means someone holds a copy: the session ends
 * for every holder, and only the request that ended it records the event.
 */
export async function refreshTokens(
  deps: AppDeps,
  refreshToken: string,
  meta: RequestMeta,
): Promise<AuthSessionResponse> {
  const rotation = await rotateSession(deps, refreshToken, meta);
  if (rotation.outcome === 'rotated') return rotation.session;
  if (rotation.outcome === 'reused') {
    const ended = await deps.db.transaction(async (tx) => {
      if (!(await revokeSession(tx, rotation.sessionId, deps.now()))) return false;
      await appendAuthEvent(tx, meta, deps.now(), {
        eventType: AUDIT_EVENTS.refreshTokenReused,
        severity: 'high',
        userId: rotation.userId,
        details: { session_id: rotation.sessionId, reason: 'rotated_refresh_token_reused' },
      });
      return true;
    });
    if (ended) await endApplicationSessions(deps, rotation.userId, 'session_ended');
  }
  throw new ApiError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');
}

/** Signs out: the session in use is revoked and the sign-out recorded, in one transaction. */
export async function signOut(
  deps: AppDeps,
  principal: Principal,
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeSession(tx, principal.sessionId, deps.now());
    await appendAuthEvent(tx, meta, deps.now(), {
      eventType: AUDIT_EVENTS.signOut,
      severity: 'low',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { session_id: principal.sessionId },
    });
  });
  // The applications signed in from this session end with it (docs/product/sign-on.md#oidc-backchannel-logout).
  await endApplicationSessions(deps, principal.userId, 'signed_out');
}
