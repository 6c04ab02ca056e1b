import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema } from '@shared/public-config';
import { createRouter } from '../http/router';

export const publicConfigRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/config',
    tags: ['system'],
    summary: 'Public settings the client needs',
    responses: {
      200: {
        description: 'Public configuration',
        content: { 'application/json': { schema: publicConfigSchema.openapi('PublicConfig') } },
      },
    },
  }),
  (c) => {
    const { config } = c.get('deps');
    return c.json(
      {
        demoMode: config.demoMode,
        allowSignup: config.allowSignup,
        ecosystemLinks: config.ecosystemLinks,
      },
      200,
    );
  },
);
