import type { Context } from 'hono';
import {
  cleanupResponseSchema,
  clearAllUsersResponseSchema,
  MAIL_OUTBOX_PAGE,
  mailOutboxResponseSchema,
  mailSentBodySchema,
  mailSentResponseSchema,
  setupKeyBodySchema,
  systemAdminsResponseSchema,
} from '@shared/schemas/setup';
import { AUDIT_EVENTS } from '../audit/event-types';
import { recordAggregatedRefusal, requestActor } from '../audit/request-actor';
import type { AppEnv } from '../core/context';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { forbidden, rateLimited, unauthorized } from '../core/errors';
import {
  addressRules,
  releaseRateLimit,
  takeRateLimit,
  takeRateLimits,
} from '../security/rate-limit';
import { requestMeta } from '../security/request-meta';
import { checkSetupKey } from '../setup/setup-key';
import { cleanupUsers, clearAllUsers } from '../setup/clear-users';
import { markMailsSent, pendingMails } from '../setup/mail-outbox';
import { createSystemAdmins } from '../setup/system-admins';

const keyBody = jsonBody(setupKeyBodySchema, {
  confirmation_key: 'the-setup-confirmation-key-from-the-server-log',
});

/** What the setup endpoints share: their group, who may call them and their body. */
const setupOperation = {
  method: 'post',
  tag: 'setup',
  access: 'setup_key',
  optionalSignIn: true,
  request: { body: keyBody },
} as const;

const SETUP_KEY_DESCRIPTION =
  'Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.';

/** Wrong setup keys allowed per address, and from all addresses together, per window. */
export const SETUP_KEY_LIMITS = {
  perAddress: 10,
  total: 50,
  windowMs: 15 * 60_000,
} as const;

/**
 * The setup endpoints need the confirmation key in the body, whatever the
 * mode and whoever calls (docs/product/setup.md#setup-key). It is compared in
 * constant time; a refusal changes nothing. The limits (docs/api/setup.md):
 * - the address's own limit is taken before the key is compared and refuses
 *   even the right key once full, so that no address learns anything from its
 *   guesses past its limit; the unit is given back when the key is right;
 * - the limit shared by all addresses counts only wrong keys and is consulted
 *   after the comparison, so that a flood from other addresses can never shut
 *   the right key out (docs/reliability.md#setup-key-flood).
 * Refusals are on the audit trail, aggregated, without any of the key.
 */
async function requireSetupKey(c: Context<AppEnv>, supplied: string | undefined): Promise<void> {
  const deps = c.get('deps');
  if (!supplied) throw unauthorized('Enter the setup confirmation key');
  const now = deps.now();
  const { ip } = requestMeta(c);
  const { windowMs } = SETUP_KEY_LIMITS;
  const perAddress = addressRules(ip, (a) => `setup:ip:${a}`, {
    limit: SETUP_KEY_LIMITS.perAddress,
    windowMs,
  });
  const byAll = { bucket: 'setup:all', limit: SETUP_KEY_LIMITS.total, windowMs };
  const refuseLimited = async (scope: 'address' | 'all_addresses', retryAfterSeconds: number) => {
    await recordAggregatedRefusal(c, 'setup.rate_limited', {
      eventType: AUDIT_EVENTS.setupRateLimited,
      severity: 'high',
      details: { endpoint: c.req.path, scope, retry_after_seconds: retryAfterSeconds },
    });
    return rateLimited(
      c,
      retryAfterSeconds,
      `Too many wrong setup confirmation keys. Try again in ${retryAfterSeconds} seconds.`,
    );
  };
  const giveBack = async () => {
    for (const rule of perAddress) await releaseRateLimit(deps.db, rule, now);
  };
  const own = await takeRateLimits(deps.db, perAddress, now);
  if (own.refused !== null) {
    throw await refuseLimited('address', own.states[own.refused]!.retryAfterSeconds);
  }
  if (await checkSetupKey(deps.db, supplied)) {
    await giveBack();
    return;
  }
  const shared = await takeRateLimit(deps.db, byAll, now);
  if (!shared.allowed) {
    await giveBack();
    throw await refuseLimited('all_addresses', shared.retryAfterSeconds);
  }
  deps.log.warn('setup key refused', { requestId: c.get('requestId'), path: c.req.path, ip });
  await recordAggregatedRefusal(c, 'setup.key_refused', {
    eventType: AUDIT_EVENTS.setupKeyRefused,
    severity: 'high',
    details: { endpoint: c.req.path, reason: 'wrong setup confirmation key' },
  });
  throw forbidden('The setup confirmation key is not valid');
}

export const setupRoutes = createRouter()
  .openapi(
    defineRoute({
      ...setupOperation,
      path: '/setup/system-admins',
      operationId: 'createSystemAdmins',
      summary: 'Create the three system administrators (once, at initial setup)',
      description: SETUP_KEY_DESCRIPTION,
      responses: { 200: jsonResponse(systemAdminsResponseSchema, 'One result per account') },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      const results = await createSystemAdmins(c.get('deps'), requestActor(c));
      return c.json({ results }, 200);
    },
  )
  .openapi(
    defineRoute({
      ...setupOperation,
      path: '/setup/clear-all-users',
      operationId: 'clearAllUsers',
      summary: 'Delete every user and the audit trail; start a new chain',
      description: SETUP_KEY_DESCRIPTION,
      responses: { 200: jsonResponse(clearAllUsersResponseSchema, 'What was cleared') },
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
    defineRoute({
      ...setupOperation,
      path: '/setup/cleanup-all-users',
      operationId: 'cleanupUsers',
      summary: 'Remove deactivated accounts, dead sessions, ended grants and spent codes',
      description: SETUP_KEY_DESCRIPTION,
      responses: { 200: jsonResponse(cleanupResponseSchema, 'What was removed') },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      const result = await cleanupUsers(c.get('deps'), requestActor(c));
      return c.json(result, 200);
    },
  )
  .openapi(
    defineRoute({
      ...setupOperation,
      path: '/setup/mail-outbox',
      operationId: 'readMailOutbox',
      summary: `The mails waiting to be sent, oldest first (at most ${MAIL_OUTBOX_PAGE})`,
      description: `For the operator's mailer (docs/operations.md): it sends each and marks it sent. ${SETUP_KEY_DESCRIPTION}`,
      responses: { 200: jsonResponse(mailOutboxResponseSchema, 'The pending mails') },
    }),
    async (c) => {
      await requireSetupKey(c, c.req.valid('json').confirmation_key);
      return c.json({ mails: await pendingMails(c.get('deps').db) }, 200);
    },
  )
  .openapi(
    defineRoute({
      ...setupOperation,
      path: '/setup/mail-outbox/sent',
      operationId: 'markMailsSent',
      summary: 'Mark mails of the outbox sent (their bodies are emptied)',
      description: `Ids that are unknown or already sent are not counted. ${SETUP_KEY_DESCRIPTION}`,
      request: {
        body: jsonBody(mailSentBodySchema, {
          confirmation_key: 'the-setup-confirmation-key-from-the-server-log',
          ids: ['0b6c5a53-2f6e-4b0e-9d51-7f3e3b1c2a10'],
        }),
      },
      responses: { 200: jsonResponse(mailSentResponseSchema, 'How many were marked') },
    }),
    async (c) => {
      const { confirmation_key, ids } = c.req.valid('json');
      await requireSetupKey(c, confirmation_key);
      const deps = c.get('deps');
      return c.json({ marked: await markMailsSent(deps.db, ids, deps.now()) }, 200);
    },
  );
