import { and, eq, isNull, gt, lt, type SQL } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_TTL_SECONDS } from '@shared/schemas/passkeys';
import type { Db, Tx } from '../db/client';
import { webauthnChallenges } from '../db/schema';
import { sha256Hex } from '../security/tokens';

/**
 * WebAuthn challenges (docs/decisions/021-passkeys.md): each is stored only as
 * its SHA-256 hash, lives PASSKEY_CHALLENGE_TTL_SECONDS, is spent by the first
 * response that names it (right or wrong), and is bound to whoever asked:
 * - `register`, `confirm`, `step_up`: the signed-in session;
 * - `second_factor`: the pending sign-in (whose token the browser holds);
 * - `sign_in`: an opaque challenge id handed to the browser with the options.
 * A response is accepted only with the same binding, so a challenge (or an
 * assertion over it) carried to another session or browser is refused.
 */
export type ChallengeBinding =
  | { purpose: 'register' | 'confirm' | 'step_up'; userId: string; sessionId: string }
  | { purpose: 'second_factor'; userId: string; pendingSignInId: string }
  | { purpose: 'sign_in'; handle: string };

/** Why a challenge was refused; recorded on the audit trail as the reason. */
export type ChallengeRefusal =
  'unknown_challenge' | 'challenge_other_binding' | 'challenge_used' | 'challenge_expired';

function bindingColumns(binding: ChallengeBinding) {
  switch (binding.purpose) {
    case 'register':
    case 'confirm':
    case 'step_up':
      return { userId: binding.userId, sessionId: binding.sessionId };
    case 'second_factor':
      return { userId: binding.userId, pendingSignInId: binding.pendingSignInId };
    case 'sign_in':
      return { handleHash: sha256Hex(binding.handle) };
  }
}

function bindingMatches(binding: ChallengeBinding): SQL {
  const t = webauthnChallenges;
  const purpose = eq(t.purpose, binding.purpose);
  switch (binding.purpose) {
    case 'register':
    case 'confirm':
    case 'step_up':
      return and(purpose, eq(t.userId, binding.userId), eq(t.sessionId, binding.sessionId))!;
    case 'second_factor':
      return and(
        purpose,
        eq(t.userId, binding.userId),
        eq(t.pendingSignInId, binding.pendingSignInId),
      )!;
    case 'sign_in':
      return and(purpose, eq(t.handleHash, sha256Hex(binding.handle)))!;
  }
}

/**
 * Stores the challenge of options just generated, bound as given. Challenges
 * expired for a while are deleted on the way (the index on expires_at finds
 * them); until then a late answer is refused as expired rather than unknown.
 */
export async function storeChallenge(
  db: Db | Tx,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
): Promise<void> {
  const ttlMs = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;
  await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date(now.getTime() - ttlMs)));
  await db.insert(webauthnChallenges).values({
    challengeHash: sha256Hex(challenge),
    purpose: binding.purpose,
    ...bindingColumns(binding),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

/**
 * Spends the challenge a response signed (its clientDataJSON's), if it is
 * live and bound as given: one atomic update, so two responses over one
 * challenge cannot both pass. Otherwise says why it was refused.
 */
export async function spendChallenge(
  db: Db | Tx,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
): Promise<{ ok: true } | { ok: false; reason: ChallengeRefusal }> {
  const t = webauthnChallenges;
  const hash = sha256Hex(challenge);
  const [spent] = await db
    .update(t)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.challengeHash, hash),
        bindingMatches(binding),
        isNull(t.usedAt),
        gt(t.expiresAt, now),
      ),
    )
    .returning({ id: t.id });
  if (spent) return { ok: true };
  const [row] = await db
    .select({ id: t.id, usedAt: t.usedAt, expiresAt: t.expiresAt })
    .from(t)
    .where(eq(t.challengeHash, hash));
  if (!row) return { ok: false, reason: 'unknown_challenge' };
  const [bound] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, row.id), bindingMatches(binding)));
  if (!bound) return { ok: false, reason: 'challenge_other_binding' };
  if (row.usedAt) return { ok: false, reason: 'challenge_used' };
  return { ok: false, reason: 'challenge_expired' };
}
