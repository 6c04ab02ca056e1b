import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../core/context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers } from '../db/schema';
import {
  generatePassword,
  hashPassword,
  PRODUCTION_PASSWORD_PARAMS,
  verifyPassword,
  type PasswordParams,
} from '../security/passwords';
import {
  addressRules,
  releaseRateLimit,
  resetRateLimit,
  takeRateLimit,
  takeRateLimits,
  takeTurn,
  type RateLimitRule,
  type TurnRule,
} from '../security/rate-limit';
import { deviceCookieKey, readDeviceCookie } from './device-cookie';

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
 *   4 s … up to 30 s apart (at most 39 checks a window). An address that has
 *   failed against a slowed account may not take a turn.
 * - the account's clean lane: an attempt the slowed queue would refuse, from an
 *   address with no failure in the window (at any tier), waits for a turn here
 *   instead, one every 20 s (at most 47 checks a window); a guesser feeds it
 *   only by spending a fresh clean address (an IPv6 /48) per guess.
 * - a device cookie (device-cookie.ts) valid for the account skips all of the
 *   above: its attempts are limited to 5 failures per cookie, past which the
 *   cookie counts as absent for the window. Only a successful sign-in mints one.
 * So someone without the password gets at most 86 checks per account per
 * window, and the owner is never refused on a known device.
 * Every rule is keyed by the address typed, so an unknown account is counted,
 * slowed and refused exactly like a known one.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
const PAIR_LIMIT = 5;
const ADDRESS_LIMIT = 10;
const ACCOUNT_FREE_FAILURES = 5;
export const DEVICE_FAILURE_LIMIT = 5;
/** A turn of the clean lane every 20 s: turns at 0, 20 … 920 s may be taken in a window, 47. */
const CLEAN_LANE_SPACING_MS = 20_000;
/**
 * The most attempts admitted (each one password check) per account and window without the
 * password: a turn may be taken up to 30 s ahead, so the queue's turns at 0 (5), 1, 3, 7, 15,
 * then every 30 s from 31 s up to 901 s (39), and the clean lane's 47.
 */
export const CHECKS_PER_ACCOUNT_WINDOW = 39 + 47;

const normalized = (email: string) => email.trim().toLowerCase();

const accountRule = (email: string): TurnRule => ({
  bucket: `signin:email:${normalized(email)}`,
  limit: ACCOUNT_FREE_FAILURES,
  windowMs: SIGN_IN_WINDOW_MS,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxWaitMs: 30_000,
});
/** One turn at once, then one every CLEAN_LANE_SPACING_MS; a turn over 30 s away is refused. */
const cleanLaneRule = (email: string): TurnRule => ({
  bucket: `signin:clean:${normalized(email)}`,
  limit: 1,
  windowMs: SIGN_IN_WINDOW_MS,
  baseDelayMs: CLEAN_LANE_SPACING_MS,
  maxDelayMs: CLEAN_LANE_SPACING_MS,
  maxWaitMs: 30_000,
});
const signInAddressRules = (ip: string | null): RateLimitRule[] =>
  addressRules(ip, (a) => `signin:ip:${a}`, { limit: ADDRESS_LIMIT, windowMs: SIGN_IN_WINDOW_MS });
const pairRules = (email: string, ip: string | null): RateLimitRule[] =>
  addressRules(ip, (a) => `signin:pair:${a}:${normalized(email)}`, {
    limit: PAIR_LIMIT,
    windowMs: SIGN_IN_WINDOW_MS,
  });
const deviceRule = (nonce: string): RateLimitRule => ({
  bucket: `signin:device:${nonce}`,
  limit: DEVICE_FAILURE_LIMIT,
  windowMs: SIGN_IN_WINDOW_MS,
});

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password with the parameters new passwords get. An
 * unknown address is checked against it, so that the answer takes as long as
 * for a known one and the timing tells nothing about which accounts exist.
 */
export function dummyPasswordHash(
  params: PasswordParams = PRODUCTION_PASSWORD_PARAMS,
): Promise<string> {
  const key = `${params.logN}$${params.r}$${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(generatePassword(), params)));
  return hash;
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
/** Which limit an attempt was let through by: a device cookie, the account's queue or its clean lane. */
type Lane = 'device' | 'queue' | 'clean';
type Taken = { outcome: 'taken'; turnAt: Date; lane: Lane };

/**
 * Takes this attempt's place in every limit before any password is checked,
 * so that concurrent guesses (in any process) cannot all pass a check made
 * before any of them is counted. One transaction takes the rows in a fixed
 * order (device, pair, address, account, clean lane): they stay locked until
 * it ends, so an attempt holds a place in all of them or in none (a refused
 * one gives back what it took before anyone sees it), and two attempts never
 * wait for each other in a cycle. The answer says when the password may be
 * checked.
 */
async function takeSignInAttempt(
  db: Db,
  email: string,
  ip: string | null,
  device: { nonce: string } | null,
  now: Date,
): Promise<Limited | Taken> {
  return db.transaction(async (tx) => {
    if (device) {
      const own = await takeRateLimit(tx, deviceRule(device.nonce), now);
      if (own.allowed) return { outcome: 'taken', turnAt: now, lane: 'device' };
      // Past its failure limit the cookie counts as absent for the window.
    }
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
    // No failure from this address against the account (fresh), or at all (clean), in this window.
    const fresh = states.slice(0, pairs.length).every((s) => s.count === 1);
    const clean = states.every((s) => s.count === 1);
    const turn = await takeTurn(tx, accountRule(email), now, { mayWait: fresh });
    if (turn.allowed) return { outcome: 'taken', turnAt: turn.turnAt, lane: 'queue' };
    if (clean) {
      const lane = await takeTurn(tx, cleanLaneRule(email), now, { mayWait: true });
      if (lane.allowed) return { outcome: 'taken', turnAt: lane.turnAt, lane: 'clean' };
    }
    for (const rule of rules) await releaseRateLimit(tx, rule, now);
    return { outcome: 'limited', retryAfterSeconds: turn.retryAfterSeconds, scopes: ['account'] };
  });
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks an email and password pair. The attempt is counted against every
 * limit before the password is checked, and waits for its turn when the
 * account is slowed; every path that ends in "invalid" has verified one
 * scrypt hash (the account's or the dummy one) and keeps its counts. Only
 * failures count, so the other outcomes give theirs back (a turn of the clean
 * lane is a rate, not a failure: it is kept). `deviceCookie` is the sign-in's
 * device cookie, if the browser sent one.
 */
export async function checkCredentials(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string | null,
  deviceCookie?: string,
): Promise<CredentialCheck> {
  const now = deps.now();
  const device = deviceCookie
    ? readDeviceCookie(deviceCookieKey(deps.config), deviceCookie, email, now)
    : null;
  const taken = await takeSignInAttempt(deps.db, email, ip, device, now);
  if (taken.outcome === 'limited') return taken;
  const wait = taken.turnAt.getTime() - deps.now().getTime();
  if (wait > 0) await (deps.sleep ?? realSleep)(wait);

  const account = await findAccount(deps.db, email);
  const stored = account?.passwordHash ?? (await dummyPasswordHash(deps.passwordParams));
  const matches = await verifyPassword(password, stored);
  if (!account?.passwordHash || !matches) {
    return { outcome: 'invalid', userId: account?.user.id ?? null };
  }
  // What this attempt counted, the /64's pair first (all but the clean lane's turn).
  const counted =
    taken.lane === 'device'
      ? [deviceRule(device!.nonce)]
      : [
          ...pairRules(email, ip),
          ...signInAddressRules(ip),
          ...(taken.lane === 'queue' ? [accountRule(email)] : []),
        ];
  if (!account.user.isActive) {
    for (const rule of counted) await releaseRateLimit(deps.db, rule, now);
    return { outcome: 'inactive', user: account.user };
  }
  // A success forgets this device's, or this address's (its /64's), failures
  // against the account; the wider prefixes, the address and the account only
  // get this attempt back, so one known password neither resets the limit for
  // guessing others nor lifts the account's slowing for the guessers elsewhere.
  const [forgotten, ...others] = counted;
  await resetRateLimit(deps.db, forgotten!.bucket);
  for (const rule of others) await releaseRateLimit(deps.db, rule, now);
  return { outcome: 'ok', user: account.user };
}
