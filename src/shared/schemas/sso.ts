import { z } from 'zod';

/** docs/product/sign-on.md#sso-validation: app_id and redirect_url are required for the sign-on step. */
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

/**
 * The ecosystem's own products, by the short name a link may carry instead of
 * an application id (`?app_id=hirehub`), and the registered name each stands for.
 */
export const ECOSYSTEM_APP_SLUGS: Readonly<Record<string, string>> = {
  hirehub: 'HireHub',
  sortstak: 'SortStak',
  'role-builder': 'Role Builder',
  qrc: 'Quick Role Check',
  talentmls: 'TalentMLS',
};

/** What a sign-on link may carry as app_id: an application id or a short name. */
export const ssoAppRefSchema = z
  .string()
  .trim()
  .min(1, 'app_id is required')
  .max(64, 'app_id is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'app_id may hold only letters, digits and dashes');

export const ssoApplicationQuerySchema = z.object({ app_id: ssoAppRefSchema }).strict();

/** A registered application as a sign-on link names it: public facts only. */
const ssoApplicationSchema = z.object({
  id: z.uuid(),
  app_name: z.string(),
  app_url: z.string(),
  is_active: z.boolean(),
  /**
   * Production mode: where the application starts its own OpenID Connect sign-in (its
   * initiate_login_uri, with this provider as `iss`); the step sends the person there with
   * `target_link_uri`. Absent or null: the application has none.
   */
  login_url: z.string().nullable().optional(),
  /**
   * Why the console cannot sign the person in to this active application (production mode, no
   * login start, the old code retired); null or absent when it can.
   */
  sign_on_unavailable: z.string().nullable().optional(),
});
export type SsoApplication = z.infer<typeof ssoApplicationSchema>;

export const ssoApplicationLookupSchema = z.object({
  /** Null when no registered application answers to this app_id. */
  application: ssoApplicationSchema.nullable(),
});
