import { createRoute } from '@hono/zod-openapi';
import { publicConfigSchema, type PublicConfig } from '@shared/public-config';
import type { AppDeps } from '../context';
import { createRouter } from '../http/router';
import { demoReceiver } from '../sso/demo-receiver';

/** What GET /api/config answers, and what every served page carries (static.ts). */
export async function readPublicConfig({ config, db }: AppDeps): Promise<PublicConfig> {
  const receiver = await demoReceiver(db, config);
  return {
    demoMode: config.demoMode,
    allowSignup: config.allowSignup,
    ecosystemLinks: config.ecosystemLinks,
    ssoDemo: {
      appId: receiver.appId,
      appName: receiver.appName,
      callbackUrl: receiver.callbackUrl,
    },
  };
}

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
  async (c) => c.json(await readPublicConfig(c.get('deps')), 200),
);
