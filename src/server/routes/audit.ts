import { auditBatchResultSchema, auditBatchSchema } from '@shared/schemas/audit';
import { ingestAuditBatch } from '../audit/ingest';
import { requestMeta } from '../security/request-meta';
import type { Context } from 'hono';
import {
  auditCheckpointsQuerySchema,
  auditCheckpointsSchema,
  auditPublicKeysSchema,
} from '@shared/schemas/audit-trail';
import { CHECKPOINT_PAGE_MAX, listCheckpoints, publishedKeys } from '../audit/checkpoints';
import type { AppDeps, AppEnv } from '../core/context';
import { addressRules, consumeRateLimits } from '../security/rate-limit';
import {
  createRouter,
  defineRoute,
  jsonBody,
  jsonResponse,
  strictQuery,
} from '../http/define-route';
import { rateLimited } from '../core/errors';
import { bearerToken } from '../security/principal';

/**
 * POST /api/audit/events: the two client audit queues
 * (docs/product/audit-trail.md#audit-ingest) post here; ingestAuditBatch says
 * who may post and how events are attributed. Event types the server records
 * itself (sign-in, sign-out, rate limit, token exchange, credential requests)
 * are refused by the schema (400).
 */
export const auditRoutes = createRouter()
  .openapi(
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
      // The caller is resolved in the batch's own transaction (loadPrincipal leaves it to us).
      const token = bearerToken(c.req.header('authorization'));
      const result = await ingestAuditBatch(
        c.get('deps'),
        c.req.valid('json'),
        token ? { bearer: token } : null,
        requestMeta(c),
      );
      if (result.outcome === 'limited') {
        throw rateLimited(
          c,
          result.retryAfterSeconds,
          `Too many audit events from this address. Try again in ${result.retryAfterSeconds} seconds.`,
        );
      }
      return c.json({ received: result.received, stored: result.stored }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/audit/public-key',
      operationId: 'getAuditPublicKeys',
      tag: 'audit',
      access: 'anonymous',
      summary: 'The Ed25519 keys that sign the audit checkpoints and exports, with their rotations',
      description:
        'Each key as JWK (its `kid` the RFC 7638 thumbprint) and PEM, oldest first; every key but the first carries the statement, signed by the key before it, that brought it in. Save the first key id you see and pass it to `npm run audit:verify-checkpoints -- --trust <key id>`.',
      errors: [429],
      responses: { 200: jsonResponse(auditPublicKeysSchema, 'The published keys') },
    }),
    async (c) => {
      const deps = c.get('deps');
      await limitPublicRead(c, deps);
      const keys = await publishedKeys(deps.db);
      return c.json({ current_key_id: keys.at(-1)?.key_id ?? null, keys }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/audit/checkpoints',
      operationId: 'listAuditCheckpoints',
      tag: 'audit',
      access: 'anonymous',
      summary: 'Signed head checkpoints of the audit trail, oldest first, in pages',
      description:
        "Each signature is Ed25519 over six lines joined by a line feed: `talent-audit-checkpoint-v1`, `seq:<seq>`, `head:<head_hash>`, `count:<event_count>`, `time:<signed_at>`, `key:<key_id>` (docs/api/audit-trail.md#signed-checkpoints). Page with `after` = the previous page's `next_cursor`.",
      request: { query: strictQuery(auditCheckpointsQuerySchema) },
      errors: [429],
      responses: { 200: jsonResponse(auditCheckpointsSchema, 'A page of checkpoints') },
    }),
    async (c) => {
      const deps = c.get('deps');
      await limitPublicRead(c, deps);
      const { after = 0, limit = CHECKPOINT_PAGE_MAX } = c.req.valid('query');
      return c.json(await listCheckpoints(deps.db, after, limit), 200);
    },
  );

/** The per-address limit of the public audit reads (AUDIT_PUBLIC_READ_LIMIT). */
async function limitPublicRead(c: Context<AppEnv>, deps: AppDeps): Promise<void> {
  const rules = addressRules(
    requestMeta(c).ip,
    (a) => `audit-public:ip:${a}`,
    AUDIT_PUBLIC_READ_LIMIT,
  );
  const states = await consumeRateLimits(
    deps.db,
    rules.map((rule) => ({ rule, now: deps.now(), cost: 1 })),
  );
  const refused = states.find((s) => !s.allowed);
  if (refused) {
    throw rateLimited(
      c,
      refused.retryAfterSeconds,
      `Too many requests from this address. Try again in ${refused.retryAfterSeconds} seconds.`,
    );
  }
}

/** Reads of the public key and checkpoint feed per address and minute. */
const AUDIT_PUBLIC_READ_LIMIT = { limit: 120, windowMs: 60_000 } as const;
