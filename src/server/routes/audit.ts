import { ANONYMOUS_EVENT_TYPES, AUDIT_LIMITS, jsonBytes } from '@shared/audit-events';
import { auditBatchResultSchema, auditBatchSchema } from '@shared/schemas/audit';
import { appendAuditEvents, type AuditInput } from '../audit/chain';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { ApiError } from '../http/errors';
import { clientIp } from '../security/client-ip';
import { consumeRateLimit } from '../security/rate-limit';

/**
 * A flood from one address is refused: every event (and drop report) counts
 * one unit. A person at a console produces a handful a minute; this admits
 * twelve full batches a minute per address before refusing.
 */
export const AUDIT_RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;

/**
 * POST /api/audit/events: the two client audit queues (docs/product/audit-trail.md#audit-ingest) post here.
 *
 * Who may post: anyone, signed in or not. The start-up queue logs events before
 * anybody signs in (app_startup, sign-in failures), and refusing them would
 * lose exactly the events an audit trail is for. What the caller cannot do is
 * speak for someone else: user_id comes from the bearer token's principal,
 * never from the body, and the server fills in the caller's address and user
 * agent. A console event is attributed to the caller only when it was queued
 * under the same access token (its session_id is that token's last 8
 * characters); one queued under an earlier session stays unattributed.
 * Anonymous or not, every address is rate-limited.
 *
 * What a browser reports is its claim: event types the server records itself
 * (sign-in, sign-out, rate limit, token exchange, credential requests) are
 * refused (400), every stored event keeps its browser source (shown as
 * reported by a browser), occurred_at is the server's receive time and the
 * browser's timestamp is kept apart in claimed_at. In production mode an
 * anonymous caller may post only what a signed-out page sends
 * (ANONYMOUS_EVENT_TYPES); anything else is refused with 403.
 */
export const auditRoutes = createRouter().openapi(
  defineRoute({
    method: 'post',
    path: '/audit/events',
    operationId: 'recordAuditEvents',
    tag: 'audit',
    access: 'anonymous',
    optionalSignIn: true,
    summary: 'Store a batch of client audit events (each client id once)',
    request: {
      body: jsonBody(auditBatchSchema, {
        source: 'console',
        events: [
          {
            id: '5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e',
            event_type: 'security.violation',
            severity: 'medium',
            timestamp: '2026-06-01T12:00:00.000Z',
            session_id: 'Xa9Es4bQ',
            details: {},
          },
        ],
      }),
    },
    responses: {
      200: jsonResponse(
        auditBatchResultSchema,
        'Stored (events already stored by an earlier attempt are skipped)',
      ),
    },
    errors: [403, 413, 429],
  }),
  async (c) => {
    const deps = c.get('deps');
    const batch = c.req.valid('json');
    const now = deps.now();
    const bytes = jsonBytes(batch);
    if (bytes > AUDIT_LIMITS.maxBatchBytes) {
      throw new ApiError(
        413,
        'payload_too_large',
        `An audit batch may hold at most ${AUDIT_LIMITS.maxBatchBytes} bytes of JSON; split it`,
      );
    }

    const ip = clientIp(c, deps.config.trustedProxies);
    const received = batch.events.length + (batch.dropped?.length ?? 0);
    const principal = c.get('principal');
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
    const userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
    const common = { source: batch.source, ipAddress: ip, userAgent } as const;
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
    // The count and the events commit together (one commit per batch). A refused batch
    // still commits its count: a flood stays refused until its window ends.
    const { limit, stored } = await deps.db.transaction(async (tx) => {
      const state = await consumeRateLimit(
        tx,
        { bucket: `audit:ip:${ip ?? 'unknown'}`, ...(deps.auditRateLimit ?? AUDIT_RATE_LIMIT) },
        now,
        received,
      );
      return { limit: state, stored: state.allowed ? await appendAuditEvents(tx, inputs, now) : 0 };
    });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many audit events from this address. Try again in ${limit.retryAfterSeconds} seconds.`,
      );
    }
    return c.json({ received, stored }, 200);
  },
);
