import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { platformUsers, sessions } from '../db/schema';

/**
 * What proving or setting up a second factor leaves behind: the session's time
 * of the last proof (docs/product/sign-in.md#step-up) and the account's
 * enrolment flag cleared (docs/product/sign-in.md#enrolment-required).
 */

/** Records that a second factor was proved in this session now. */
export async function markSecondFactor(db: Db | Tx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * The account has set up a second factor: the enrolment its flag asked for is
 * done (docs/product/sign-in.md#enrolment-required).
 */
export async function clearEnrolmentRequired(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(platformUsers)
    .set({ secondFactorEnrolmentRequired: false })
    .where(eq(platformUsers.id, userId));
}
