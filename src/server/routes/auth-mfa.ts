import {
  codeBodySchema,
  mfaStatusSchema,
  RECOVERY_CODE_COUNT,
  recoveryCodesSchema,
  totpEnrolmentSchema,
} from '@shared/schemas/mfa';
import { requireProductionMode } from '../auth/auth-audit';
import {
  confirmTotpEnrolment,
  mfaStatus,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpEnrolment,
} from '../auth/totp-enrolment';
import { CODE_FAILURE_LIMIT } from '../auth/totp';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { requestMeta } from '../security/request-meta';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

const limitNote = `Wrong codes count toward the account's limit of ${CODE_FAILURE_LIMIT} per 15 minutes, shared with the sign-in's second step.`;

/**
 * The signed-in account's authenticator app and recovery codes
 * (docs/product/sign-in.md#second-step). No answer but the enrolment's holds
 * the secret, and only the confirmation and a regeneration hold recovery codes.
 */
export const authMfaRoutes = app
  .openapi(
    defineRoute({
      method: 'get',
      path: '/auth/mfa',
      operationId: 'getMfaStatus',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: "The account's second factors (never their secrets) and recovery codes left",
      responses: { 200: jsonResponse(mfaStatusSchema, 'Second factors') },
      errors: [409],
    }),
    async (c) => c.json(await mfaStatus(c.get('deps'), c.get('principal')!), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/mfa/totp',
      operationId: 'startTotpEnrolment',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: 'Start setting up an authenticator app: its secret and otpauth:// URI',
      description:
        'The secret (base32) and the URI for a QR code are shown this once. The app stays pending until a first code confirms it; starting again replaces a pending one. An account whose app is confirmed must remove it first (409).',
      responses: { 200: jsonResponse(totpEnrolmentSchema, 'Enrolment started') },
      errors: [409],
    }),
    async (c) =>
      c.json(await startTotpEnrolment(c.get('deps'), c.get('principal')!, requestMeta(c)), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/mfa/totp/confirm',
      operationId: 'confirmTotpEnrolment',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: `Confirm the pending authenticator app with its first code; answers ${RECOVERY_CODE_COUNT} recovery codes`,
      description: `From then on signing in asks for a code. The recovery codes are shown this once; each works once in place of a code. ${limitNote}`,
      request: { body: jsonBody(codeBodySchema, { code: '492039' }) },
      responses: { 200: jsonResponse(recoveryCodesSchema, 'Confirmed') },
      errors: [401, 404, 409, 429],
    }),
    async (c) => {
      const { code } = c.req.valid('json');
      const principal = c.get('principal')!;
      return c.json(
        await confirmTotpEnrolment(c.get('deps'), principal, code, requestMeta(c)),
        200,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/mfa/totp/remove',
      operationId: 'removeTotp',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: 'Remove the authenticator app and its recovery codes, given a current code',
      description: `The code is the app's current one or an unused recovery code. ${limitNote}`,
      request: { body: jsonBody(codeBodySchema, { code: '492039' }) },
      responses: { 204: { description: 'Removed' } },
      errors: [401, 404, 409, 429],
    }),
    async (c) => {
      const { code } = c.req.valid('json');
      await removeTotp(c.get('deps'), c.get('principal')!, code, requestMeta(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/mfa/recovery-codes',
      operationId: 'regenerateRecoveryCodes',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: `${RECOVERY_CODE_COUNT} new recovery codes, given a current code; the old ones stop working`,
      description: `The code is the app's current one or an unused recovery code. ${limitNote}`,
      request: { body: jsonBody(codeBodySchema, { code: '492039' }) },
      responses: { 200: jsonResponse(recoveryCodesSchema, 'New recovery codes') },
      errors: [401, 404, 409, 429],
    }),
    async (c) => {
      const { code } = c.req.valid('json');
      const principal = c.get('principal')!;
      return c.json(
        await regenerateRecoveryCodes(c.get('deps'), principal, code, requestMeta(c)),
        200,
      );
    },
  );
