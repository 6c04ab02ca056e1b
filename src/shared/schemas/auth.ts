import { z } from 'zod';
import { PLATFORM_ROLES } from '../constants';
import { oneLineText } from './text';
import { emailSchema } from './users';

/**
 * Production-mode sign-in (docs/product/sign-in.md#production-sign-in): server accounts
 * with scrypt password hashes and server sessions. The same schemas validate
 * on the server and drive the forms.
 */

const PASSWORD_RULES = { min: 12, max: 256 } as const;

/** What the user reads whatever went wrong with an email and password pair. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The answer once the brute-force limit is reached (per account and per address). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const PASSWORD_CHANGE_REQUIRED = 'Change your password before continuing';

/** Sign-in takes any non-empty password: the rules apply when one is chosen, not when it is typed. */
export const signInBodySchema = z
  .object({
    email: emailSchema,
    password: z
      .string({ error: 'Enter your password' })
      .min(1, 'Enter your password')
      .max(PASSWORD_RULES.max, `Password must be at most ${PASSWORD_RULES.max} characters`),
  })
  .strict();
export type SignInBody = z.infer<typeof signInBodySchema>;

export const newPasswordSchema = z
  .string({ error: 'Enter a new password' })
  .min(PASSWORD_RULES.min, `Use at least ${PASSWORD_RULES.min} characters`)
  .max(PASSWORD_RULES.max, `Password must be at most ${PASSWORD_RULES.max} characters`);

export const signUpBodySchema = z
  .object({
    full_name: oneLineText('Full name', 'Enter your full name').min(1, 'Enter your full name'),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .strict();
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/**
 * Sign-up's one answer: it does not say whether the address already had an account. A mail
 * goes to the address either way (docs/product/sign-in.md#sign-up-tells).
 */
export const SIGN_UP_ACCEPTED =
  'Check your mailbox: we sent a mail to this address. To create your account, open the link it holds within 24 hours, then sign in.';
export const signUpAcceptedSchema = z.object({ message: z.string() });

/** How long a sign-up's verify link works: 24 hours from the sign-up. */
export const SIGN_UP_VERIFY_TTL_HOURS = 24;
export const SIGN_UP_VERIFY_TTL_MS = SIGN_UP_VERIFY_TTL_HOURS * 3_600_000;

/** POST /api/auth/verify: the token of the link `/auth/verify#token=…`, sent in the body. */
export const verifyBodySchema = z
  .object({
    token: z
      .string({ error: 'token is required' })
      .min(1, 'token is required')
      .max(128, 'token must be at most 128 characters'),
  })
  .strict();

export const verifiedSchema = z.object({
  /** The address now verified: its account exists and signs in with the sign-up's password. */
  email: z.string(),
});
export type Verified = z.infer<typeof verifiedSchema>;

/** The one answer for a link that is unknown, used or expired (nothing changes). */
export const VERIFY_LINK_INVALID =
  'This link does not work: it was already used, is more than 24 hours old or was never valid. Sign up again to get a new one.';
/** The address got an account another way (an invitation) since this link was mailed. */
export const VERIFY_ADDRESS_TAKEN =
  'This address already has an account, or is kept for one. Sign in with it instead.';

export const refreshBodySchema = z
  .object({ refresh_token: z.string().min(1, 'refresh_token is required').max(512) })
  .strict();

export const changePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password')
      .max(PASSWORD_RULES.max),
    new_password: newPasswordSchema,
  })
  .strict()
  .refine((b) => b.current_password !== b.new_password, {
    message: 'Choose a new password that differs from the current one',
    path: ['new_password'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  user_metadata: z.object({ full_name: z.string() }),
  roles: z.array(z.enum(PLATFORM_ROLES)),
});

/** Auth session (docs/product/sign-in.md#session-refresh): access_token, refresh_token, expires_at (seconds), user. */
export const authSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  user: authUserSchema,
  must_change_password: z.boolean(),
  /** The account must set up a second factor before the console answers it. */
  second_factor_enrolment_required: z.boolean(),
});
export type AuthSessionResponse = z.infer<typeof authSessionSchema>;

export const meResponseSchema = z.object({
  user: authUserSchema,
  session_id: z.uuid(),
  must_change_password: z.boolean(),
  /** The account must set up a second factor before the console answers it. */
  second_factor_enrolment_required: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
