import { STEP_UP_MAX_AGE_SECONDS, stepUpSchema } from '@shared/schemas/mfa';
import {
  confirmationOptionsAnswerSchema,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  removePasskeyBodySchema,
} from '@shared/schemas/passkeys';
import { requireProductionMode } from '../auth/auth-audit';
import { passkeyConfirmationOptions } from '../auth/passkeys';
import { stepUp } from '../auth/step-up';
import { CODE_FAILURE_LIMIT } from '../auth/totp';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { requestMeta } from '../security/request-meta';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

const minutes = STEP_UP_MAX_AGE_SECONDS / 60;

/**
 * Step-up (docs/product/sign-in.md#step-up): a sensitive action answers 403
 * `step_up_required` unless a second factor was proved in this session within
 * the last minutes; these operations prove one.
 */
export const authStepUpRoutes = app
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/step-up/passkey-options',
      operationId: 'stepUpPasskeyOptions',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: 'Options to confirm it is you with one of the account’s passkeys (a step-up)',
      description: `Names the account's passkeys; the challenge lives ${PASSKEY_CHALLENGE_TTL_SECONDS / 60} minutes and only this session may answer it, once, at /api/auth/step-up. 404 when the account has no passkey.`,
      responses: { 200: jsonResponse(confirmationOptionsAnswerSchema, 'Request options') },
      errors: [404, 409],
    }),
    async (c) =>
      c.json(await passkeyConfirmationOptions(c.get('deps'), c.get('principal')!, 'step_up'), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/step-up',
      operationId: 'stepUp',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: `Confirm it is you: the sensitive actions then pass for ${minutes} minutes in this session`,
      description: `Takes either \`code\`, the authenticator app's current code or an unused recovery code (wrong codes count toward the account's limit of ${CODE_FAILURE_LIMIT} per 15 minutes, shared with the sign-in), or \`assertion\`, what navigator.credentials.get() answered to this session's step-up options. Approving or denying a credential request, granting super_admin, exporting users, resetting another account's second factors and changing the second factor's policy answer 403 \`step_up_required\` (with \`methods\`) without one in the last ${minutes} minutes, when the account has a second factor. Every step-up asked, passed and failed is on the audit trail.`,
      request: { body: jsonBody(removePasskeyBodySchema, { code: '492039' }) },
      responses: { 200: jsonResponse(stepUpSchema, 'Confirmed') },
      errors: [401, 404, 409, 429],
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await stepUp(c.get('deps'), c.get('principal')!, body, requestMeta(c)), 200);
    },
  );
