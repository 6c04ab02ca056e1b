import { and, eq, gt, isNull } from 'drizzle-orm';
import { VERIFY_ADDRESS_TAKEN, VERIFY_LINK_INVALID, type Verified } from '@shared/schemas/auth';
import { lockUserAdministration } from '../admin/change-rules';
import { AUDIT_EVENTS } from '../audit/event-types';
import { actorOf, recordAggregatedActorRefusal } from '../audit/request-actor';
import type { AppDeps } from '../core/context';
import {
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
  signUpVerifications,
} from '../db/schema';
import { ApiError, conflict, isUniqueViolation } from '../core/errors';
import { sha256Hex } from '../security/tokens';
import { isSystemAdminAddress } from '../setup/system-admins';
import { appendAuthEvent } from './auth-audit';
import { findAccount } from './credentials-check';
import { linkAttempts, type LinkLimited } from './link-attempts';
import type { RequestMeta } from '../security/request-meta';

/**
 * Opening a sign-up's verify link (docs/product/sign-in.md#sign-up-tells):
 * POST /api/auth/verify with the link's token creates the account the sign-up
 * asked for, with its name and password, once, within 24 hours. The token is
 * looked up by its SHA-256 hash only. Like an invitation's link, each address
 * may be refused 10 times per 15 minutes (link-attempts.ts).
 */
const attempts = linkAttempts('verify');

class AddressTaken extends Error {
  constructor(readonly row: { id: string; email: string }) {
    super('address taken');
  }
}

type Refusal = 'unknown' | 'used' | 'expired' | 'address_taken';

/** Records a refused link (aggregated: anyone may provoke these) and answers it. */
async function refuse(
  deps: AppDeps,
  meta: RequestMeta,
  reason: Refusal,
  row: { id: string; email: string } | undefined,
): Promise<never> {
  await recordAggregatedActorRefusal(
    deps,
    actorOf(null, meta),
    `${AUDIT_EVENTS.signUpVerifyRefused}:${reason}`,
    {
      eventType: AUDIT_EVENTS.signUpVerifyRefused,
      severity: reason === 'unknown' ? 'medium' : 'low',
      details: { reason, ...(row ? { verification_id: row.id, email: row.email } : {}) },
    },
  );
  if (reason === 'address_taken') throw conflict(VERIFY_ADDRESS_TAKEN);
  throw new ApiError(400, 'verify_link_invalid', VERIFY_LINK_INVALID);
}

export async function verifySignUp(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
): Promise<LinkLimited | { outcome: 'verified'; verified: Verified }> {
  const started = deps.now();
  const limited = await attempts.take(deps, meta, 'sign_up_verify', started);
  if (limited) return limited;
  const tokenHash = sha256Hex(token);
  const now = deps.now();
  type Outcome =
    | { outcome: 'verified'; verified: Verified }
    | { outcome: 'refused'; reason: Refusal; row?: { id: string; email: string } };
  // A link that cannot work is answered without taking the lock sign-ups and invitations share.
  const [known] = await deps.db
    .select()
    .from(signUpVerifications)
    .where(eq(signUpVerifications.tokenHash, tokenHash));
  if (!known) return refuse(deps, meta, 'unknown', undefined);
  if (known.verifiedAt) return refuse(deps, meta, 'used', known);
  if (known.expiresAt <= now) return refuse(deps, meta, 'expired', known);
  let result: Outcome;
  try {
    result = await deps.db.transaction(async (tx): Promise<Outcome> => {
      await lockUserAdministration(tx);
      // Single use: only while it is unused and unexpired; of two at once, one finds it used.
      const [row] = await tx
        .update(signUpVerifications)
        .set({ verifiedAt: now })
        .where(
          and(
            eq(signUpVerifications.tokenHash, tokenHash),
            isNull(signUpVerifications.verifiedAt),
            gt(signUpVerifications.expiresAt, now),
          ),
        )
        .returning();
      if (!row) {
        const [found] = await tx
          .select()
          .from(signUpVerifications)
          .where(eq(signUpVerifications.tokenHash, tokenHash));
        if (!found) return { outcome: 'refused', reason: 'unknown' };
        return { outcome: 'refused', reason: found.verifiedAt ? 'used' : 'expired', row: found };
      }
      // An invitation accepted, or another of this address's links, since the mail was sent.
      const email = row.email.trim().toLowerCase();
      if (isSystemAdminAddress(email) || (await findAccount(tx, email))) {
        throw new AddressTaken(row); // rolls back: the link stays as it was
      }
      const [user] = await tx
        .insert(platformUsers)
        .values({ email: row.email, fullName: row.fullName, isActive: true, createdAt: now })
        .returning();
      await tx
        .insert(platformRoleAssignments)
        .values({ userId: user!.id, role: 'user', isActive: true, grantedAt: now });
      await tx.insert(passwordCredentials).values({
        userId: user!.id,
        passwordHash: row.passwordHash,
        mustChange: false,
        updatedAt: now,
      });
      await tx
        .update(signUpVerifications)
        .set({ userId: user!.id })
        .where(eq(signUpVerifications.id, row.id));
      await appendAuthEvent(tx, meta, deps.now(), {
        eventType: AUDIT_EVENTS.signUpVerified,
        severity: 'low',
        userId: user!.id,
        details: { email: row.email, verification_id: row.id },
      });
      return { outcome: 'verified', verified: { email: row.email } };
    });
  } catch (err) {
    if (err instanceof AddressTaken)
      result = { outcome: 'refused', reason: 'address_taken', row: err.row };
    else if (isUniqueViolation(err)) result = { outcome: 'refused', reason: 'address_taken' };
    else throw err;
  }
  if (result.outcome === 'refused') return refuse(deps, meta, result.reason, result.row);
  await attempts.giveBack(deps, meta, started);
  return result;
}
