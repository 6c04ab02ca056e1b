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
