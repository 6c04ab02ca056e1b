import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers } from '../db/schema';
import { limitedAddress } from '../security/client-ip';
import { generatePassword, hashPassword, verifyPassword } from '../security/passwords';
import {
  releaseRateLimit,
  resetRateLimit,
  takeRateLimit,
  takeTurn,
  type RateLimitRule,
  type TurnRule,
} from '../security/rate-limit';

/**
 * Brute-force protection of the sign-in, in the shared `rate_limits` table so
 * every server process counts against the same limits (15-minute windows):
 * - per (account, address) pair: 5 failures, then that address is refused for
 *   that account;
 * - per address: 10 failures across accounts, then that address is refused;
 * - per account: 5 failures from anywhere, then the account slows rather than
 *   refuses: every further attempt waits for its turn, turns spaced 1 s, 2 s,
 *   4 s … up to 30 s apart, so a guesser with many addresses gets about 35
 *   checks per window while the owner, from an address that has not failed
 *   against the account, still gets in after a short wait. An address that has
 *   failed against a slowed account is refused for it.
 * Every rule is keyed by the address typed, so an unknown account is counted,
 * slowed and refused exactly like a known one.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 10;
export const ACCOUNT_FREE_FAILURES = 5;

const normalized = (email: string) => email.trim().toLowerCase();

export const accountRule = (email: string): TurnRule => ({
  bucket: `signin:email:${normalized(email)}`,
  limit: ACCOUNT_FREE_FAILURES,
  windowMs: SIGN_IN_WINDOW_MS,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxWaitMs: 30_000,
});
export const addressRule = (ip: string | null): RateLimitRule => ({
  bucket: `signin:ip:${limitedAddress(ip)}`,
  limit: ADDRESS_LIMIT,
  windowMs: SIGN_IN_WINDOW_MS,
});
export const pairRule = (email: string, ip: string | null): RateLimitRule => ({
  bucket: `signin:pair:${limitedAddress(ip)}:${normalized(email)}`,
  limit: PAIR_LIMIT,
  windowMs: SIGN_IN_WINDOW_MS,
});

let dummyHash: Promise<string> | null = null;

/**
 * A hash of a random password with the production parameters. An unknown
 * address is checked against it, so that the answer takes as long as for a
 * known one and the timing tells nothing about which accounts exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
}

export type UserRow = typeof platformUsers.$inferSelect;

export type CredentialCheck =
  | { outcome: 'ok'; user: UserRow }
  | { outcome: 'invalid'; userId: string | null }
  | { outcome: 'inactive'; user: UserRow }
  | Limited;

export async function findAccount(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ user: platformUsers, passwordHash: passwordCredentials.passwordHash })
    .from(platformUsers)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, platformUsers.id))
    .where(sql`lower(${platformUsers.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

type Scope = 'account' | 'address' | 'pair';
type Limited = { outcome: 'limited'; retryAfterSeconds: number; scopes: Scope[] };

/**
 * Takes this attempt's place in every limit before any password is checked,
 * so that concurrent guesses (in any process) cannot all pass a check made
 * before any of them is counted. One transaction takes the rows in a fixed
 * order (pair, address, account): they stay locked until it ends, so an
 * attempt holds a place in all of them or in none (a refused one gives back
 * what it took before anyone sees it), and two attempts never wait for each
 * other in a cycle. The answer says when the password may be checked.
 */
async function takeSignInAttempt(
  db: Db,
  email: string,
  ip: string | null,
  now: Date,
): Promise<Limited | { outcome: 'taken'; turnAt: Date }> {
  return db.transaction(async (tx) => {
    const pair = await takeRateLimit(tx, pairRule(email, ip), now);
    const address = await takeRateLimit(tx, addressRule(ip), now);
    const giveBack = async () => {
      if (pair.allowed) await releaseRateLimit(tx, pairRule(email, ip), now);
      if (address.allowed) await releaseRateLimit(tx, addressRule(ip), now);
    };
    if (!pair.allowed || !address.allowed) {
      await giveBack();
      const full = [
        ...(pair.allowed ? [] : [{ scope: 'pair' as const, state: pair }]),
        ...(address.allowed ? [] : [{ scope: 'address' as const, state: address }]),
      ];
      return {
        outcome: 'limited',
        retryAfterSeconds: Math.max(...full.map((f) => f.state.retryAfterSeconds)),
        scopes: full.map((f) => f.scope),
      };
    }
    // This attempt is the address's first against the account in this window.
    const fresh = pair.count === 1;
    const turn = await takeTurn(tx, accountRule(email), now, { mayWait: fresh });
    if (!turn.allowed) {
      await giveBack();
      return { outcome: 'limited', retryAfterSeconds: turn.retryAfterSeconds, scopes: ['account'] };
    }
    return { outcome: 'taken', turnAt: turn.turnAt };
  });
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks an email and password pair. The attempt is counted against every
 * limit before the password is checked, and waits for its turn when the
 * account is slowed; every path that ends in "invalid" has verified one
 * scrypt hash (the account's or the dummy one) and keeps its counts. Only
 * failures count, so the other outcomes give theirs back.
 */
export async function checkCredentials(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string | null,
): Promise<CredentialCheck> {
  const now = deps.now();
  const taken = await takeSignInAttempt(deps.db, email, ip, now);
  if (taken.outcome === 'limited') return taken;
  const wait = taken.turnAt.getTime() - deps.now().getTime();
  if (wait > 0) await (deps.sleep ?? realSleep)(wait);

  const account = await findAccount(deps.db, email);
  const stored = account?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(password, stored);
  if (!account?.passwordHash || !matches) {
    return { outcome: 'invalid', userId: account?.user.id ?? null };
  }
  const byPair = pairRule(email, ip);
  const byAddress = addressRule(ip);
  const byAccount = accountRule(email);
  if (!account.user.isActive) {
    for (const rule of [byPair, byAddress, byAccount]) await releaseRateLimit(deps.db, rule, now);
    return { outcome: 'inactive', user: account.user };
  }
  // A success forgets this address's failures against the account; the
  // address and the account only get this attempt back, so one known password
  // neither resets the limit for guessing others nor lifts the account's
  // slowing for the guessers elsewhere.
  await resetRateLimit(deps.db, byPair.bucket);
  await releaseRateLimit(deps.db, byAddress, now);
  await releaseRateLimit(deps.db, byAccount, now);
  return { outcome: 'ok', user: account.user };
}
