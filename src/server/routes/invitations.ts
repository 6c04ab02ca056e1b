import type { Context } from 'hono';
import {
  INVITATION_TTL_HOURS,
  INVITATIONS_LISTED,
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationInspectSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
} from '@shared/schemas/invitations';
import { changeContextOf } from '../admin/change-rules';
import { createInvitation, listInvitations, revokeInvitation } from '../admin/invitations';
import { requireProductionMode } from '../auth/auth-audit';
import { requestMeta } from '../security/request-meta';
import { acceptInvitation, inspectInvitation, type Limited } from '../auth/invitation-accept';
import type { AppEnv } from '../core/context';
import { createRouter, defineRoute, jsonBody, jsonResponse } from '../http/define-route';
import { idParam } from '../http/id-param';
import { rateLimited } from '../core/errors';

const idParams = idParam('invitation');

const EXAMPLE_TOKEN = 'hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4';

const app = createRouter();
// Invitations create server accounts, which only production mode has: demo mode answers 409
// with the code every production-only operation gives (docs/product/admin-console.md#invitations).
const demoMode = requireProductionMode(
  'Demo mode is on: invitations create server accounts, which exist only when DEMO_MODE=false.',
);
app.use('/admin/invitations', demoMode);
app.use('/admin/invitations/*', demoMode);
app.use('/invitations/*', demoMode);

function tooMany(c: Context<AppEnv>, limited: Limited): never {
  const minutes = Math.max(1, Math.ceil(limited.retryAfterSeconds / 60));
  throw rateLimited(
    c,
    limited.retryAfterSeconds,
    `Too many attempts with invitation links. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Invitations (docs/product/admin-console.md#invitations): administrators
 * invite by email with roles; the invitee looks at the one-time link and
 * accepts it with a password (docs/product/sign-in.md#invitations).
 */
export const invitationRoutes = app
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/invitations',
      operationId: 'createInvitation',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Invite someone by email with roles; the answer holds the one-time link',
      description: `The link (\`/auth/invite#token=…\`) works for ${INVITATION_TTL_HOURS} hours and once. It is in this answer only: the server keeps the token's SHA-256 hash and never lists it. Only a super_admin may invite with super_admin. An address with an account, a pending invitation or reserved for a system administrator is refused (409).`,
      request: {
        body: jsonBody(invitationCreateSchema, {
          email: 'new.colleague@example.com',
          full_name: 'New Colleague',
          roles: ['user', 'platform_admin'],
        }),
      },
      responses: { 201: jsonResponse(invitationCreatedSchema, 'The invitation and its link') },
      errors: [409, 413],
    }),
    async (c) => {
      const deps = c.get('deps');
      const created = await createInvitation(
        deps.db,
        c.req.valid('json'),
        changeContextOf(c),
        deps.config.publicUrl,
      );
      return c.json(created, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/invitations',
      operationId: 'listInvitations',
      tag: 'admin',
      access: 'platform_admin',
      summary: `The ${INVITATIONS_LISTED} most recent invitations with their status, newest first`,
      description:
        'Status is computed from the times: revoked, accepted, expired (72 hours after creation) or pending. No link or token is ever listed.',
      responses: { 200: jsonResponse(invitationListSchema, 'Invitations, newest first') },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json({ invitations: await listInvitations(deps.db, deps.now()) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'delete',
      path: '/admin/invitations/{id}',
      operationId: 'revokeInvitation',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Revoke an invitation: its link stops working',
      description:
        'An invitation already used or revoked answers 409. One that grants super_admin needs a super_admin.',
      request: { params: idParams },
      responses: { 200: jsonResponse(invitationSchema, 'The invitation, now revoked') },
      errors: [404, 409],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await revokeInvitation(c.get('deps').db, id, changeContextOf(c)), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/invitations/inspect',
      operationId: 'inspectInvitation',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Who an invitation link is for, before it is accepted',
      description:
        'The token is sent in the body, never in the address. 404 for a link that names no invitation, 410 for one expired, used or revoked. Each address may be refused 10 times per 15 minutes.',
      request: { body: jsonBody(invitationInspectSchema, { token: EXAMPLE_TOKEN }) },
      responses: { 200: jsonResponse(invitationPreviewSchema, 'The invited address and name') },
      errors: [404, 410, 429],
    }),
    async (c) => {
      const { token } = c.req.valid('json');
      const result = await inspectInvitation(c.get('deps'), token, requestMeta(c));
      if (result.outcome === 'limited') tooMany(c, result);
      return c.json(result.preview, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/invitations/accept',
      operationId: 'acceptInvitation',
      tag: 'auth',
      access: 'anonymous',
      summary: 'Accept an invitation with a password: creates the account and signs it in',
      description:
        "The password follows sign-up's rules. Single use: of two accepts at once, one creates the account and the other gets 410. The answer is the sign-in's.",
      request: {
        body: jsonBody(invitationAcceptSchema, {
          token: EXAMPLE_TOKEN,
          password: 'a longer passphrase of my own',
          full_name: 'New Colleague',
        }),
      },
      responses: {
        201: jsonResponse(invitationAcceptedSchema, 'Account created and signed in'),
      },
      errors: [404, 409, 410, 429],
    }),
    async (c) => {
      const result = await acceptInvitation(c.get('deps'), c.req.valid('json'), requestMeta(c));
      if (result.outcome === 'limited') tooMany(c, result);
      return c.json(result.session, 201);
    },
  );
