/**
 * The second sign-in step's figures (docs/product/sign-in.md#second-step), apart from the
 * schemas so that a page can use them without loading zod: an authenticator app's code
 * (RFC 6238: SHA-1, 6 digits, 30 s) and ten recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in past the password waits for its second step. */
export const PENDING_SIGN_IN_TTL_SECONDS = 5 * 60;
/**
 * How long a second factor proved in a session covers the sensitive actions that ask for one
 * (docs/product/sign-in.md#step-up): approving or denying a credential request, granting Super
 * Admin, exporting users, resetting another account's factors, changing the policy.
 */
export const STEP_UP_MAX_AGE_SECONDS = 5 * 60;

/** Who must have a second factor (docs/product/sign-in.md#second-factor-policy). */
export const SECOND_FACTOR_POLICIES = ['not_required', 'administrators', 'everyone'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];
