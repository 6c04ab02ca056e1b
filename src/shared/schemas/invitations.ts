import { z } from 'zod';
import { PLATFORM_ROLES } from '../constants';
import { authSessionSchema, newPasswordSchema } from './auth';
import { optionalOneLineText } from './text';
import { emailSchema, roleSchema } from './users';

/**
 * Invitations (docs/product/admin-console.md#invitations): an administrator
 * invites an address with roles; the invitee sets a password through a
 * one-time link (docs/product/sign-in.md#invitations). The same schemas
 * validate on the server and drive the forms.
 */

/** How long an invitation link works: 72 hours from its creation. */
export const INVITATION_TTL_HOURS = 72;
export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 3_600_000;
/** GET /api/admin/invitations lists the most recent ones, at most this many. */
export const INVITATIONS_LISTED = 100;

const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** A full name: optional, trimmed, empty means none; the one-line text rule of text.ts. */
const fullNameSchema = optionalOneLineText('Full name').optional();

/** POST /api/admin/invitations. */
export const invitationCreateSchema = z.strictObject({
  email: emailSchema,
  full_name: fullNameSchema,
  roles: z
    .array(roleSchema, { error: `roles must be a list of ${PLATFORM_ROLES.join(', ')}` })
    .min(1, 'Choose at least one role')
    .max(PLATFORM_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, {
      error: 'Each role may appear once',
    }),
});
export type InvitationCreateInput = z.input<typeof invitationCreateSchema>;
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
  roles: z.array(roleSchema),
  /** Computed from the times: revoked, accepted, expired (72 h after creation) or pending. */
  status: z.enum(INVITATION_STATUSES),
  /**
   * For a pending invitation, whether its inviter may still grant its roles (active, an
   * administrator, a super_admin for super_admin); when not, its link is refused until it is
   * revoked. Null for any other status.
   */
  inviter_may_grant: z.boolean().nullable(),
  invited_by: z.uuid().nullable(),
  /** The inviter's address, when the account still exists. */
  invited_by_email: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: z.uuid().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The answer to a new invitation: the only time its link is shown. */
export const invitationCreatedSchema = z.object({
  invitation: invitationSchema,
  /** `<origin>/auth/invite#token=…`: shown once, never stored, never listed. */
  link: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

/** The link's token: 32 random bytes in base64url (43 characters); anything longer is not one. */
const tokenSchema = z
  .string({ error: 'token must be text' })
  .min(1, 'The invitation link has no token')
  .max(128, 'The invitation link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'The invitation link is not valid');

export const invitationInspectSchema = z.strictObject({ token: tokenSchema });

/** What the invitee may see before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  full_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/invitations/accept: the password follows sign-up's rules. */
export const invitationAcceptSchema = z.strictObject({
  token: tokenSchema,
  password: newPasswordSchema,
  full_name: fullNameSchema,
});
export type InvitationAccept = z.output<typeof invitationAcceptSchema>;

/** Accepting signs the new account in: the sign-in's answer. */
export const invitationAcceptedSchema = authSessionSchema;

/** Why an invitation link is refused, with what the invitee reads. */
export const INVITATION_REFUSALS = {
  unknown:
    'This invitation link is not valid. Check that you opened the whole link, or ask an administrator for a new invitation.',
  expired: 'This invitation has expired. Ask an administrator for a new invitation.',
  used: 'This invitation has already been used. Sign in with the account it created.',
  revoked: 'This invitation was withdrawn. Ask an administrator for a new invitation.',
} as const;
export type InvitationRefusal = keyof typeof INVITATION_REFUSALS;
