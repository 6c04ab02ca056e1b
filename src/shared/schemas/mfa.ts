import { z } from 'zod';
import { SECOND_FACTOR_POLICIES } from '../mfa-constants';
import { oneLineText } from './text';

/**
 * The second sign-in step (docs/product/sign-in.md#second-step): an authenticator
 * app's code or one of the recovery codes; the figures live in mfa-constants.ts.
 */
export {
  PENDING_SIGN_IN_TTL_SECONDS,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../mfa-constants';

/** A code as typed: the app's six digits, or a recovery code (spaces and hyphens ignored). */
const secondFactorCodeSchema = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(64, 'That is not a code');

export const codeBodySchema = z.object({ code: secondFactorCodeSchema }).strict();

/** The ways an account may pass the second sign-in step. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What POST /api/auth/sign-in answers (202) when the account has a second factor. */
export const secondFactorRequiredSchema = z.object({
  second_factor_required: z.literal(true),
  /**
   * Opaque, single-use; send it with a code to /api/auth/sign-in/second-factor, or with a
   * passkey's assertion to /api/auth/sign-in/second-factor/passkey.
   */
  pending_token: z.string(),
  expires_in: z.number().int(),
  /** The account's second factors: `totp` (an authenticator app's or recovery code), `passkey`. */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).min(1),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const secondFactorBodySchema = z
  .object({
    pending_token: z.string().min(1).max(128),
    code: secondFactorCodeSchema,
  })
  .strict();
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

/** Enrolment started: the secret (base32) and the otpauth:// URI for a QR code. Shown this once. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});

export const recoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()),
});

const mfaFactorSchema = z.object({
  kind: z.literal('totp'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** The account's second factors, never their secrets. */
export const mfaStatusSchema = z.object({
  factors: z.array(mfaFactorSchema),
  /** An enrolment started and not yet confirmed. */
  totp_pending: z.boolean(),
  recovery_codes_remaining: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export { STEP_UP_MAX_AGE_SECONDS } from '../mfa-constants';

/** The second factor's policy: who must set one up before the console answers them. */
export const secondFactorPolicySchema = z.object({
  policy: z.enum(SECOND_FACTOR_POLICIES),
});

/** A step-up passed: until when this session counts as having just proved a second factor. */
export const stepUpSchema = z.object({
  second_factor_at: z.string(),
  valid_until: z.string(),
});

/** A super administrator resets another account's second factors, saying why. */
export const resetSecondFactorBodySchema = z
  .object({
    reason: oneLineText('Reason').pipe(z.string().min(1, 'Give a reason for the reset')),
  })
  .strict();

/** What a reset removed and ended. */
export const secondFactorResetSchema = z.object({
  user_id: z.uuid(),
  totp_removed: z.boolean(),
  recovery_codes_removed: z.number().int(),
  passkeys_removed: z.number().int(),
  sessions_ended: z.number().int(),
});
