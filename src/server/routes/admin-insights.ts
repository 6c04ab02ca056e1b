import {
  adminAnalyticsSchema,
  adminSummarySchema,
  analyticsQuerySchema,
  ANALYTICS_DEFAULT_DAYS,
} from '@shared/schemas/admin-insights';
import { adminAnalytics, adminSummary } from '../admin/insights';
import { createRouter, defineRoute, jsonResponse, strictQuery } from '../http/define-route';

/** Live figures of the admin console's Overview and Analytics tabs (administrators only). */
export const adminInsightsRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/summary',
      operationId: 'getAdminSummary',
      tag: 'admin',
      access: 'platform_admin',
      summary:
        'Counts behind the Overview tab: users, requests awaiting review, audit events today',
      responses: { 200: jsonResponse(adminSummarySchema, 'The counts as of now') },
    }),
    async (c) => {
      const summary = await adminSummary(c.get('deps'));
      return c.json(summary, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/analytics',
      operationId: 'getAdminAnalytics',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Sign-ins, role changes and credential requests per day (UTC) from the audit trail',
      description: `Both ends included; by default the last ${ANALYTICS_DEFAULT_DAYS} days up to today.`,
      request: { query: strictQuery(analyticsQuerySchema) },
      responses: { 200: jsonResponse(adminAnalyticsSchema, 'One row per day of the period') },
    }),
    async (c) => {
      const analytics = await adminAnalytics(c.get('deps'), c.req.valid('query'));
      return c.json(analytics, 200);
    },
  );
