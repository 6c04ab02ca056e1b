import { PLATFORM_ROLES } from '@shared/constants';
import {
  adminUserSchema,
  BULK_MAX_USERS,
  bulkChangeSchema,
  bulkResultSchema,
  roleChangesSchema,
  userListSchema,
  userRolesSchema,
  userUpdateSchema,
} from '@shared/schemas/users';
import {
  FILTER_LIMITS,
  userFacetsQuerySchema,
  userFacetsSchema,
  userListQuerySchema,
} from '@shared/schemas/user-list';
import { changeContextOf } from '../admin/change-rules';
import {
  assertUserExists,
  changeRoles,
  guardSuperAdminChange,
  roleRecordsOf,
  toRoleRecord,
} from '../admin/role-changes';
import { updateUser } from '../admin/user-changes';
import { endApplicationSessions } from '../oidc/app-sessions';
import { bulkChange } from '../admin/bulk-changes';
import { listUsers, userFacets } from '../users/directory';
import {
  createRouter,
  defineRoute,
  jsonBody,
  jsonResponse,
  strictQuery,
} from '../http/define-route';
import { idParam } from '../http/id-param';
import { conflict } from '../core/errors';
import { requireStepUp } from '../auth/step-up';
import { requestMeta } from '../security/request-meta';

const idParams = idParam('user');

/** The unique index on lower(email) caught a concurrent writer our checks could not see. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const app = createRouter();

/** docs/product/architecture.md#api-operations: platform users and their roles for the admin console. */
export const adminUserRoutes = app
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/users',
      operationId: 'listUsers',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Search, filter, sort and page through platform users',
      description:
        'Case-insensitive substring search over email, full name and organization (trigram index), filters by roles in force, status, organization and never signed in (combined with AND), and one of five orders (newest first by default; users without the sort value last either way). Keyset pagination: pass next_cursor as cursor with the same sort and dir.',
      request: { query: strictQuery(userListQuerySchema) },
      responses: { 200: jsonResponse(userListSchema, 'One page of users') },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await listUsers(deps.db, c.req.valid('query'), deps.now()), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/users/facets',
      operationId: 'getUserFacets',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'How many users each filter option of the users list would show',
      description: `With the list's search and filters: each option counts the users matching the search, every other facet's filter and that option. Exact below ${FILTER_LIMITS.facetCap.toLocaleString('en-US')}; from there on the count is the cap and exact is false. At most ${FILTER_LIMITS.facetOrganizations} organizations, the selected ones always among them.`,
      request: { query: strictQuery(userFacetsQuerySchema) },
      responses: { 200: jsonResponse(userFacetsSchema, 'The counts of every filter option') },
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await userFacets(deps.db, c.req.valid('query'), deps.now()), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/users/bulk',
      operationId: 'bulkChangeUsers',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Activate, deactivate, grant or revoke a role for several users at once',
      description: `Up to ${BULK_MAX_USERS} users, in one transaction, each checked with the rules of the single change. Users a rule refuses are skipped and listed with the reason; the others are applied (partial success). Granting or revoking super_admin without super_admin refuses the whole request. Granting super_admin asks for a step-up (403 \`step_up_required\`, see /api/auth/step-up).`,
      request: {
        body: jsonBody(bulkChangeSchema, {
          user_ids: ['7d0c1b9e-3f53-4a8e-9f0e-2b0c5d7f1a11'],
          action: { kind: 'deactivate' },
        }),
      },
      responses: {
        200: jsonResponse(bulkResultSchema, 'Which users changed, were unchanged or were refused'),
      },
      errors: [413],
    }),
    async (c) => {
      const body = c.req.valid('json');
      const principal = c.get('principal')!;
      // Granting Super Admin asks for a step-up; a caller without it is refused by the rules.
      if (
        body.action.kind === 'grant' &&
        body.action.role === 'super_admin' &&
        principal.roles.includes('super_admin')
      ) {
        await requireStepUp(c.get('deps'), principal, requestMeta(c), 'grant_super_admin');
      }
      const result = await bulkChange(c.get('deps').db, body, changeContextOf(c));
      if (body.action.kind === 'deactivate') {
        for (const { id } of result.applied) {
          await endApplicationSessions(c.get('deps'), id, 'account_deactivated');
        }
      }
      return c.json(result, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'patch',
      path: '/admin/users/{id}',
      operationId: 'updateUser',
      tag: 'admin',
      access: 'platform_admin',
      summary: "Update a user's email, name, organization, department or active flag",
      request: {
        params: idParams,
        body: jsonBody(userUpdateSchema, { organization: 'TalentSpark', is_active: true }),
      },
      responses: { 200: jsonResponse(adminUserSchema, 'The user after the change') },
      errors: [404, 409, 413],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      try {
        const user = await updateUser(c.get('deps').db, id, update, changeContextOf(c));
        // A deactivated account's application sessions and consents end with it.
        if (update.is_active === false) {
          await endApplicationSessions(c.get('deps'), user.id, 'account_deactivated');
        }
        return c.json(user, 200);
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict(`Another user already has the email ${update.email ?? ''}`.trim());
        }
        throw err;
      }
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/users/{id}/roles',
      operationId: 'getUserRoles',
      tag: 'admin',
      access: 'platform_admin',
      summary: "A user's role records, newest grant first",
      request: { params: idParams },
      responses: { 200: jsonResponse(userRolesSchema, 'Every role record of the user') },
      errors: [404],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const deps = c.get('deps');
      await assertUserExists(deps.db, id);
      return c.json(rolesBody(id, await roleRecordsOf(deps.db, id), deps.now()), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/admin/users/{id}/roles',
      operationId: 'updateUserRoles',
      tag: 'admin',
      access: 'platform_admin',
      summary: 'Turn roles on or off (only the toggles that changed)',
      description:
        'In one transaction: on reactivates the existing record or inserts one granted by the caller; off sets is_active false. Records are never deleted. Turning super_admin on asks for a step-up (403 `step_up_required`, see /api/auth/step-up).',
      request: {
        params: idParams,
        body: jsonBody(roleChangesSchema, { changes: { platform_admin: true } }),
      },
      responses: {
        200: jsonResponse(userRolesSchema, 'Every role record of the user after the change'),
      },
      errors: [404, 409, 413],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { changes } = c.req.valid('json');
      const deps = c.get('deps');
      const ctx = changeContextOf(c);
      await guardSuperAdminChange(deps.db, id, changes, ctx);
      if (changes.super_admin === true) {
        await requireStepUp(deps, c.get('principal')!, requestMeta(c), 'grant_super_admin');
      }
      return c.json(rolesBody(id, await changeRoles(deps.db, id, changes, ctx), ctx.now), 200);
    },
  );

function rolesBody(userId: string, rows: Awaited<ReturnType<typeof roleRecordsOf>>, now: Date) {
  const records = rows.map(toRoleRecord);
  return {
    user_id: userId,
    records,
    roles: PLATFORM_ROLES.filter((role) =>
      rows.some(
        (r) => r.role === role && r.isActive && (r.expiresAt === null || r.expiresAt > now),
      ),
    ),
  };
}
