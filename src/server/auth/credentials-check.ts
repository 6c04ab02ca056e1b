import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers } from '../db/schema';
import { generatePassword, hashPassword, verifyPassword } from '../security/passwords';
import {
  addressRules,
  releaseRateLimit,
  resetRateLimit,
  takeRateLimits,
  takeTurn,
  type RateLimitRule,
  type TurnRule,
} from '../security/rate-limit';

/**
 * Brute-force protection of the sign-in, in the shared `rate_limits` table so
 * every server process counts against the same limits (15-minute windows).
 * Per-address limits count an IPv6 address by its /64, and its /56 and /48 at
 * 4 and 16 times the limit (security/client-ip.ts IPV6_TIERS):
 * - per (account, address) pair: 5 failures, then that address is refused for
 *   that account;
 * - per address: 10 failures across accounts, then that address is refused;
 * - per account: 5 failures from anywhere, then the account slows rather than
 *   refuses: every further attempt waits for its turn, turns spaced 1 s, 2 s,
 *   4 s … up to 30 s apart, so a guesser with many addresses gets about 35
 *   checks per window while the owner, from an address that has not failed
 *   against the account (at any tier), still gets in after a short wait. An
 *   address that has failed against a slowed account is refused for it.
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
export const signInAddressRules = (ip: string | null): RateLimitRule[] =>
  addressRules(ip, (a) => `signin:ip:${a}`, { limit: ADDRESS_LIMIT, windowMs: SIGN_IN_WINDOW_MS });
export const pairRules = (email: string, ip: string | null): RateLimitRule[] =>
  addressRules(ip, (a) => `signin:pair:${a}:${normalized(email)}`, {
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
    const pairs = pairRules(email, ip);
    const rules = [...pairs, ...signInAddressRules(ip)];
    const { states, refused } = await takeRateLimits(tx, rules, now);
    if (refused !== null) {
      return {
        outcome: 'limited',
        retryAfterSeconds: states[refused]!.retryAfterSeconds,
        scopes: [refused < pairs.length ? 'pair' : 'address'],
      };
    }
    // This attempt is the address's first against the account in this window, at every tier.
    const fresh = states.slice(0, pairs.length).every((s) => s.count === 1);
    const turn = await takeTurn(tx, accountRule(email), now, { mayWait: fresh });
    if (!turn.allowed) {
      for (const rule of rules) await releaseRateLimit(tx, rule, now);
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
  const [byPair, ...widerPairs] = pairRules(email, ip);
  const counted = [byPair!, ...widerPairs, ...signInAddressRules(ip), accountRule(email)];
  if (!account.user.isActive) {
    for (const rule of counted) await releaseRateLimit(deps.db, rule, now);
    return { outcome: 'inactive', user: account.user };
  }
  // A success forgets this address's (its /64's) failures against the account;
  // the wider prefixes, the address and the account only get this attempt back,
  // so one known password neither resets the limit for guessing others nor
  // lifts the account's slowing for the guessers elsewhere.
  await resetRateLimit(deps.db, byPair!.bucket);
  for (const rule of counted.slice(1)) await releaseRateLimit(deps.db, rule, now);
  return { outcome: 'ok', user: account.user };
}
