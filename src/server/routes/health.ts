import { z } from '@hono/zod-openapi';
import { pingDatabase } from '../db/client';
import { createRouter, defineRoute, jsonResponse } from '../http/define-route';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['reachable', 'unreachable']),
    databaseKind: z.enum(['pglite', 'postgres']),
    uptimeSeconds: z.number(),
  })
  .openapi('Health');

const startedAt = Date.now();

export const healthRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'system',
    access: 'anonymous',
    summary: 'Liveness and database reachability',
    responses: {
      200: jsonResponse(healthSchema, 'Healthy'),
      503: jsonResponse(healthSchema, 'Database unreachable'),
    },
  }),
  async (c) => {
    const { database } = c.get('deps');
    const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
    try {
      await pingDatabase(database.db);
      return c.json(
        {
          status: 'ok' as const,
          database: 'reachable' as const,
          databaseKind: database.kind,
          uptimeSeconds,
        },
        200,
      );
    } catch {
      return c.json(
        {
          status: 'degraded' as const,
          database: 'unreachable' as const,
          databaseKind: database.kind,
          uptimeSeconds,
        },
        503,
      );
    }
  },
);
