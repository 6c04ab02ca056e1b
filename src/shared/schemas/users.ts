import { z } from 'zod';
import { PLATFORM_ROLES } from '../constants';
import { ONE_LINE_TEXT, ONE_LINE_TEXT_MAX, optionalOneLineText } from './text';

/**
 * Platform users and their roles (docs/product/admin-console.md#user-fields): the request schemas validate on
 * the server and drive the edit form (zodResolver), so both say the same thing.
 */

export const USER_LIMITS = {
  email: 254,
  text: ONE_LINE_TEXT_MAX,
  search: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /**
   * The user count is exact up to this many matches, then shown as "1,000+".
   * Counting stops there: an exact count of a common term among a million
   * users would scan most of the table on every keystroke.
   */
  countCap: 1_000,
} as const;

export const emailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .min(1, 'Enter an email address')
  .max(USER_LIMITS.email, `Email must be at most ${USER_LIMITS.email} characters`)
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Optional text fields: trimmed, and empty means "not specified", saved as null (docs/product/admin-console.md#edit-user). */
const userFields = {
  email: emailSchema,
  full_name: optionalOneLineText('Full name'),
  organization: optionalOneLineText('Organization'),
  department: optionalOneLineText('Department'),
  is_active: z.boolean({ error: 'Active must be true or false' }),
};

const unknownField = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown field ${issue.keys?.join(', ')}: fields are ${Object.keys(userFields).join(', ')}`
    : undefined;

/** Refinements that only make sense on an otherwise valid value. */
const onlyWhenValid = { when: (payload: { issues: unknown[] }) => payload.issues.length === 0 };

/** The edit-user form: every field present. */
export const userFormSchema = z.strictObject(userFields, { error: unknownField });
export type UserFormInput = z.input<typeof userFormSchema>;
export type UserFormValues = z.output<typeof userFormSchema>;

/** PATCH /api/admin/users/:id: any of the fields, at least one, nothing else. */
export const userUpdateSchema = z
  .strictObject(userFields, { error: unknownField })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Change at least one of email, full_name, organization, department or is_active',
    ...onlyWhenValid,
  });
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The orders of the users list (docs/product/admin-console.md#user-sort). */
export const USER_SORTS = ['newest', 'name', 'email', 'organization', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Newest and last sign-in read latest first; names, emails and organizations A to Z. */
export const DEFAULT_SORT_DIRECTION: Record<UserSort, SortDirection> = {
  newest: 'desc',
  name: 'asc',
  email: 'asc',
  organization: 'asc',
  last_login: 'desc',
};

/** The role filter's values: a role in force, or `none` for users holding no role in force. */
export const ROLE_FILTER_VALUES = [...PLATFORM_ROLES, 'none'] as const;
export type RoleFilterValue = (typeof ROLE_FILTER_VALUES)[number];
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Limits of the list's filters and facet counts (docs/product/admin-console.md#user-filters). */
export const FILTER_LIMITS = {
  /** At most this many `org` values in one request. */
  organizations: 20,
  /** Facet counts are exact below this; from it on they read "10,000+". */
  facetCap: 10_000,
  /** At most this many organizations in the organization facet. */
  facetOrganizations: 50,
} as const;

const PAGE_CURSOR_INVALID = 'The page cursor is not valid; start again from the first page';

const searchParam = z
  .string()
  .trim()
  .max(USER_LIMITS.search, `Search must be at most ${USER_LIMITS.search} characters`)
  .regex(ONE_LINE_TEXT, 'Search cannot contain line breaks or control characters')
  .optional();

/** One query value: a repeated parameter arrives as a list, and only `org` may repeat. */
const single = (name: string) => z.string({ error: `${name} may be given once` });

const roleParam = single('role')
  .transform((text, ctx) => {
    const values = text.split(',').map((v) => v.trim());
    const unknown = values.filter((v) => !(ROLE_FILTER_VALUES as readonly string[]).includes(v));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown role ${unknown.map((v) => `"${v}"`).join(', ')}: role takes a comma-separated list of ${ROLE_FILTER_VALUES.join(', ')}`,
      });
      return z.NEVER;
    }
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: 'custom', message: 'Each role may be listed once' });
      return z.NEVER;
    }
    return values as RoleFilterValue[];
  })
  .optional()
  .meta({
    description: `Comma-separated: users holding any of these roles in force; none = no role in force. Values: ${ROLE_FILTER_VALUES.join(', ')}`,
    example: 'platform_admin,super_admin',
  });

const statusParam = z
  .enum(USER_STATUSES, { error: `status must be ${USER_STATUSES.join(' or ')}` })
  .optional();

const organizationValue = z
  .string({ error: 'org must be text' })
  .trim()
  .max(USER_LIMITS.text, `org must be at most ${USER_LIMITS.text} characters`)
  .regex(ONE_LINE_TEXT, 'org cannot contain line breaks or control characters');

const orgParam = z
  .union([organizationValue, z.array(organizationValue)], { error: 'org must be text' })
  .transform((value, ctx) => {
    const values = Array.isArray(value) ? value : [value];
    if (values.length > FILTER_LIMITS.organizations) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${FILTER_LIMITS.organizations} org values per request`,
      });
      return z.NEVER;
    }
    if (new Set(values).size !== values.length) {
      ctx.addIssue({ code: 'custom', message: 'Each org value may appear once' });
      return z.NEVER;
    }
    // An empty value means the users with no organization.
    return values.map((v) => (v === '' ? null : v));
  })
  .optional()
  .meta({
    description: `Exact organization name; repeat for several (at most ${FILTER_LIMITS.organizations}). An empty value means no organization.`,
  });

const neverParam = single('never')
  .refine((v) => v === 'true', { error: 'never must be true (or left out)' })
  .transform(() => true as const)
  .optional()
  .meta({ description: 'true: only users who never signed in', example: 'true' });

const filterParams = {
  q: searchParam,
  role: roleParam,
  status: statusParam,
  org: orgParam,
  never: neverParam,
};

const unknownParameter = (names: string[]) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown query parameter ${issue.keys?.join(', ')}: parameters are ${names.join(', ')}`
    : undefined;

/** The search and filters of the list, as the server reads them. */
export type UserFilters = {
  q?: string | undefined;
  role?: RoleFilterValue[] | undefined;
  status?: UserStatus | undefined;
  org?: (string | null)[] | undefined;
  never?: true | undefined;
};

const orderParams = {
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).optional(),
};

export const userListQuerySchema = z.strictObject(
  {
    ...filterParams,
    ...orderParams,
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(USER_LIMITS.pageSizeMax, `limit must be at most ${USER_LIMITS.pageSizeMax}`)
      .default(USER_LIMITS.pageSizeDefault),
    cursor: z
      .string()
      .max(4_096, PAGE_CURSOR_INVALID)
      .regex(/^[A-Za-z0-9_-]+$/, PAGE_CURSOR_INVALID)
      .optional(),
  },
  {
    error: unknownParameter([
      'q',
      'role',
      'status',
      'org',
      'never',
      'sort',
      'dir',
      'limit',
      'cursor',
    ]),
  },
);

/** GET /api/admin/users/facets: the list's search and filters, nothing else. */
export const userFacetsQuerySchema = z.strictObject(filterParams, {
  error: unknownParameter(['q', 'role', 'status', 'org', 'never']),
});

const facetCount = {
  /** Users matching, up to FILTER_LIMITS.facetCap. */
  count: z.number().int(),
  /** False when FILTER_LIMITS.facetCap or more match: count is then the cap. */
  exact: z.boolean(),
};

/**
 * The counts beside each filter option (docs/product/admin-console.md#user-facets): each
 * option's count is of the users matching the search, every other facet's filter and that option.
 */
export const userFacetsSchema = z.object({
  role: z.array(z.object({ value: z.enum(ROLE_FILTER_VALUES), ...facetCount })),
  status: z.array(z.object({ value: z.enum(USER_STATUSES), ...facetCount })),
  /** At most FILTER_LIMITS.facetOrganizations; null is no organization. */
  organization: z.array(z.object({ value: z.string().nullable(), ...facetCount })),
  /** More organizations match than are listed. */
  organization_more: z.boolean(),
  never_signed_in: z.object(facetCount),
});
export type UserFacets = z.infer<typeof userFacetsSchema>;

export const roleSchema = z.enum(PLATFORM_ROLES);

/** PUT /api/admin/users/:id/roles: only the toggles that changed (docs/product/admin-console.md#role-changes). */
export const roleChangesSchema = z.strictObject({
  changes: z
    .strictObject(
      {
        user: z.boolean({ error: 'user must be true or false' }).optional(),
        platform_admin: z.boolean({ error: 'platform_admin must be true or false' }).optional(),
        super_admin: z.boolean({ error: 'super_admin must be true or false' }).optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Unknown role ${issue.keys.join(', ')}: roles are ${PLATFORM_ROLES.join(', ')}`
            : undefined,
      },
    )
    .refine((v) => Object.values(v).some((x) => x !== undefined), {
      error: 'Change at least one role',
      ...onlyWhenValid,
    }),
});
export type RoleChanges = z.output<typeof roleChangesSchema>['changes'];

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
  organization: z.string().nullable(),
  department: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /** The roles in force now (active and not expired). */
  roles: z.array(roleSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListSchema = z.object({
  users: z.array(adminUserSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /**
   * Matching users, counted exactly up to USER_LIMITS.countCap.
   * Counted on the first page only; null on the pages after it.
   */
  total: z.number().int().nullable(),
  /** False when more than USER_LIMITS.countCap users match: total is then the cap. */
  total_exact: z.boolean(),
});
export type UserList = z.infer<typeof userListSchema>;

const roleRecordSchema = z.object({
  id: z.uuid(),
  role: roleSchema,
  is_active: z.boolean(),
  granted_by: z.uuid().nullable(),
  granted_at: z.string(),
  expires_at: z.string().nullable(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const userRolesSchema = z.object({
  user_id: z.uuid(),
  /** Every record of the user, newest grant first (docs/product/admin-console.md#role-changes); none is ever deleted. */
  records: z.array(roleRecordSchema),
  /** The roles in force now. */
  roles: z.array(roleSchema),
});
export type UserRoles = z.infer<typeof userRolesSchema>;

/** At most this many users per bulk change; the console sends a larger selection in chunks. */
export const BULK_MAX_USERS = 100;

/**
 * POST /api/admin/users/bulk (docs/product/admin-console.md#bulk-changes): one
 * action on up to BULK_MAX_USERS users; rows the rules refuse are skipped and
 * listed, the others applied.
 */
export const bulkChangeSchema = z.strictObject({
  user_ids: z
    .array(z.uuid({ error: 'Each user id must be a UUID' }), {
      error: 'user_ids must be a list of user ids',
    })
    .min(1, 'Select at least one user')
    .max(BULK_MAX_USERS, `At most ${BULK_MAX_USERS} users per request`)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      error: 'Each user id may appear once',
    }),
  action: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.enum(['activate', 'deactivate']) }),
      z.strictObject({ kind: z.enum(['grant', 'revoke']), role: roleSchema }),
    ],
    { error: 'action.kind must be activate, deactivate, grant or revoke' },
  ),
});
export type BulkChange = z.output<typeof bulkChangeSchema>;
export type BulkAction = BulkChange['action'];

const userRef = z.object({ id: z.uuid() });

export const bulkResultSchema = z.object({
  /** Users changed by this request. */
  applied: z.array(userRef),
  /** Users already in the requested state. */
  unchanged: z.array(userRef),
  /** Users a rule kept as they were, each with the reason the single change would give. */
  refused: z.array(z.object({ id: z.uuid(), reason: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * GET /api/admin/users/export: the users of the list's search, filters and order as CSV
 * (docs/product/admin-console.md#users-export); no page, no cursor.
 */
export const userExportQuerySchema = z.strictObject(
  { ...filterParams, ...orderParams },
  { error: unknownParameter(['q', 'role', 'status', 'org', 'never', 'sort', 'dir']) },
);

/** The columns of the users export, in order (docs/product/admin-console.md#users-export). */
export const USER_EXPORT_COLUMNS = [
  'id',
  'email',
  'full_name',
  'organization',
  'department',
  'is_active',
  'roles',
  'created_at',
  'last_login_at',
] as const;
