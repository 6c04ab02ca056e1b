import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeAttestationObject, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import {
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LIMIT,
  type Passkey,
  type RemovePasskeyBody,
} from '@shared/schemas/passkeys';
import type { z } from 'zod';
import type { registerPasskeyBodySchema } from '@shared/schemas/passkeys';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { passkeyCredentials, platformUsers } from '../db/schema';
import { ApiError } from '../core/errors';
import type { Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';
import { appendAuthEvent } from './auth-audit';
import {
  checkAssertion,
  clientDataOf,
  misdirection,
  refusePasskey,
  userHandleOf,
  type PasskeyRow,
} from './passkey-assertion';
import { clearEnrolmentRequired } from './factor-marks';
import { relyingParty } from './passkey-rp';
import { checkCodeLimited, confirmedTotp, refuseCode } from './totp';
import { spendChallenge, storeChallenge } from './webauthn-challenges';

/**
 * Registering, listing, renaming and removing the signed-in account's passkeys
 * (docs/product/sign-in.md#passkeys). Registration asks for a discoverable
 * credential (so that it can sign in alone, without an address) with user
 * verification preferred and no attestation; the account's passkeys are
 * excluded so that one authenticator is not registered twice.
 */
const TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;

const listed = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  backed_up: row.backedUp,
});

async function passkeysOf(db: Db | Tx, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId))
    .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
}

/** The account's passkeys as the options name them: credential id and transports. */
const descriptorsOf = (rows: PasskeyRow[]) =>
  rows.map((p) => ({ id: p.credentialId, transports: p.transports }));

/** Whether the account has a passkey: it then counts as having a second factor. */
export async function hasPasskey(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeyCredentials.id })
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** A challenge bound to the caller's session, for one purpose. */
export const sessionBinding = (
  principal: Principal,
  purpose: 'register' | 'confirm' | 'step_up',
) => ({
  purpose,
  userId: principal.userId,
  sessionId: principal.sessionId,
});

/** Options for navigator.credentials.create(), their challenge bound to the caller's session. */
export async function passkeyRegistrationOptions(deps: AppDeps, principal: Principal) {
  const rp = relyingParty(deps.config);
  const existing = await passkeysOf(deps.db, principal.userId);
  if (existing.length >= PASSKEY_LIMIT) throw tooMany();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: principal.email,
    userDisplayName: principal.fullName ?? principal.email,
    userID: userHandleOf(principal.userId),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: descriptorsOf(existing),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(
    deps.db,
    options.challenge,
    sessionBinding(principal, 'register'),
    deps.now(),
  );
  return { options };
}

const tooMany = () =>
  new ApiError(
    409,
    'passkey_limit',
    `An account may hold ${PASSKEY_LIMIT} passkeys. Remove one before adding another.`,
  );

/**
 * Verifies what navigator.credentials.create() answered to the options of
 * this session and stores the passkey. The challenge is spent first, so a
 * response is accepted once, and only in the session that asked.
 */
export async function registerPasskey(
  deps: AppDeps,
  principal: Principal,
  body: z.infer<typeof registerPasskeyBodySchema>,
  meta: RequestMeta,
): Promise<Passkey> {
  const rp = relyingParty(deps.config);
  const now = deps.now();
  const ctx = { step: 'register', userId: principal.userId, tokenTail: principal.tokenTail, meta };
  const { response } = body;
  const clientData = clientDataOf(response.response.clientDataJSON);
  if (!clientData) return refusePasskey(deps, 'malformed_response', ctx);
  const spent = await spendChallenge(
    deps.db,
    clientData.challenge,
    sessionBinding(principal, 'register'),
    now,
  );
  if (!spent.ok) return refusePasskey(deps, spent.reason, ctx);
  let rpIdHash: Uint8Array;
  try {
    const attestation = decodeAttestationObject(
      Buffer.from(response.response.attestationObject, 'base64url'),
    );
    rpIdHash = parseAuthenticatorData(attestation.get('authData')).rpIdHash;
  } catch {
    return refusePasskey(deps, 'malformed_response', ctx);
  }
  const wrong = misdirection(rp, clientData, 'webauthn.create', rpIdHash);
  if (wrong) return refusePasskey(deps, wrong, ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: clientData.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return refusePasskey(deps, 'verification_failed', ctx);
  }
  if (!verified.verified) return refusePasskey(deps, 'verification_failed', ctx);
  const info = verified.registrationInfo;

  return deps.db.transaction(async (tx) => {
    // Under the account's row lock, so that two registrations cannot pass the limit together.
    await tx
      .select({ id: platformUsers.id })
      .from(platformUsers)
      .where(eq(platformUsers.id, principal.userId))
      .for('update');
    const count = (await passkeysOf(tx, principal.userId)).length;
    if (count >= PASSKEY_LIMIT) throw tooMany();
    const [row] = await tx
      .insert(passkeyCredentials)
      .values({
        userId: principal.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        signCount: info.credential.counter,
        transports: info.credential.transports ?? response.response.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: body.name ?? `Passkey ${count + 1}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeyCredentials.credentialId })
      .returning();
    if (!row) {
      throw new ApiError(409, 'passkey_exists', 'This passkey is already registered.');
    }
    await clearEnrolmentRequired(tx, principal.userId);
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.passkeyRegistered,
      severity: 'medium',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: {
        passkey_id: row.id,
        device_type: row.deviceType,
        backed_up: row.backedUp,
        user_verified: info.userVerified,
      },
    });
    return listed(row);
  });
}

/** The account's passkeys, oldest first: never a credential id or a public key. */
export async function listPasskeys(deps: AppDeps, principal: Principal): Promise<Passkey[]> {
  return (await passkeysOf(deps.db, principal.userId)).map(listed);
}

const notFound = () => new ApiError(404, 'not_found', 'No such passkey on this account.');

export async function renamePasskey(
  deps: AppDeps,
  principal: Principal,
  id: string,
  name: string,
  meta: RequestMeta,
): Promise<Passkey> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const t = passkeyCredentials;
    const [row] = await tx
      .update(t)
      .set({ name })
      .where(and(eq(t.id, id), eq(t.userId, principal.userId)))
      .returning();
    if (!row) throw notFound();
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.passkeyRenamed,
      severity: 'low',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { passkey_id: row.id },
    });
    return listed(row);
  });
}

/**
 * Options for navigator.credentials.get() over the account's own passkeys,
 * their challenge bound to the caller's session: the confirmation a removal
 * takes (`confirm`), or a step-up before a sensitive action (`step_up`).
 */
export async function passkeyConfirmationOptions(
  deps: AppDeps,
  principal: Principal,
  purpose: 'confirm' | 'step_up' = 'confirm',
) {
  const rp = relyingParty(deps.config);
  const existing = await passkeysOf(deps.db, principal.userId);
  if (existing.length === 0) throw notFound();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: descriptorsOf(existing),
  });
  await storeChallenge(deps.db, options.challenge, sessionBinding(principal, purpose), deps.now());
  return { options };
}

/**
 * Removes a passkey, given a fresh second factor, as removing the
 * authenticator app takes a current code: an assertion by one of the
 * account's passkeys (the one removed included) over this session's
 * confirmation options, or a current authenticator or recovery code.
 */
export async function removePasskey(
  deps: AppDeps,
  principal: Principal,
  id: string,
  body: RemovePasskeyBody,
  meta: RequestMeta,
): Promise<void> {
  const t = passkeyCredentials;
  const [target] = await deps.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, principal.userId)));
  if (!target) throw notFound();
  const step = 'remove_passkey';
  if ('assertion' in body) {
    await checkAssertion(deps, body.assertion, sessionBinding(principal, 'confirm'), {
      step,
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      meta,
      requireUserVerification: false,
    });
  } else {
    if (!(await confirmedTotp(deps.db, principal.userId))) {
      throw new ApiError(404, 'no_totp', 'No authenticator app is set up.');
    }
    const check = await checkCodeLimited(deps, principal.userId, body.code);
    if (check.outcome !== 'ok')
      await refuseCode(deps, check, principal.userId, meta, principal, step);
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(t)
      .where(and(eq(t.id, id), eq(t.userId, principal.userId)))
      .returning({ id: t.id });
    if (!removed) throw notFound();
    await appendAuthEvent(tx, meta, now, {
      eventType: AUDIT_EVENTS.passkeyRemoved,
      severity: 'high',
      userId: principal.userId,
      tokenTail: principal.tokenTail,
      details: { passkey_id: removed.id, confirmed_with: 'assertion' in body ? 'passkey' : 'code' },
    });
  });
}
