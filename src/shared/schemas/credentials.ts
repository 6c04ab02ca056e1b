import { z } from 'zod';
import { CREDENTIAL_TYPES, LIMITS, type ApprovalStatus } from '../constants';

/**
 * Credential access rules shared by the server (request validation) and the
 * forms (zodResolver, disabled buttons): docs/product/credentials.md#request-justification, docs/product/credentials.md#grant-justification, docs/product/credentials.md#time-limit.
 */

export const JUSTIFICATION_MAX = 1000;
export const REVIEW_REASON_MAX = 500;

export const credentialTypeSchema = z.enum(CREDENTIAL_TYPES, {
  message: 'Choose an API key or a webhook secret',
});

export const CREDENTIAL_TYPE_LABELS = {
  api_key: 'API key',
  webhook_secret: 'Webhook secret',
} as const satisfies Record<(typeof CREDENTIAL_TYPES)[number], string>;

/** The credential as a noun inside a sentence: "the API key of HireHub". */
export const CREDENTIAL_TYPE_NOUNS = {
  api_key: 'API key',
  webhook_secret: 'webhook secret',
} as const satisfies Record<(typeof CREDENTIAL_TYPES)[number], string>;

/** Security tab (docs/product/credentials.md#request-justification): required, trimmed, non-empty. */
export const requestJustificationSchema = z
  .string()
  .trim()
  .min(1, 'Please provide a justification for accessing credentials')
  .max(JUSTIFICATION_MAX, `Keep the justification under ${JUSTIFICATION_MAX} characters`);

/** Security Audit tab (docs/product/credentials.md#grant-justification): trimmed, at least 15 characters. */
export const timedJustificationSchema = z
  .string()
  .trim()
  .min(
    LIMITS.minJustificationAuditTab,
    `Justification must be at least ${LIMITS.minJustificationAuditTab} characters`,
  )
  .max(JUSTIFICATION_MAX, `Keep the justification under ${JUSTIFICATION_MAX} characters`);

/** Time limit in whole minutes, 5 to 120 (docs/product/credentials.md#time-limit). */
export const timeLimitMinutesSchema = z
  .number({ message: 'Enter the time limit in minutes' })
  .int('Enter whole minutes')
  .min(
    LIMITS.timeLimitMinMinutes,
    `The time limit must be between ${LIMITS.timeLimitMinMinutes} and ${LIMITS.timeLimitMaxMinutes} minutes`,
  )
  .max(
    LIMITS.timeLimitMaxMinutes,
    `The time limit must be between ${LIMITS.timeLimitMinMinutes} and ${LIMITS.timeLimitMaxMinutes} minutes`,
  );

const appIdSchema = z.uuid({ message: 'Choose an application' });

/** Body of POST /api/admin/credential-requests (docs/product/credentials.md#requests). */
export const credentialRequestBodySchema = z
  .object({
    target_app_id: appIdSchema,
    access_type: credentialTypeSchema,
    justification: requestJustificationSchema,
  })
  .strict();
export type CredentialRequestBody = z.infer<typeof credentialRequestBodySchema>;

/** Body of POST /api/admin/credential-grants (docs/product/credentials.md#grants). */
export const timeLimitedAccessBodySchema = z
  .object({
    target_app_id: appIdSchema,
    credential_type: credentialTypeSchema,
    justification: timedJustificationSchema,
    time_limit_minutes: timeLimitMinutesSchema.default(LIMITS.timeLimitDefaultMinutes),
  })
  .strict();
export type TimeLimitedAccessBody = z.input<typeof timeLimitedAccessBodySchema>;

/** Body of an approval or a denial: the reviewer always says why. */
export const reviewBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Give a reason for your decision')
      .max(REVIEW_REASON_MAX, `Keep the reason under ${REVIEW_REASON_MAX} characters`),
  })
  .strict();
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** The request form's submit stays disabled until this holds (docs/product/credentials.md#request-justification). */
export function canSubmitCredentialRequest(justification: string): boolean {
  return requestJustificationSchema.safeParse(justification).success;
}

/** The audit tab's submit stays disabled until this holds (docs/product/credentials.md#grant-justification). */
export function canSubmitTimedRequest(input: {
  appId: string | null | undefined;
  justification: string;
}): boolean {
  return !!input.appId && timedJustificationSchema.safeParse(input.justification).success;
}

/** docs/product/credentials.md#request-status: approved and denied are shown as such; any other value is shown as pending. */
export function displayApprovalStatus(status: string): ApprovalStatus {
  return status === 'approved' || status === 'denied' ? status : 'pending';
}
