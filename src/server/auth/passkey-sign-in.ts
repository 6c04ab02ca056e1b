import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AuthSessionResponse } from '@shared/schemas/auth';
import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  type PasskeySecondFactorBody,
  type PasskeySignInBody,
} from '@shared/schemas/passkeys';
import { tooManyAttemptsMessage } from '@shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import { platformUsers } from '../db/schema';
import { ApiError, RateLimitedError } from '../core/errors';
import { addressRules, consumeRateLimits } from '../security/rate-limit';
import type { RequestMeta } from '../security/request-meta';
import { newToken } from '../security/tokens';
import { appendAuthEvent } from './auth-audit';
import { SIGN_IN_WINDOW_MS } from './credentials-check';
import { linkAttempts } from './link-attempts';
import { checkAssertion } from './passkey-assertion';
import { relyingParty } from './passkey-rp';
import { finishPendingSignIn, livePendingSignIn } from './second-factor';
import { openSession } from './server-sessions';
import { storeChallenge } from './webauthn-challenges';

/**
 * Signing in with a passkey (docs/product/sign-in.md#passkeys): alone, with no
 * address typed (a discoverable credential, user verification required, as it
 * stands for the password and a second factor together), or as the second
 * step after the password (the pending sign-in binds the challenge).
 */
const TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;
/**
 * Passkey sign-ins begun per address (an IPv6 /64, an IPv4 address) per 15 minutes. Every load
 * of /auth begins one (the browser's autofill waits on its options), and so does each press of
 * Sign in with a passkey, so an office or a carrier's shared IPv4 address asks for many: the
 * limit only bounds the challenge rows one address keeps (each lives 5 minutes). The guesses
 * are bounded by the refused responses' own limit.
 */
export const PASSKEY_OPTIONS_ADDRESS_LIMIT = 300;
/** The page loads of one address in a window that must all be answered: an office's morning. */
export const PASSKEY_OPTIONS_EXPECTED_LOADS = 200;

/**
 * Refused passkey responses per address: 10 per 15 minutes (an IPv6 /56 40, a /48 160), then
 * 429 until the window ends, the refusals on the trail aggregated. Anyone may send one, and each
 * refusal is an event: without a limit, junk would flood the trail. A response that signs in
 * gives its attempt back.
 */
const responseAttempts = linkAttempts('passkey_response');

async function takeResponseAttempt(deps: AppDeps, meta: RequestMeta, step: string, at: Date) {
  const limited = await responseAttempts.take(deps, meta, step, at);
  if (limited) {
    throw new RateLimitedError(
      limited.retryAfterSeconds,
      tooManyAttemptsMessage(limited.retryAfterSeconds),
    );
  }
}

/**
 * Options for a passkey alone, with an opaque challenge id that binds their
 * challenge to this browser. Anyone may ask, so each address may begin
 * PASSKEY_OPTIONS_ADDRESS_LIMIT a window (each stores a row until it expires).
 */
export async function passkeySignInOptions(deps: AppDeps, meta: RequestMeta) {
  const now = deps.now();
  const rules = addressRules(meta.ip, (a) => `passkey_options:ip:${a}`, {
    limit: PASSKEY_OPTIONS_ADDRESS_LIMIT,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  const states = await consumeRateLimits(
    deps.db,
    rules.map((rule) => ({ rule, now, cost: 1 })),
  );
  const full = states.filter((s) => !s.allowed);
  if (full.length) {
    const retryAfterSeconds = Math.max(...full.map((s) => s.retryAfterSeconds));
    await recordAggregatedActorRefusal(
      deps,
      actorOf(null, meta),
      `${AUDIT_EVENTS.rateLimited}:passkey_options`,
      {
        eventType: AUDIT_EVENTS.rateLimited,
        severity: 'high',
        details: {
          scopes: ['address'],
          step: 'passkey_sign_in',
          retry_after_seconds: retryAfterSeconds,
        },
      },
    );
    throw new RateLimitedError(retryAfterSeconds, tooManyAttemptsMessage(retryAfterSeconds));
  }
  const rp = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
  });
  const challengeId = newToken();
  await storeChallenge(
    deps.db,
    options.challenge,
    { purpose: 'sign_in', handle: challengeId },
    now,
  );
  return { challenge_id: challengeId, options };
}

/**
 * Signs in with a passkey alone: the assertion must answer the challenge of
 * the options handed out with this challenge id, by a passkey some account
 * holds, with the user verified. Opens the session as the password sign-in
 * does, in one transaction with its events.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  body: PasskeySignInBody,
  meta: RequestMeta,
): Promise<{ session: AuthSessionResponse; email: string }> {
  const started = deps.now();
  await takeResponseAttempt(deps, meta, 'passkey_sign_in', started);
  const passkey = await checkAssertion(
    deps,
    body.response,
    { purpose: 'sign_in', handle: body.challenge_id },
    { step: 'sign_in', userId: null, tokenTail: null, meta, requireUserVerification: true },
  );
  await responseAttempts.giveBack(deps, meta, started);
  const [user] = await deps.db
    .select()
    .from(platformUsers)
    .where(eq(platformUsers.id, passkey.userId));
  if (!user) throw new ApiError(401, 'passkey_refused', 'That passkey could not be verified.');
  const now = deps.now();
  if (!user.isActive) {
    await appendAuthEvent(deps.db, meta, now, {
      eventType: AUDIT_EVENTS.signInFailure,
      severity: 'medium',
      userId: user.id,
      details: { email: user.email, reason: 'account_inactive', method: 'passkey' },
    });
    throw new ApiError(403, 'account_inactive', 'This account has been deactivated');
  }
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(deps, tx, user, meta, { secondFactor: true });
    const tokenTail = opened.response.access_token.slice(-8);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.passkeyUsed,
      severity: 'low',
      userId: user.id,
      tokenTail,
      details: { step: 'sign_in', passkey_id: passkey.id, session_id: opened.sessionId },
    });
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.signInSuccess,
      severity: 'low',
      userId: user.id,
      tokenTail,
      details: { email: user.email, session_id: opened.sessionId, method: 'passkey' },
    });
    return opened.response;
  });
  return { session, email: user.email };
}

/**
 * Options for a passkey as the second step of a pending sign-in, their
 * challenge bound to it. Every passkey is discoverable, so the options name
 * none: someone who knows only the password learns nothing of the account's
 * authenticators.
 */
export async function passkeySecondFactorOptions(deps: AppDeps, pendingToken: string) {
  const pending = await livePendingSignIn(deps, pendingToken);
  const rp = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
  });
  await storeChallenge(
    deps.db,
    options.challenge,
    { purpose: 'second_factor', userId: pending.user.id, pendingSignInId: pending.id },
    deps.now(),
  );
  return { options };
}

/** Completes a pending sign-in with an assertion by one of the account's passkeys. */
export async function completeSecondFactorWithPasskey(
  deps: AppDeps,
  body: PasskeySecondFactorBody,
  meta: RequestMeta,
): Promise<{ session: AuthSessionResponse; email: string }> {
  const started = deps.now();
  await takeResponseAttempt(deps, meta, 'passkey_second_factor', started);
  const pending = await livePendingSignIn(deps, body.pending_token);
  const passkey = await checkAssertion(
    deps,
    body.response,
    { purpose: 'second_factor', userId: pending.user.id, pendingSignInId: pending.id },
    {
      step: 'second_factor',
      userId: pending.user.id,
      tokenTail: null,
      meta,
      requireUserVerification: false,
    },
  );
  await responseAttempts.giveBack(deps, meta, started);
  return finishPendingSignIn(deps, pending, meta, 'passkey', passkey.id);
}
