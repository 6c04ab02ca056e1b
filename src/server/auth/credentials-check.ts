import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { Db, Tx } from '../db/client';
import { passwordCredentials, platformUsers } from '../db/schema';
import { generatePassword, hashPassword, verifyPassword } from '../security/passwords';
import {
  releaseRateLimit,
  resetRateLimit,
  takeRateLimit,
  type RateLimitRule,
} from '../security/rate-limit';

/**
 * Brute-force protection of the sign-in: at most 5 failed attempts
 * per 15 minutes per account and per address. The buckets live in the shared
 * `rate_limits` table, so every server process counts against the same limit.
 */
export const SIGN_IN_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;

export const accountRule = (email: string): RateLimitRule => ({
  bucket: `signin:email:${email.trim().toLowerCase()}`,
  ...SIGN_IN_LIMIT,
});
export const addressRule = (ip: string | null): RateLimitRule => ({
  bucket: `signin:ip:${ip ?? 'unknown'}`,
  ...SIGN_IN_LIMIT,
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
  | { outcome: 'limited'; retryAfterSeconds: number; scopes: ('account' | 'address')[] };

export async function findAccount(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ user: platformUsers, passwordHash: passwordCredentials.passwordHash })
    .from(platformUsers)
    .leftJoin(passwordCredentials, eq(passwordCredentials.userId, platformUsers.id))
    .where(sql`lower(${platformUsers.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/**
 * Takes this attempt's place in every bucket before any password is checked,
 * so that concurrent guesses (in any process) cannot all pass a check made
 * before any of them is counted. One transaction takes the buckets in a fixed
 * order: the rows stay locked until it ends, so an attempt holds a place in
 * all buckets or in none (a refused one gives back what it took before anyone
 * sees it), and two attempts never wait for each other in a cycle.
 */
async function takeSignInAttempt(
  db: Db,
  rules: RateLimitRule[],
  scopes: ('account' | 'address')[],
  now: Date,
): Promise<Extract<CredentialCheck, { outcome: 'limited' }> | null> {
  const buckets = rules
    .map((rule, i) => ({ rule, scope: scopes[i]! }))
    .sort((a, b) => (a.rule.bucket < b.rule.bucket ? -1 : 1));
  const full = await db.transaction(async (tx) => {
    const taken = [];
    for (const b of buckets) taken.push({ ...b, state: await takeRateLimit(tx, b.rule, now) });
    const refused = taken.filter((b) => !b.state.allowed);
    if (refused.length > 0) {
      for (const b of taken) if (b.state.allowed) await releaseRateLimit(tx, b.rule, now);
    }
    return refused;
  });
  if (full.length === 0) return null;
  return {
    outcome: 'limited',
    retryAfterSeconds: Math.max(...full.map((f) => f.state.retryAfterSeconds)),
    scopes: full.map((f) => f.scope),
  };
}

/**
 * Checks an email and password pair. The attempt is counted against both
 * buckets before the password is checked; every path that ends in "invalid"
 * has verified one scrypt hash (the account's or the dummy one) and keeps
 * that count. Only failures count, so the other outcomes give it back.
 */
export async function checkCredentials(
  deps: AppDeps,
  email: string,
  password: string,
  ip: string | null,
): Promise<CredentialCheck> {
  const now = deps.now();
  const byAccount = accountRule(email);
  const byAddress = addressRule(ip);
  const limited = await takeSignInAttempt(
    deps.db,
    [byAccount, byAddress],
    ['account', 'address'],
    now,
  );
  if (limited) return limited;

  const account = await findAccount(deps.db, email);
  const stored = account?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(password, stored);
  if (!account?.passwordHash || !matches) {
    return { outcome: 'invalid', userId: account?.user.id ?? null };
  }
  if (!account.user.isActive) {
    for (const rule of [byAccount, byAddress]) await releaseRateLimit(deps.db, rule, now);
    return { outcome: 'inactive', user: account.user };
  }
  // A success clears the account's count; the address only gets this attempt
  // back, so one known password cannot be used to reset the limit for guessing others.
  await resetRateLimit(deps.db, byAccount.bucket);
  await releaseRateLimit(deps.db, byAddress, now);
  return { outcome: 'ok', user: account.user };
}
