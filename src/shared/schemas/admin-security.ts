import { z } from 'zod';
import { credentialTypeSchema } from './credentials';
import { oidcClientInfoSchema } from './oidc';

/**
 * Response shapes of the Security and Security Audit tabs' API
 * (docs/product/architecture.md#api-operations). Times are ISO 8601 strings.
 */

/** docs/product/admin-console.md#security-tab: application info, flags only, never a secret or its hash. */
const applicationInfoSchema = z.object({
  id: z.uuid(),
  app_name: z.string(),
  app_url: z.string(),
  app_type: z.string(),
  is_active: z.boolean(),
  has_api_key: z.boolean(),
  has_webhook_secret: z.boolean(),
  /** Its registration as an OpenID Connect client, or null (docs/product/sign-on.md#oidc-clients). */
  oidc_client: oidcClientInfoSchema,
});
export type ApplicationInfo = z.infer<typeof applicationInfoSchema>;

export const applicationsResponseSchema = z.object({ apps: z.array(applicationInfoSchema) });

/** Session info; the token hash is cut to its first 16 characters (docs/product/admin-console.md#sessions). */
const sessionInfoSchema = z.object({
  id: z.uuid(),
  session_token_hash: z.string(),
  ip_address: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  kind: z.enum(['demo', 'password']),
  /** The session the caller is using right now. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });

const personSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string().nullable(),
});

/** Credential requests (docs/product/credentials.md#requests), with the names a reader needs. */
const credentialRequestSchema = z.object({
  id: z.uuid(),
  action_type: z.string(),
  /** Stored value; the client shows approved, denied, and anything else as pending. */
  status: z.string(),
  app_id: z.uuid().nullable(),
  app_name: z.string().nullable(),
  credential_type: credentialTypeSchema.nullable(),
  justification: z.string(),
  created_at: z.string(),
  requester: personSchema,
  reviewer: personSchema.nullable(),
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type CredentialRequest = z.infer<typeof credentialRequestSchema>;

export const credentialRequestsResponseSchema = z.object({
  /** The caller's own recent requests, newest first. */
  mine: z.array(credentialRequestSchema),
  /** Requests by other people (pending first), for a super_admin to review; empty otherwise. */
  others: z.array(credentialRequestSchema),
  /** True when the caller may approve or deny other people's requests. */
  can_review: z.boolean(),
});

export const credentialRequestResponseSchema = z.object({ request: credentialRequestSchema });

/** docs/product/credentials.md#grant-result, plus what the countdown and revoke need. */
const credentialGrantSchema = z.object({
  id: z.uuid(),
  app_id: z.uuid(),
  app_name: z.string(),
  credential_type: credentialTypeSchema,
  justification: z.string(),
  time_limit_minutes: z.number().int(),
  granted_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type CredentialGrant = z.infer<typeof credentialGrantSchema>;

export const grantResponseSchema = z.object({
  grant: credentialGrantSchema,
  /** The server's clock, so that a countdown does not depend on the browser's. */
  server_time: z.string(),
});

export const activeGrantsResponseSchema = z.object({
  grants: z.array(credentialGrantSchema),
  server_time: z.string(),
});
