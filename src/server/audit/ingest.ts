import type { z } from '@hono/zod-openapi';
import { ANONYMOUS_EVENT_TYPES, AUDIT_LIMITS, jsonBytes } from '@shared/audit-events';
import type { auditBatchSchema } from '@shared/schemas/audit';
import type { RequestMeta } from '../auth/server-sessions';
import type { AppDeps } from '../context';
import { ApiError } from '../http/errors';
import type { Principal } from '../security/principal';
import { consumeRateLimit, type RateLimitRule, type RateLimitState } from '../security/rate-limit';
import { appendAuditEventsEach, type AuditInput } from './chain';

/**
 * A flood from one address is refused: every event (and drop report) counts
 * one unit. A person at a console produces a handful a minute; this admits
 * twelve full batches a minute per address before refusing.
 */
export const AUDIT_RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;

type AuditBatch = z.infer<typeof auditBatchSchema>;

/** Too many events from the address: the caller answers 429 with Retry-After. */
export type AuditIngest =
  | { outcome: 'limited'; retryAfterSeconds: number }
  | { outcome: 'stored'; received: number; stored: number };

/**
 * Stores a batch from one of the browser's two audit queues (start-up and
 * console), as reported by a browser.
 *
 * Anyone may post, signed in or not: the start-up queue logs events before
 * anybody signs in (app_startup, sign-in failures), and refusing them would
 * lose exactly the events an audit trail is for. What the caller cannot do is
 * speak for someone else: user_id comes from the bearer token's principal,
 * never from the body, and the address and user agent are the request's. A
 * console event is attributed to the caller only when it was queued under the
 * same access token (its session_id is that token's last 8 characters); one
 * queued under an earlier session stays unattributed. Anonymous or not, every
 * address is rate-limited.
 *
 * What a browser reports is its claim: every stored event keeps its browser
 * source, occurred_at is the server's receive time and the browser's
 * timestamp is kept apart in claimed_at. In production mode an anonymous
 * caller may post only what a signed-out page sends (ANONYMOUS_EVENT_TYPES);
 * anything else is refused with 403.
 */
export async function ingestAuditBatch(
  deps: AppDeps,
  batch: AuditBatch,
  principal: Principal | null,
  meta: RequestMeta,
): Promise<AuditIngest> {
  const now = deps.now();
  const bytes = jsonBytes(batch);
  if (bytes > AUDIT_LIMITS.maxBatchBytes) {
    throw new ApiError(
      413,
      'payload_too_large',
      `An audit batch may hold at most ${AUDIT_LIMITS.maxBatchBytes} bytes of JSON; split it`,
    );
  }

  const ip = meta.ip;
  const received = batch.events.length + (batch.dropped?.length ?? 0);
  if (!principal && !deps.config.demoMode) {
    const allowed: readonly string[] = ANONYMOUS_EVENT_TYPES[batch.source];
    const refused = batch.events.find((e) => !allowed.includes(e.event_type));
    if (refused) {
      throw new ApiError(
        403,
        'forbidden',
        `Sign in to report ${refused.event_type} events; signed out, a page may report only ${allowed.join(', ')}`,
      );
    }
  }
  const common = { source: batch.source, ipAddress: ip, userAgent: meta.userAgent } as const;
  const inputs: AuditInput[] = batch.events.map((e) => ({
    ...common,
    clientEventId: e.id,
    eventType: e.event_type,
    severity: e.severity,
    userId:
      principal && (batch.source === 'startup' || e.session_id === principal.tokenTail)
        ? principal.userId
        : null,
    sessionId: e.session_id,
    pageUrl: 'page_url' in e ? e.page_url : null,
    details: e.details,
    // The receive time is authoritative; the browser's clock is its claim.
    occurredAt: now,
    claimedAt: new Date(e.timestamp),
  }));
  for (const report of batch.dropped ?? []) {
    inputs.push({
      ...common,
      clientEventId: report.id,
      eventType: 'audit.queue.overflow',
      severity: 'medium',
      userId: principal?.userId ?? null,
      details: { dropped: report.count, queue: batch.source },
      occurredAt: now,
    });
  }
  const rule = {
    bucket: `audit:ip:${ip ?? 'unknown'}`,
    ...(deps.auditRateLimit ?? AUDIT_RATE_LIMIT),
  };
  const { limit, stored } = await commitBatch(deps, { rule, received, inputs, now });
  if (!limit.allowed) return { outcome: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
  return { outcome: 'stored', received, stored };
}

type Pending = {
  rule: RateLimitRule;
  received: number;
  inputs: AuditInput[];
  now: Date;
  resolve: (result: { limit: RateLimitState; stored: number }) => void;
  reject: (err: unknown) => void;
};

/** At most this many batches share one transaction (1,000 events of 50-event batches). */
const MAX_BATCHES_PER_COMMIT = 20;

/** Per database: the batches waiting for the next commit, and whether one is under way. */
const queues = new WeakMap<AppDeps['db'], { waiting: Pending[]; busy: boolean }>();

/**
 * Each batch's count and events commit together. Batches that arrive while
 * another commit is under way wait for it and then share one transaction (group
 * commit): one head lock, one dedup read, one insert and one commit for all of
 * them, in arrival order, each batch counted against its own address first. A
 * refused batch still commits its count: a flood stays refused until its window
 * ends. If the transaction fails, every batch in it fails and none is stored;
 * a retry stores each event once.
 */
function commitBatch(
  deps: AppDeps,
  batch: Omit<Pending, 'resolve' | 'reject'>,
): Promise<{ limit: RateLimitState; stored: number }> {
  let queue = queues.get(deps.db);
  if (!queue) {
    queue = { waiting: [], busy: false };
    queues.set(deps.db, queue);
  }
  const q = queue;
  const done = new Promise<{ limit: RateLimitState; stored: number }>((resolve, reject) => {
    q.waiting.push({ ...batch, resolve, reject });
  });
  if (!q.busy) void drain(deps, q);
  return done;
}

async function drain(deps: AppDeps, queue: { waiting: Pending[]; busy: boolean }) {
  queue.busy = true;
  try {
    while (queue.waiting.length) {
      let group: Pending[] = [];
      try {
        const results = await deps.db.transaction(async (tx) => {
          // Taken once the transaction has begun: whatever arrived while it waited joins it.
          group = queue.waiting.splice(0, MAX_BATCHES_PER_COMMIT);
          const limits: RateLimitState[] = [];
          for (const p of group) limits.push(await consumeRateLimit(tx, p.rule, p.now, p.received));
          const admitted = group.filter((_, i) => limits[i]!.allowed);
          const storedEach = await appendAuditEventsEach(
            tx,
            admitted.flatMap((p) => p.inputs),
            admitted.reduce((latest, p) => (p.now > latest ? p.now : latest), group[0]!.now),
          );
          let at = 0;
          return group.map((p, i) => {
            if (!limits[i]!.allowed) return { limit: limits[i]!, stored: 0 };
            const mine = storedEach.slice(at, at + p.inputs.length);
            at += p.inputs.length;
            return { limit: limits[i]!, stored: mine.filter(Boolean).length };
          });
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
