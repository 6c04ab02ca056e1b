import { createRoute, type z } from '@hono/zod-openapi';
import {
  adminAnalyticsSchema,
  adminSummarySchema,
  analyticsQuerySchema,
  ANALYTICS_DEFAULT_DAYS,
} from '@shared/schemas/admin-insights';
import { adminAnalytics, adminSummary } from '../admin/insights';
import { errorResponses } from '../http/errors';
import { createRouter } from '../http/router';
import { requireAdmin } from '../security/principal';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** Live figures of the admin console's Overview and Analytics tabs (administrators only). */
export const adminInsightsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/summary',
      tags: ['admin'],
      summary:
        'Counts behind the Overview tab: users, requests awaiting review, audit events today',
      middleware: [requireAdmin()] as const,
      responses: {
        200: json(adminSummarySchema, 'The counts as of now'),
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const summary = await adminSummary(c.get('deps'));
      return c.json(summary, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/analytics',
      tags: ['admin'],
      summary: 'Sign-ins, role changes and credential requests per day (UTC) from the audit trail',
      description: `Both ends included; by default the last ${ANALYTICS_DEFAULT_DAYS} days up to today.`,
      middleware: [requireAdmin()] as const,
      request: { query: analyticsQuerySchema },
      responses: {
        200: json(adminAnalyticsSchema, 'One row per day of the period'),
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    }),
    async (c) => {
      const analytics = await adminAnalytics(c.get('deps'), c.req.valid('query'));
      return c.json(analytics, 200);
    },
  );
