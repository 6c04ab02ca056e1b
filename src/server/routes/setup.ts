import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  cleanupResponseSchema,
  clearAllUsersResponseSchema,
  setupKeyBodySchema,
  systemAdminsResponseSchema,
} from '@shared/schemas/setup';
import { requestActor } from '../audit/request-actor';
import type { AppEnv } from '../context';
import { errorResponses, forbidden, unauthorized } from '../http/errors';
import { createRouter } from '../http/router';
import { clientIp } from '../security/client-ip';
import { checkSetupKey } from '../setup-key';
import { cleanupUsers, clearAllUsers } from '../setup/clear-users';
import { createSystemAdmins } from '../setup/system-admins';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const keyBody = {
  required: true,
  content: { 'application/json': { schema: setupKeyBodySchema } },
} as const;

const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
} as const;

/**
 * The setup endpoints need the confirmation key in the body, whatever the
 * mode and whoever calls (ARCHITECTURE.md "Who may do what"). It is compared
 * in constant time; a refusal changes nothing.
 */
async function requireSetupKey(c: Context<AppEnv>, supplied: string | undefined): Promise<void> {
  const deps = c.get('deps');
  if (!supplied) throw unauthorized('Enter the setup confirmation key');
  if (!(await checkSetupKey(deps.db, supplied))) {
    deps.log.warn('setup key refused', {
      requestId: c.get('requestId'),
      path: c.req.path,
      ip: clientIp(c, deps.config.trustedProxies),
    });
    throw forbidden('The setup confirmation key is not valid');
  }
}

export const setupRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/setup/system-admins',
      tags: ['setup'],
      summary: 'Create the three system administrators (once, at initial setup)',
      request: { body: keyBody },
      responses: { 200: json(systemAdminsResponseSchema, 'One result per account'), ...refusals },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      const results = await createSystemAdmins(c.get('deps'), requestActor(c));
      return c.json({ results }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/setup/clear-all-users',
      tags: ['setup'],
      summary: 'Delete every user and the audit trail; start a new chain',
      request: { body: keyBody },
      responses: { 200: json(clearAllUsersResponseSchema, 'What was cleared'), ...refusals },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      const principal = c.get('principal');
      const result = await clearAllUsers(c.get('deps'), {
        ...requestActor(c),
        clearedBy: principal ? principal.email : 'holder of the setup confirmation key',
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/setup/cleanup-all-users',
      tags: ['setup'],
      summary: 'Remove deactivated accounts, dead sessions, ended grants and spent codes',
      request: { body: keyBody },
      responses: { 200: json(cleanupResponseSchema, 'What was removed'), ...refusals },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      const result = await cleanupUsers(c.get('deps'), requestActor(c));
      return c.json(result, 200);
    },
  );
