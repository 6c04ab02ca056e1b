import { z } from 'zod';
import { PLATFORM_ROLES } from '../constants';
import { ONE_LINE_TEXT } from './text';
import { USER_LIMITS } from './users';

/** The users list's query: search, filters, order and page, its facets, and its export. */

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

/**
 * GET /api/admin/users/export: the users of the list's search, filters and order as CSV
 * (docs/product/admin-console.md#users-export); no page, no cursor.
 */
export const userExportQuerySchema = z.strictObject(
  { ...filterParams, ...orderParams },
  { error: unknownParameter(['q', 'role', 'status', 'org', 'never', 'sort', 'dir']) },
);
