import { z } from 'zod';

/** SPEC.md §5: app_id and redirect_url are required for the sign-on step. */
export const MISSING_SSO_PARAMS = 'Missing required app_id or redirect_url parameters for SSO demo';

export const ssoInitiateRequestSchema = z
  .object({
    app_id: z.uuid({ message: 'app_id must be an application id' }),
    redirect_url: z
      .string()
      .min(1, 'redirect_url is required')
      .max(2048, 'redirect_url is too long'),
  })
  .strict();
export type SsoInitiateRequest = z.infer<typeof ssoInitiateRequestSchema>;

export const ssoInitiateResponseSchema = z.object({
  code: z.string(),
  redirect_url: z.string(),
  app_name: z.string(),
  expires_at: z.string(),
});
export type SsoInitiateResponse = z.infer<typeof ssoInitiateResponseSchema>;

export const ssoExchangeRequestSchema = z.object({ code: z.string().min(1).max(200) }).strict();

export const ssoIdentitySchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    full_name: z.string().nullable(),
    roles: z.array(z.string()),
  }),
  app_id: z.uuid(),
  redirect_url: z.string(),
  issued_at: z.string(),
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;
