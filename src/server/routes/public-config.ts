import { publicConfigSchema, type PublicConfig } from '@shared/public-config';
import type { AppDeps } from '../core/context';
import { createRouter, defineRoute, jsonResponse } from '../http/define-route';
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
  defineRoute({
    method: 'get',
    path: '/config',
    operationId: 'getPublicConfig',
    tag: 'system',
    access: 'anonymous',
    summary: 'Public settings the client needs',
    responses: {
      200: jsonResponse(publicConfigSchema.openapi('PublicConfig'), 'Public configuration'),
    },
  }),
  async (c) => c.json(await readPublicConfig(c.get('deps')), 200),
);
