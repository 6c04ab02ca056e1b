import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import {
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
  type ClientDataJSON,
} from '@simplewebauthn/server/helpers';
import { and, eq, or, lt, sql } from 'drizzle-orm';
import type { AuthenticationResponse } from '@shared/schemas/passkeys';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import { passkeyCredentials } from '../db/schema';
import { ApiError } from '../core/errors';
import type { RequestMeta } from '../security/request-meta';
import { appendAuthEvent } from './auth-audit';
import { relyingParty, type RelyingParty } from './passkey-rp';
import {
  spendChallenge,
  type ChallengeBinding,
  type ChallengeRefusal,
} from './webauthn-challenges';

/**
 * Checking a passkey's response (docs/product/sign-in.md#passkeys). The
 * library (@simplewebauthn/server) verifies the response; this module spends
 * the challenge first (bound to whoever asked), names the reason of a refusal
 * for the audit trail, and keeps the sign counter in one atomic update. No
 * credential id, public key, challenge or response ever reaches an event, an
 * answer or the log: a refusal records its reason and, when known, the
 * passkey's own row id.
 */
export type PasskeyRefusal =
  | ChallengeRefusal
  | 'malformed_response'
  | 'unknown_credential'
  | 'credential_of_other_account'
  | 'wrong_type'
  | 'wrong_origin'
  | 'wrong_rp_id'
  | 'user_handle_mismatch'
  | 'verification_failed'
  | 'possible_clone';

export type PasskeyRow = typeof passkeyCredentials.$inferSelect;

const CHALLENGE_REFUSALS: readonly PasskeyRefusal[] = [
  'unknown_challenge',
  'challenge_other_binding',
  'challenge_used',
  'challenge_expired',
];

/** Who is asking and where: for the refusal's event. */
export type RefusalContext = {
  step: string;
  userId: string | null;
  tokenTail: string | null;
  meta: RequestMeta;
};

/** Records a refused passkey response and throws its answer (401). */
export async function refusePasskey(
  deps: AppDeps,
  reason: PasskeyRefusal,
  ctx: RefusalContext,
  passkeyId: string | null = null,
): Promise<never> {
  await appendAuthEvent(deps.db, ctx.meta, deps.now(), {
    eventType: AUDIT_EVENTS.passkeyRefused,
    severity:
      reason === 'possible_clone' || reason === 'challenge_other_binding' ? 'high' : 'medium',
    userId: ctx.userId,
    tokenTail: ctx.tokenTail,
    details: { step: ctx.step, reason, ...(passkeyId ? { passkey_id: passkeyId } : {}) },
  });
  if (CHALLENGE_REFUSALS.includes(reason)) {
    throw new ApiError(
      401,
      'passkey_challenge_invalid',
      'This passkey request has expired or was already answered. Please try again.',
    );
  }
  throw new ApiError(
    401,
    'passkey_refused',
    'That passkey could not be verified. Try again, or use another way to sign in.',
  );
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The response's client data, or null when it is not what a browser sends. */
export function clientDataOf(clientDataJSON: string): ClientDataJSON | null {
  try {
    const data = decodeClientDataJSON(clientDataJSON);
    return typeof data.challenge === 'string' && typeof data.origin === 'string' ? data : null;
  } catch {
    return null;
  }
}

/**
 * Why a response made for another site or ceremony would fail, named before the
 * library checks it all again: a wrong ceremony type, origin or relying party.
 */
export function misdirection(
  rp: RelyingParty,
  clientData: ClientDataJSON,
  expectedType: 'webauthn.get' | 'webauthn.create',
  rpIdHash: Uint8Array,
): PasskeyRefusal | null {
  if (clientData.type !== expectedType) return 'wrong_type';
  if (!rp.origins.includes(clientData.origin)) return 'wrong_origin';
  const expected = sha256(rp.id);
  if (rpIdHash.length !== expected.length || !timingSafeEqual(Buffer.from(rpIdHash), expected)) {
    return 'wrong_rp_id';
  }
  return null;
}

/** The WebAuthn user handle of an account: its id's 16 bytes. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

/**
 * Checks an assertion (navigator.credentials.get()) against the challenge
 * bound as given, for the account `ctx.userId` (or, when null, whichever
 * account holds the passkey: a passkey alone). Spends the challenge, verifies
 * the response, and moves the sign counter forward; a counter that does not
 * grow (when either is non-zero) is refused as a possible clone. Answers the
 * passkey's row; every refusal is recorded and answered 401.
 */
export async function checkAssertion(
  deps: AppDeps,
  response: AuthenticationResponse,
  binding: ChallengeBinding,
  ctx: RefusalContext & { requireUserVerification: boolean },
): Promise<PasskeyRow> {
  const rp = relyingParty(deps.config);
  const now = deps.now();
  const clientData = clientDataOf(response.response.clientDataJSON);
  if (!clientData) return refusePasskey(deps, 'malformed_response', ctx);
  const spent = await spendChallenge(deps.db, clientData.challenge, binding, now);
  if (!spent.ok) return refusePasskey(deps, spent.reason, ctx);

  const [row] = await deps.db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.credentialId, response.id));
  if (!row) return refusePasskey(deps, 'unknown_credential', ctx);
  const owned = { ...ctx, userId: ctx.userId ?? row.userId };
  if (ctx.userId !== null && row.userId !== ctx.userId) {
    return refusePasskey(deps, 'credential_of_other_account', ctx);
  }
  let rpIdHash: Uint8Array;
  try {
    rpIdHash = parseAuthenticatorData(
      isoBase64URL.toBuffer(response.response.authenticatorData),
    ).rpIdHash;
  } catch {
    return refusePasskey(deps, 'malformed_response', owned, row.id);
  }
  const wrong = misdirection(rp, clientData, 'webauthn.get', rpIdHash);
  if (wrong) return refusePasskey(deps, wrong, owned, row.id);
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(row.userId))) {
    return refusePasskey(deps, 'user_handle_mismatch', owned, row.id);
  }

  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: clientData.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: ctx.requireUserVerification,
      // The counter is checked below, after the signature, in one atomic update.
      credential: {
        id: row.credentialId,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: 0,
        transports: row.transports,
      },
    });
  } catch {
    // The library's message may quote the challenge or the origin: it is not kept.
    return refusePasskey(deps, 'verification_failed', owned, row.id);
  }
  if (!verified.verified) return refusePasskey(deps, 'verification_failed', owned, row.id);

  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const t = passkeyCredentials;
  const [moved] = await deps.db
    .update(t)
    .set({ signCount: newCounter, backedUp: credentialBackedUp, lastUsedAt: now })
    .where(
      and(
        eq(t.id, row.id),
        or(lt(t.signCount, newCounter), sql`${t.signCount} = 0 AND ${newCounter}::bigint = 0`),
      ),
    )
    .returning();
  if (!moved) return refusePasskey(deps, 'possible_clone', owned, row.id);
  return moved;
}
