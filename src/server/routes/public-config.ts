import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema } from '@shared/public-config';
import { createRouter } from '../http/router';
import { demoReceiver } from '../sso/demo-receiver';

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
  async (c) => {
    const { config, db } = c.get('deps');
    const receiver = await demoReceiver(db, config);
    return c.json(
      {
        demoMode: config.demoMode,
        allowSignup: config.allowSignup,
        ecosystemLinks: config.ecosystemLinks,
        ssoDemo: {
          appId: receiver.appId,
          appName: receiver.appName,
          callbackUrl: receiver.callbackUrl,
        },
      },
      200,
    );
  },
);
