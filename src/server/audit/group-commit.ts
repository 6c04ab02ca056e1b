import { sql } from 'drizzle-orm';
import type { AppDeps } from '../core/context';
import type { Tx } from '../db/client';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { DEMO_SEEN_RESOLUTION_MS } from '../security/principal';
import {
  countRateLimitsSql,
  rateLimitStatesAfter,
  windowStartOf,
  type CountedBucket,
  type RateLimitRule,
  type RateLimitState,
} from '../security/rate-limit';
import { appendAuditEventsEach, SEQ_BEFORE_SQL, type LockedHead } from './chain/append';
import { type AuditInput } from './chain/link';

/**
 * The group commit of audit batches (docs/decisions/012-audit-ingest-group-commit.md): batches
 * that arrive while a commit is under way share the next transaction.
 */

/** What attribution needs of a caller: the account and the token's last 8 characters. */
export type Attribution = { userId: string; tokenTail: string } | null;

/** A batch's state across its address's tiers: refused when any tier is, with the longest wait. */
function strictestOf(states: RateLimitState[]): RateLimitState {
  const full = states.filter((s) => !s.allowed);
  if (!full.length) return states[0]!;
  return full.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
}

export type TokenCaller = { token: string; tokenHash: string; kind: 'demo' | 'password' };

export type Committed = { limit: RateLimitState; stored: number };

export type Pending = {
  /** The address's limits, one per tier: the batch is admitted when it fits in all. */
  rules: RateLimitRule[];
  received: number;
  now: Date;
  caller: TokenCaller | { attribution: Attribution };
  inputsFor: (caller: Attribution) => AuditInput[];
  resolve: (result: Committed | 'unresolved') => void;
  reject: (err: unknown) => void;
};

/** At most this many batches share one transaction (1,000 events of 50-event batches). */
const MAX_BATCHES_PER_COMMIT = 20;

/** Per database: the batches waiting for the next commit, and whether one is under way. */
const queues = new WeakMap<AppDeps['db'], { waiting: Pending[]; busy: boolean }>();

/**
 * Each batch's count and events commit together. Batches that arrive while
 * another commit is under way wait for it and then share one transaction (group
 * commit): one caller lookup, one rate-limit upsert, one head lock, one dedup
 * read, one insert and one commit for all of them, in arrival order, each batch
 * counted against its own address. A refused batch still commits its count: a
 * flood stays refused until its window ends. If the transaction fails, every
 * batch in it fails and none is stored; a retry stores each event once. A batch
 * whose token the lookup does not vouch for leaves the group uncounted
 * ('unresolved').
 */
export function commitBatch(
  deps: AppDeps,
  batch: Omit<Pending, 'resolve' | 'reject'>,
): Promise<Committed | 'unresolved'> {
  let queue = queues.get(deps.db);
  if (!queue) {
    queue = { waiting: [], busy: false };
    queues.set(deps.db, queue);
  }
  const q = queue;
  const done = new Promise<Committed | 'unresolved'>((resolve, reject) => {
    q.waiting.push({ ...batch, resolve, reject });
  });
  if (!q.busy) void drain(deps, q);
  return done;
}

async function drain(deps: AppDeps, queue: { waiting: Pending[]; busy: boolean }) {
  queue.busy = true;
  try {
    while (queue.waiting.length) {
      // Let the requests already received reach the queue first. On the embedded database
      // a statement runs without giving way to I/O, so without this step a group would be
      // begun, run and committed before any other request is even read: a group of one.
      await new Promise((resolve) => setImmediate(resolve));
      let group: Pending[] = [];
      try {
        const results = await deps.db.transaction(async (tx) => {
          // Taken once the transaction has begun: whatever arrived while it waited joins it.
          group = queue.waiting.splice(0, MAX_BATCHES_PER_COMMIT);
          const latest = group.reduce((at, p) => (p.now > at ? p.now : at), group[0]!.now);
          const opened = await openGroup(tx, deps, group, latest);
          const callers = group.map((p): Attribution | 'unresolved' => {
            if (!('tokenHash' in p.caller)) return p.caller.attribution;
            const userId = opened.vouched.get(p.caller.tokenHash);
            return userId ? { userId, tokenTail: p.caller.token.slice(-8) } : 'unresolved';
          });
          const joined = group.flatMap((p, i) => {
            const caller = callers[i]!;
            return caller === 'unresolved' ? [] : [{ p, caller, i }];
          });
          const tierStates = rateLimitStatesAfter(
            joined.flatMap(({ p }) =>
              p.rules.map((rule) => ({ rule, now: p.now, cost: p.received })),
            ),
            opened.counted,
          );
          let next = 0;
          const limits = joined.map(({ p }) =>
            strictestOf(tierStates.slice(next, (next += p.rules.length))),
          );
          const admitted = joined
            .filter((_, j) => limits[j]!.allowed)
            .map(({ p, caller }) => p.inputsFor(caller));
          const storedEach = await appendAuditEventsEach(tx, admitted.flat(), latest, opened.head);
          const results: (Committed | 'unresolved')[] = group.map(() => 'unresolved');
          let at = 0;
          let k = 0;
          joined.forEach(({ i }, j) => {
            const limit = limits[j]!;
            if (!limit.allowed) {
              results[i] = { limit, stored: 0 };
              return;
            }
            const count = admitted[k++]!.length;
            const mine = storedEach.slice(at, at + count);
            at += count;
            results[i] = { limit, stored: mine.filter(Boolean).length };
          });
          return results;
        });
        group.forEach((p, i) => p.resolve(results[i]!));
      } catch (err) {
        // A transaction that failed to begin took no batches: the next ones fail with it.
        const failed = group.length ? group : queue.waiting.splice(0, MAX_BATCHES_PER_COMMIT);
        for (const p of failed) p.reject(err);
      }
    }
  } finally {
    queue.busy = false;
  }
}

/**
 * The first statement of a group's transaction: which of its tokens still name a live
 * session (each with its account), every batch counted against its address (those whose
 * token is vouched for or that carry none), and the chain's head locked FOR UPDATE. One
 * round trip instead of three; the rate-limit rows are counted before the head is locked,
 * in the same order as every other transaction that counts and then appends.
 *
 * It vouches for no more than resolvePrincipal would (a password session active, not
 * revoked, not expired, of an active account; a demo token's session of the active demo
 * administrator, in demo mode only), and for a demo session only when it was seen within
 * DEMO_SEEN_RESOLUTION_MS, so that the full resolution keeps last_seen_at current. A batch
 * whose token is not vouched for counts nothing: it leaves the group.
 */
async function openGroup(
  tx: Tx,
  deps: AppDeps,
  group: Pending[],
  now: Date,
): Promise<{ vouched: Map<string, string>; counted: CountedBucket[]; head: LockedHead }> {
  const tokens = group.flatMap((p) => ('tokenHash' in p.caller ? [p.caller] : []));
  const seenSince = new Date(now.getTime() - DEMO_SEEN_RESOLUTION_MS);
  const charges = group.flatMap((p) =>
    p.rules.map((rule) => ({
      bucket: rule.bucket,
      windowStart: windowStartOf(p.now, rule.windowMs).toISOString(),
      cost: p.received,
      tokenHash: 'tokenHash' in p.caller ? p.caller.tokenHash : null,
    })),
  );
  const result = (await tx.execute(sql`
    WITH vouched AS (
      SELECT s.session_token_hash AS hash, s.user_id::text AS user_id
        FROM unnest(${sql.param(tokens.map((c) => c.tokenHash))}::text[], ${sql.param(tokens.map((c) => c.kind))}::text[])
               AS c(hash, kind)
        JOIN sessions s ON s.session_token_hash = c.hash AND s.kind = c.kind
        JOIN platform_users u ON u.id = s.user_id
       WHERE s.is_active AND s.revoked_at IS NULL AND u.is_active
         AND (s.expires_at IS NULL OR s.expires_at > ${now})
         AND (s.kind = 'password'
              OR (${deps.config.demoMode} AND lower(u.email) = ${DEMO_ADMIN_EMAIL}
                  AND s.last_seen_at > ${seenSince}))
    ),
    counted AS (${countRateLimitsSql(sql`
      SELECT x.bucket, x.window_start::timestamptz AS window_start, x.cost
        FROM unnest(${sql.param(charges.map((c) => c.bucket))}::text[],
                    ${sql.param(charges.map((c) => c.windowStart))}::text[],
                    ${sql.param(charges.map((c) => c.cost))}::int[],
                    ${sql.param(charges.map((c) => c.tokenHash))}::text[])
               AS x(bucket, window_start, cost, hash)
       WHERE x.hash IS NULL OR x.hash IN (SELECT hash FROM vouched)`)}),
    -- Locked once the counts are made (the condition runs first), as before.
    head AS (
      SELECT * FROM audit_chain_head
       WHERE id = 1 AND (SELECT count(*) FROM counted) >= 0
         FOR UPDATE
    )
    SELECT h.last_seq::text AS last_seq, h.last_hash, h.event_count::text AS event_count,
           h.keyed_from_seq::text AS keyed_from_seq, h.checkpoint,
           ${SEQ_BEFORE_SQL}::text AS seq_before,
           (SELECT json_agg(json_build_array(v.hash, v.user_id)) FROM vouched v) AS vouched,
           (SELECT json_agg(json_build_array(c.bucket, c.count, c.window_ms)) FROM counted c)
             AS counted
      FROM head h`)) as unknown as {
    rows: {
      last_seq: string;
      last_hash: string;
      event_count: string;
      keyed_from_seq: string;
      checkpoint: string | null;
      seq_before: string;
      vouched: [string, string][] | null;
      counted: [string, number, number][] | null;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('audit chain head is missing');
  return {
    vouched: new Map(row.vouched ?? []),
    counted: (row.counted ?? []).map(([bucket, count, ms]) => ({
      bucket,
      count,
      windowStart: new Date(ms),
    })),
    head: {
      head: {
        id: 1,
        lastSeq: Number(row.last_seq),
        lastHash: row.last_hash,
        eventCount: Number(row.event_count),
        keyedFromSeq: Number(row.keyed_from_seq),
        checkpoint: row.checkpoint,
      },
      seqBefore: Number(row.seq_before),
    },
  };
}
