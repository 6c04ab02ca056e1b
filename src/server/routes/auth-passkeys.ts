import { authSessionSchema } from '@shared/schemas/auth';
import { PENDING_SIGN_IN_TTL_SECONDS } from '@shared/schemas/mfa';
import {
  confirmationOptionsAnswerSchema,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_LIMIT,
  passkeyListSchema,
  passkeySchema,
  passkeySecondFactorBodySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsSchema,
  pendingTokenBodySchema,
  registerPasskeyBodySchema,
  registrationOptionsAnswerSchema,
  removePasskeyBodySchema,
  renamePasskeyBodySchema,
} from '@shared/schemas/passkeys';
import { requireProductionMode } from '../auth/auth-audit';
import {
  completeSecondFactorWithPasskey,
  PASSKEY_OPTIONS_ADDRESS_LIMIT,
  passkeySecondFactorOptions,
  passkeySignInOptions,
  signInWithPasskey,
} from '../auth/passkey-sign-in';
import {
  listPasskeys,
  passkeyConfirmationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '../auth/passkeys';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';
import { requestMeta } from '../security/request-meta';
import { setDeviceCookie } from './auth';

const app = createRouter();
app.use('/auth/*', requireProductionMode());

const minutes = PASSKEY_CHALLENGE_TTL_SECONDS / 60;
const challengeNote = `The options' challenge lives ${minutes} minutes, is bound to whoever asked for it and is answered once, right or wrong: a response over a challenge used, expired or asked for elsewhere is refused (401 \`passkey_challenge_invalid\`), as is one that fails verification (401 \`passkey_refused\`: wrong origin or relying party, unknown passkey, bad signature, or a sign counter that did not grow, a possible clone). Each refusal is on the audit trail.`;

const responseLimitNote =
  'Per 15 minutes an address may send 10 responses that are refused (an unknown or expired pending token counts too); past that every response is refused (429) until the window ends. A response that signs in does not count.';

/** Examples: the shapes a browser sends, shortened. */
const assertionExample = {
  id: 'mRx3Q2l0ZXN0LWNyZWRlbnRpYWw',
  rawId: 'mRx3Q2l0ZXN0LWNyZWRlbnRpYWw',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQDx',
    userHandle: 'AAECAwQFBgcICQoLDA0ODw',
  },
  clientExtensionResults: {},
};
const attestationExample = {
  id: 'mRx3Q2l0ZXN0LWNyZWRlbnRpYWw',
  rawId: 'mRx3Q2l0ZXN0LWNyZWRlbnRpYWw',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQ',
    transports: ['internal', 'hybrid'],
  },
  clientExtensionResults: {},
};

/**
 * Passkeys (docs/product/sign-in.md#passkeys): the signed-in account's list,
 * registration, renaming and removal; a sign-in with a passkey alone; and a
 * passkey as the sign-in's second step. No answer holds a credential id or a
 * public key, except the options the account's own browser needs.
 */
export const authPasskeyRoutes = app
  .openapi(
    defineRoute({
      method: 'get',
      path: '/auth/passkeys',
      operationId: 'listPasskeys',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: "The account's passkeys: name, when added, when last used (never a key or an id)",
      responses: { 200: jsonResponse(passkeyListSchema, 'Passkeys, oldest first') },
      errors: [409],
    }),
    async (c) => c.json({ passkeys: await listPasskeys(c.get('deps'), c.get('principal')!) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/passkeys/registration-options',
      operationId: 'passkeyRegistrationOptions',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: 'Options to create a passkey (navigator.credentials.create), for this session',
      description: `A discoverable credential with user verification preferred and no attestation; the account's passkeys are excluded. The challenge lives ${minutes} minutes and only this session may answer it, once. An account holds at most ${PASSKEY_LIMIT} passkeys (409).`,
      responses: { 200: jsonResponse(registrationOptionsAnswerSchema, 'Creation options') },
      errors: [409],
    }),
    async (c) => c.json(await passkeyRegistrationOptions(c.get('deps'), c.get('principal')!), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/passkeys',
      operationId: 'registerPasskey',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      allowPendingEnrolment: true,
      summary: 'Register the passkey navigator.credentials.create() made from the options',
      description: `From then on the account may sign in with it alone, and signing in with the password asks for a second step. ${challengeNote}`,
      request: {
        body: jsonBody(registerPasskeyBodySchema, {
          response: attestationExample,
          name: 'Work laptop',
        }),
      },
      responses: { 201: jsonResponse(passkeySchema, 'Registered') },
      errors: [401, 409],
    }),
    async (c) => {
      const principal = c.get('principal')!;
      const body = c.req.valid('json');
      return c.json(await registerPasskey(c.get('deps'), principal, body, requestMeta(c)), 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/auth/passkeys/{id}',
      operationId: 'renamePasskey',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: 'Rename one of the account’s passkeys',
      request: {
        params: idParam('passkey'),
        body: jsonBody(renamePasskeyBodySchema, { name: 'Phone' }),
      },
      responses: { 200: jsonResponse(passkeySchema, 'Renamed') },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { name } = c.req.valid('json');
      const principal = c.get('principal')!;
      return c.json(await renamePasskey(c.get('deps'), principal, id, name, requestMeta(c)), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/passkeys/confirmation-options',
      operationId: 'passkeyConfirmationOptions',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: 'Options to confirm with one of the account’s passkeys (before removing one)',
      description: `Names the account's passkeys; the challenge lives ${minutes} minutes and only this session may answer it, once. 404 when the account has no passkey.`,
      responses: { 200: jsonResponse(confirmationOptionsAnswerSchema, 'Request options') },
      errors: [404, 409],
    }),
    async (c) => c.json(await passkeyConfirmationOptions(c.get('deps'), c.get('principal')!), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/passkeys/{id}/remove',
      operationId: 'removePasskey',
      tag: 'auth',
      access: 'signed_in',
      passwordSessionOnly: true,
      summary: 'Remove a passkey, given a fresh second factor',
      description: `Takes either \`assertion\`, what navigator.credentials.get() answered to this session's confirmation options (any of the account's passkeys, the one removed included), or \`code\`, the authenticator app's current code or an unused recovery code (wrong codes count toward the account's limit). ${challengeNote}`,
      request: {
        params: idParam('passkey'),
        body: jsonBody(removePasskeyBodySchema, { assertion: assertionExample }),
      },
      responses: { 204: { description: 'Removed' } },
      errors: [401, 404, 409, 429],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      await removePasskey(c.get('deps'), c.get('principal')!, id, body, requestMeta(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/passkey/options',
      operationId: 'passkeySignInOptions',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Begin a sign-in with a passkey alone: options and the challenge id',
      description: `No address needed: the browser offers the passkeys it holds for this site (discoverable credentials; user verification required). Send the assertion with \`challenge_id\` to /api/auth/sign-in/passkey within ${minutes} minutes. Per 15 minutes an address may begin ${PASSKEY_OPTIONS_ADDRESS_LIMIT} (429 past that).`,
      responses: { 200: jsonResponse(passkeySignInOptionsSchema, 'Request options') },
      errors: [409, 429],
    }),
    async (c) => c.json(await passkeySignInOptions(c.get('deps'), requestMeta(c)), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/passkey',
      operationId: 'signInWithPasskey',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Sign in with a passkey alone',
      description: `A success answers the session as the password sign-in does and sets the device cookie. ${challengeNote} ${responseLimitNote}`,
      request: {
        body: jsonBody(passkeySignInBodySchema, {
          challenge_id: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4',
          response: assertionExample,
        }),
      },
      responses: { 200: jsonResponse(authSessionSchema, 'Signed in') },
      errors: [401, 403, 409, 429],
    }),
    async (c) => {
      const result = await signInWithPasskey(c.get('deps'), c.req.valid('json'), requestMeta(c));
      setDeviceCookie(c, result.email);
      return c.json(result.session, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/second-factor/passkey-options',
      operationId: 'passkeySecondFactorOptions',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Options for a passkey as the second step of a pending sign-in',
      description: `Takes the pending token the sign-in answered (202, \`methods\` holding \`passkey\`); the challenge is bound to that pending sign-in. 401 when it has expired (it lives ${PENDING_SIGN_IN_TTL_SECONDS / 60} minutes).`,
      request: {
        body: jsonBody(pendingTokenBodySchema, {
          pending_token: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4',
        }),
      },
      responses: { 200: jsonResponse(confirmationOptionsAnswerSchema, 'Request options') },
      errors: [401, 409],
    }),
    async (c) => {
      const { pending_token } = c.req.valid('json');
      return c.json(await passkeySecondFactorOptions(c.get('deps'), pending_token), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/auth/sign-in/second-factor/passkey',
      operationId: 'signInSecondFactorPasskey',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Complete a sign-in with one of the account’s passkeys',
      description: `Takes the pending token and what navigator.credentials.get() answered to its options. A success answers the session as the sign-in does and sets the device cookie. ${challengeNote} ${responseLimitNote}`,
      request: {
        body: jsonBody(passkeySecondFactorBodySchema, {
          pending_token: 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4',
          response: assertionExample,
        }),
      },
      responses: { 200: jsonResponse(authSessionSchema, 'Signed in') },
      errors: [401, 403, 409, 429],
    }),
    async (c) => {
      const deps = c.get('deps');
      const result = await completeSecondFactorWithPasskey(
        deps,
        c.req.valid('json'),
        requestMeta(c),
      );
      setDeviceCookie(c, result.email);
      return c.json(result.session, 200);
    },
  );
