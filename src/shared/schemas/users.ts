import { z } from 'zod';

import { PLATFORM_ROLES } from '../constants';

import { ONE_LINE_TEXT_MAX, optionalOneLineText } from './text';

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
