import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rateLimits } from '../db/schema';
import { limitedAddresses } from './client-ip';

/**
 * A fixed-window limit on one bucket: at most `limit` units per `windowMs`.
 * Buckets are free-form keys such as `audit:ip:203.0.113.7` or
 * `signin:email:a@b.example`; choose a prefix per use so they never collide.
 */
export type RateLimitRule = {
  bucket: string;
  limit: number;
  windowMs: number;
};

export type RateLimitState = {
  /** Whether this call stayed within the limit. */
  allowed: boolean;
  /** Units counted in the current window, this call included. */
  count: number;
  remaining: number;
  /** When the current window ends and the count starts again from zero. */
  resetAt: Date;
  /** Whole seconds until resetAt (at least 1), for a Retry-After header. */
  retryAfterSeconds: number;
};

/** Windows are aligned to the epoch, so every process computes the same window for an instant. */
export function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function stateOf(rule: RateLimitRule, count: number, windowStart: Date, now: Date) {
  const resetAt = new Date(windowStart.getTime() + rule.windowMs);
  return {
    allowed: count <= rule.limit,
    count,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
  } satisfies RateLimitState;
}

/**
 * Counts `cost` units against the bucket and says whether the limit still
 * holds. One atomic upsert on the shared `rate_limits` table, so several
 * server processes (or a PostgreSQL server behind several) share one count.
 * Refused calls are counted too: a flood stays refused until its window ends.
 */
export async function consumeRateLimit(
  db: Db | Tx,
  rule: RateLimitRule,
  now: Date,
  cost = 1,
): Promise<RateLimitState> {
  const [state] = await consumeRateLimits(db, [{ rule, now, cost }]);
  return state!;
}

/** One call of consumeRateLimits: `cost` units against the rule's bucket, counted at `now`. */
export type RateLimitCharge = { rule: RateLimitRule; now: Date; cost: number };

/**
 * consumeRateLimit for several calls at once, in one upsert: the states come
 * back in the order of `charges`, each as if the calls had been counted one
 * after the other. Calls on one bucket are added up and counted in the latest
 * window among them, so a call made just before a window ended may count in
 * the next one (more is counted, never less).
 */
export async function consumeRateLimits(
  db: Db | Tx,
  charges: readonly RateLimitCharge[],
): Promise<RateLimitState[]> {
  if (charges.length === 0) return [];
  const result = (await db.execute(
    countRateLimitsSql(sql`
      SELECT * FROM unnest(${sql.param(charges.map((c) => c.rule.bucket))}::text[],
                           ${sql.param(charges.map((c) => windowStartOf(c.now, c.rule.windowMs).toISOString()))}::timestamptz[],
                           ${sql.param(charges.map((c) => c.cost))}::int[])
               AS x(bucket, window_start, cost)`),
  )) as unknown as { rows: { bucket: string; count: number; window_ms: number }[] };
  const rows = result.rows.map((r) => ({
    bucket: r.bucket,
    count: Number(r.count),
    windowStart: new Date(Number(r.window_ms)),
  }));
  return rateLimitStatesAfter(charges, rows);
}

/** A bucket's count and window after an upsert of consumeRateLimits or countRateLimitsSql. */
export type CountedBucket = { bucket: string; count: number; windowStart: Date };

/**
 * The states of `charges` once their buckets were counted (`rows`, one per bucket), in the
 * order of `charges`, each as if the calls had been counted one after the other.
 */
export function rateLimitStatesAfter(
  charges: readonly RateLimitCharge[],
  rows: readonly CountedBucket[],
): RateLimitState[] {
  const after = new Map(rows.map((r) => [r.bucket, r]));
  // Walking backwards: a call's count is the bucket's final count less what later calls added.
  const later = new Map<string, number>();
  const states: RateLimitState[] = [];
  for (let i = charges.length - 1; i >= 0; i--) {
    const { rule, now, cost } = charges[i]!;
    const row = after.get(rule.bucket);
    if (!row) throw new Error('rate limit upsert returned no row');
    const added = later.get(rule.bucket) ?? 0;
    states[i] = stateOf(rule, row.count - added, row.windowStart, now);
    later.set(rule.bucket, added + cost);
  }
  return states;
}

/**
 * The upsert of consumeRateLimits, also run as a step (a CTE) of a larger statement:
 * `charges` yields one row per call (bucket text, window_start timestamptz, cost int). The
 * calls on one bucket are added up and counted in the latest window among them, the buckets
 * taken in one order in every process, so that two statements never lock each other's rows.
 * Returns bucket, count and window_ms (the window's start in epoch milliseconds);
 * rateLimitStatesAfter turns them into states.
 */
export function countRateLimitsSql(charges: SQL): SQL {
  return sql`
    INSERT INTO rate_limits (bucket, window_start, count)
    SELECT c.bucket, max(c.window_start), sum(c.cost)::int FROM (${charges}) AS c
     GROUP BY c.bucket ORDER BY c.bucket
    ON CONFLICT (bucket) DO UPDATE SET
      -- A newer window starts the count again. A caller whose clock lags behind (an older
      -- window) adds to the newer window instead of resetting it.
      count = CASE WHEN rate_limits.window_start >= excluded.window_start
                   THEN rate_limits.count + excluded.count ELSE excluded.count END,
      window_start = GREATEST(rate_limits.window_start, excluded.window_start)
    RETURNING bucket, count, (extract(epoch FROM window_start) * 1000)::float8 AS window_ms`;
}

/**
 * Takes one unit only if the limit still has room, in one atomic upsert, so
 * concurrent callers (in any process) can never take more than `limit` units
 * in a window. Unlike consumeRateLimit, a refused call counts nothing: use it
 * when the unit stands for work that is then done (a password checked), and
 * give the unit back with releaseRateLimit if that work turns out not to count.
 */
export async function takeRateLimit(
  db: Db | Tx,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitState> {
  const windowStart = windowStartOf(now, rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
      },
      // No row comes back when the current window is already full.
      setWhere: sql`${rateLimits.windowStart} < excluded.window_start OR ${rateLimits.count} < ${rule.limit}`,
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row) return stateOf(rule, row.count, row.windowStart, now);
  return { ...(await peekRateLimit(db, rule, now)), allowed: false };
}

/**
 * A per-address limit as one rule per tier of the address (client-ip.ts
 * limitedAddresses), narrowest first: `limit` for an IPv6 /64 or an IPv4
 * address, a multiple of it for the wider IPv6 prefixes. `bucketOf` names a
 * tier's bucket from its key. Every per-address limit is made here, so that
 * none counts an IPv6 customer's prefix once per /64.
 */
export function addressRules(
  ip: string | null,
  bucketOf: (address: string) => string,
  { limit, windowMs }: { limit: number; windowMs: number },
): RateLimitRule[] {
  return limitedAddresses(ip).map(({ key, factor }) => ({
    bucket: bucketOf(key),
    limit: limit * factor,
    windowMs,
  }));
}

/**
 * takeRateLimit on each rule in order, all or none: at the first full one,
 * the units already taken are given back. `states` holds a state per rule
 * tried (the last one the refused, when `refused` is its index).
 */
export async function takeRateLimits(
  db: Db | Tx,
  rules: readonly RateLimitRule[],
  now: Date,
): Promise<{ states: RateLimitState[]; refused: number | null }> {
  const states: RateLimitState[] = [];
  for (const [i, rule] of rules.entries()) {
    const state = await takeRateLimit(db, rule, now);
    states.push(state);
    if (!state.allowed) {
      for (const taken of rules.slice(0, i)) await releaseRateLimit(db, taken, now);
      return { states, refused: i };
    }
  }
  return { states, refused: null };
}

/**
 * Gives back one unit taken in the window of `now`. Nothing happens once that
 * window has ended (the count has started again without it).
 */
export async function releaseRateLimit(db: Db | Tx, rule: RateLimitRule, now: Date) {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.bucket, rule.bucket),
        eq(rateLimits.windowStart, windowStartOf(now, rule.windowMs)),
        gt(rateLimits.count, 0),
      ),
    );
}

/** The bucket's state without counting anything. */
export async function peekRateLimit(
  db: Db | Tx,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitState> {
  const windowStart = windowStartOf(now, rule.windowMs);
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.bucket, rule.bucket));
  const current = row && row.windowStart.getTime() >= windowStart.getTime();
  const state = stateOf(
    rule,
    current ? row.count : 0,
    current ? row.windowStart : windowStart,
    now,
  );
  // Peeking asks "may one more unit pass?", so a full bucket is not allowed.
  return { ...state, allowed: state.count < rule.limit };
}

/** Forgets a bucket (e.g. after a successful sign-in). */
export async function resetRateLimit(db: Db | Tx, bucket: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.bucket, bucket));
}

/** Deletes buckets whose window started before `before`; returns how many. */
export async function pruneRateLimits(db: Db | Tx, before: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ bucket: rateLimits.bucket });
  return rows.length;
}

/**
 * A bucket that slows rather than refuses: the first `limit` units of a
 * window pass at once; after that every unit gets a turn, each spaced from the
 * previous one by a delay that doubles with the count (from `baseDelayMs` up
 * to `maxDelayMs`), so at most about windowMs / maxDelayMs more units pass per
 * window however many callers ask at once.
 */
export type TurnRule = RateLimitRule & {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A turn further away than this is refused instead of waited for. */
  maxWaitMs: number;
};

export type TurnState = {
  allowed: boolean;
  /** When the unit may be used (now when the bucket is not yet slowed). */
  turnAt: Date;
  retryAfterSeconds: number;
};

/**
 * Takes the bucket's next turn, inside the caller's transaction: the row is
 * locked until it ends, so concurrent callers (in any process) get distinct,
 * spaced turns. `mayWait: false` refuses instead of giving a later turn once
 * the bucket is slowed. A refused call takes nothing.
 */
export async function takeTurn(
  tx: Tx,
  rule: TurnRule,
  now: Date,
  options: { mayWait: boolean },
): Promise<TurnState> {
  const windowStart = windowStartOf(now, rule.windowMs);
  await tx
    .insert(rateLimits)
    .values({ bucket: rule.bucket, windowStart, count: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.bucket, rule.bucket))
    .for('update');
  if (!row) throw new Error('rate limit row vanished');
  const current = row.windowStart.getTime() >= windowStart.getTime();
  const count = current ? row.count : 0;
  const start = current ? row.windowStart : windowStart;
  const resetAt = start.getTime() + rule.windowMs;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  let turnAt = now.getTime();
  if (count >= rule.limit) {
    if (!options.mayWait) {
      return { allowed: false, turnAt: now, retryAfterSeconds: seconds(resetAt - now.getTime()) };
    }
    turnAt = Math.max(turnAt, row.nextTurnAt?.getTime() ?? turnAt);
    if (turnAt - now.getTime() > rule.maxWaitMs) {
      return { allowed: false, turnAt: now, retryAfterSeconds: seconds(turnAt - now.getTime()) };
    }
  }
  const taken = count + 1;
  const delay =
    taken >= rule.limit
      ? Math.min(rule.baseDelayMs * 2 ** (taken - rule.limit), rule.maxDelayMs)
      : null;
  await tx
    .update(rateLimits)
    .set({
      count: taken,
      windowStart: start,
      nextTurnAt: delay === null ? null : new Date(turnAt + delay),
    })
    .where(eq(rateLimits.bucket, rule.bucket));
  return { allowed: true, turnAt: new Date(turnAt), retryAfterSeconds: 0 };
}
