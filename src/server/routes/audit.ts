import { auditBatchResultSchema, auditBatchSchema } from '@shared/schemas/audit';
import { ingestAuditBatch } from '../audit/ingest';
import { requestMeta } from '../security/request-meta';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { rateLimited } from '../core/errors';
import { bearerToken } from '../security/principal';

/**
 * POST /api/audit/events: the two client audit queues
 * (docs/product/audit-trail.md#audit-ingest) post here; ingestAuditBatch says
 * who may post and how events are attributed. Event types the server records
 * itself (sign-in, sign-out, rate limit, token exchange, credential requests)
 * are refused by the schema (400).
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
);
