import type { z } from '@hono/zod-openapi';

import { ANONYMOUS_EVENT_TYPES, AUDIT_LIMITS, jsonBytes } from '@shared/audit-events';

import { DEMO_TOKEN_PATTERN } from '@shared/constants';

import type { auditBatchSchema } from '@shared/schemas/audit';

import type { AppDeps } from '../core/context';

import { ApiError } from '../core/errors';

import { resolvePrincipal, type Principal } from '../security/principal';
import type { RequestMeta } from '../security/request-meta';

import { addressRules } from '../security/rate-limit';
import { sha256Hex } from '../security/tokens';

import { type AuditInput } from './chain/link';

import {
  commitBatch,
  type Attribution,
  type Committed,
  type Pending,
  type TokenCaller,
} from './group-commit';

import { trailMetaOf } from './request-actor';

/**
 * A flood from one address is refused: every event (and drop report) counts
 * one unit. A person at a console produces a handful a minute; this admits
 * twelve full batches a minute per address (an IPv6 /64) before refusing, and
 * 4 and 16 times that per IPv6 /56 and /48 (security/client-ip.ts IPV6_TIERS).
 */
export const AUDIT_RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;

type AuditBatch = z.infer<typeof auditBatchSchema>;

/**
 * Who posts: a principal already resolved (or null, anonymous), or the bearer
 * token of the request, which the group commit resolves in the transaction
 * that stores the batch (POST /api/audit/events; see ingestAuditBatch).
 */
export type AuditCaller = Principal | null | { bearer: string };

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
 *
 * A bearer token is resolved inside the group's transaction, with one query
 * for the whole group, so that a request touches the database only there
 * (docs/decisions/012-audit-ingest-group-commit.md). It is exactly as current
 * as resolving it first: a session revoked before that transaction no longer
 * names the caller. A token the query does not vouch for (unknown, revoked,
 * a demo token seen for the first time or not for a minute) leaves the group
 * and is resolved as every other request's is, then posts again.
 */
export async function ingestAuditBatch(
  deps: AppDeps,
  batch: AuditBatch,
  caller: AuditCaller,
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
  const received = batch.events.length + (batch.dropped?.length ?? 0);
  const rules = addressRules(
    meta.ip,
    (a) => `audit:ip:${a}`,
    deps.auditRateLimit ?? AUDIT_RATE_LIMIT,
  );
  const post = (from: Pending['caller']) =>
    commitBatch(deps, {
      rules,
      received,
      now,
      caller: from,
      inputsFor: (attribution) =>
        inputsOf(batch, attribution, meta, now, !!attribution || deps.config.demoMode),
    });

  let result: Committed | 'unresolved';
  const token = caller && 'bearer' in caller ? tokenCaller(deps, caller.bearer) : null;
  if (token) {
    result = await post(token);
  } else {
    const principal = caller && 'bearer' in caller ? null : caller;
    assertMayPost(deps, batch, principal);
    result = await post({ attribution: attributionOf(principal) });
  }
  if (result === 'unresolved') {
    // Not vouched for in the group: resolved as any request's caller, then posted again.
    const principal = await resolvePrincipal(deps, token!.token, meta);
    assertMayPost(deps, batch, principal);
    result = await post({ attribution: attributionOf(principal) });
    if (result === 'unresolved') throw new Error('a resolved caller was not admitted');
  }
  const { limit, stored } = result;
  if (!limit.allowed) return { outcome: 'limited', retryAfterSeconds: limit.retryAfterSeconds };
  return { outcome: 'stored', received, stored };
}

/** In production mode a signed-out caller may report only what a signed-out page sends. */
function assertMayPost(deps: AppDeps, batch: AuditBatch, principal: Principal | null) {
  if (principal || deps.config.demoMode) return;
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

const attributionOf = (principal: Principal | null): Attribution =>
  principal ? { userId: principal.userId, tokenTail: principal.tokenTail } : null;

/**
 * A token the group resolves, or null when it can name nobody (a demo token
 * outside demo mode, which resolvePrincipal turns away without a query).
 */
function tokenCaller(deps: AppDeps, token: string): TokenCaller | null {
  const demo = DEMO_TOKEN_PATTERN.test(token);
  if (demo && !deps.config.demoMode) return null;
  return { token, tokenHash: sha256Hex(token), kind: demo ? 'demo' : 'password' };
}

/**
 * The events of a batch. Drop reports become `audit.queue.overflow` events only when
 * `storeDrops`: in production mode a signed-out caller may write no other type than a
 * signed-out page sends (assertMayPost), so its reports are taken (the queue forgets them)
 * but not stored. Refusing them with 403 would not do: the queue counts a refused report's
 * drops again and would send it with every later batch.
 */
function inputsOf(
  batch: AuditBatch,
  caller: Attribution,
  meta: RequestMeta,
  now: Date,
  storeDrops: boolean,
): AuditInput[] {
  const { source } = batch;
  const { ipAddress, userAgent } = trailMetaOf(meta);
  // Every property written out: an object spread followed by more properties cost more than
  // the rest of this function together (about 9 µs an event).
  const inputs: AuditInput[] = batch.events.map((e) => ({
    source,
    ipAddress,
    userAgent,
    clientEventId: e.id,
    eventType: e.event_type,
    severity: e.severity,
    userId:
      caller && (batch.source === 'startup' || e.session_id === caller.tokenTail)
        ? caller.userId
        : null,
    sessionId: e.session_id,
    pageUrl: 'page_url' in e ? e.page_url : null,
    details: e.details,
    // The receive time is authoritative; the browser's clock is its claim.
    occurredAt: now,
    claimedAt: new Date(e.timestamp),
  }));
  for (const report of storeDrops ? (batch.dropped ?? []) : []) {
    inputs.push({
      source,
      ipAddress,
      userAgent,
      clientEventId: report.id,
      eventType: 'audit.queue.overflow',
      severity: 'medium',
      userId: caller?.userId ?? null,
      details: { dropped: report.count, queue: batch.source },
      occurredAt: now,
    });
  }
  return inputs;
}
