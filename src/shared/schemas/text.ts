import { z } from 'zod';

/**
 * The rule for one-line text a person types and the product stores and shows elsewhere: a full
 * name, an organization, a department (docs/product/admin-console.md#one-line-text). Every schema
 * such text enters through builds on oneLineText, so sign-up, invitations, their acceptance and
 * the edit form cannot drift apart.
 */

/** At most this many characters, after trimming. */
export const ONE_LINE_TEXT_MAX = 200;

/**
 * Refused anywhere in the text: control characters (Unicode Cc: C0 with NUL, tab, CR, LF and
 * ESC; DEL; C1), which a terminal, a log or a CSV reader would act on; the line and paragraph
 * separators U+2028 and U+2029; and the bidirectional embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), which make the text around them read in another order. Written
 * without flags, so the OpenAPI pattern is plain ECMA-262.
 */
export const ONE_LINE_TEXT =
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/;

/** Trimmed one-line text of at most ONE_LINE_TEXT_MAX characters, labelled in its messages. */
export function oneLineText(label: string, notText = `${label} must be text`) {
  return z
    .string({ error: notText })
    .trim()
    .max(ONE_LINE_TEXT_MAX, `${label} must be at most ${ONE_LINE_TEXT_MAX} characters`)
    .regex(ONE_LINE_TEXT, `${label} cannot contain line breaks or control characters`);
}

/** Optional one-line text: empty means "not specified", saved as null. */
export function optionalOneLineText(label: string) {
  return oneLineText(label)
    .transform((v) => (v === '' ? null : v))
    .nullable();
}
