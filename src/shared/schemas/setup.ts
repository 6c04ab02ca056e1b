import { z } from 'zod';

/**
 * The setup endpoints (docs/product/setup.md#setup-key): each body carries the confirmation
 * key, which the server compares in constant time. The key is typed by the
 * operator; it is never part of the client bundle.
 */
export const setupKeyBodySchema = z
  .object({
    /** Optional in the schema so that a missing key is answered 401, a wrong one 403. */
    confirmation_key: z.string().max(512).optional(),
  })
  .strict();

/** `address_taken`: an account that setup did not create holds the address; nothing was changed. */
const SYSTEM_ADMIN_STATUSES = ['created', 'already_exists', 'address_taken', 'error'] as const;

/** docs/product/setup.md#system-admins: the creation result. The password is shown once and never stored. */
const systemAdminResultSchema = z.object({
  email: z.string(),
  status: z.enum(SYSTEM_ADMIN_STATUSES),
  password: z.string().optional(),
  error: z.string().optional(),
});
export type SystemAdminResult = z.infer<typeof systemAdminResultSchema>;

export const systemAdminsResponseSchema = z.object({ results: z.array(systemAdminResultSchema) });

/** docs/product/setup.md#clear-all-users: the clear result. */
export const clearAllUsersResponseSchema = z.object({
  cleared: z.object({
    auth_users: z.number().int(),
    platform_users: z.boolean(),
    role_assignments: z.boolean(),
    sessions: z.boolean(),
    audit_logs: z.boolean(),
  }),
});
export type ClearAllUsersResponse = z.infer<typeof clearAllUsersResponseSchema>;

/** Our shape for cleanup-all-users (docs/product/setup.md#cleanup; docs/api/setup.md). */
export const cleanupResponseSchema = z.object({
  cleaned: z.object({
    inactive_users: z.number().int(),
    ended_sessions: z.number().int(),
    ended_grants: z.number().int(),
    sso_codes: z.number().int(),
    /** Sign-ups whose verify link was opened or is past its 24 hours. */
    ended_sign_ups: z.number().int(),
  }),
  remaining_users: z.number().int(),
});
export type CleanupResponse = z.infer<typeof cleanupResponseSchema>;

/** docs/operations.md#mail-outbox: the kinds of mail the product queues. */
const MAIL_KINDS = [
  'sign_up_verify',
  'sign_up_existing_account',
  'sign_up_reserved',
  'sign_up_invited',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The most pending mails one read of the outbox returns, oldest first. */
export const MAIL_OUTBOX_PAGE = 100;

const pendingMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  kind: z.enum(MAIL_KINDS),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type PendingMail = z.infer<typeof pendingMailSchema>;

export const mailOutboxResponseSchema = z.object({ mails: z.array(pendingMailSchema) });

/** POST /api/setup/mail-outbox/sent: the mails the mailer has sent. */
export const mailSentBodySchema = z
  .object({
    confirmation_key: z.string().max(512).optional(),
    ids: z
      .array(z.uuid({ error: 'Each id must be a UUID' }).toLowerCase())
      .min(1, 'Give at least one id')
      .max(MAIL_OUTBOX_PAGE, `At most ${MAIL_OUTBOX_PAGE} ids at once`),
  })
  .strict();
export const mailSentResponseSchema = z.object({
  /** How many of the ids were pending and are now marked sent (their bodies emptied). */
  marked: z.number().int(),
});
