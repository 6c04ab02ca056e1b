import { z } from 'zod';

/** An authorization request waiting at the console's sign-on step (oidc-provider's interaction uid). */
export const oidcInteractionParamsSchema = z.object({
  uid: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'uid is an interaction id'),
});

/** What the sign-on step shows: the application and what it will receive. */
export const oidcInteractionSchema = z.object({
  app_name: z.string(),
  client_id: z.string(),
  scopes: z.array(z.string()),
  redirect_uri: z.string(),
  /** The person must allow the application first: it is not pre-approved and asks for more. */
  consent_required: z.boolean(),
  /** The scopes not allowed yet (all of them the first time); empty when none is asked. */
  new_scopes: z.array(z.string()),
});
export type OidcInteraction = z.infer<typeof oidcInteractionSchema>;

/**
 * The person's answer at the step: allow what the application asks for, or decline it (the
 * application then receives access_denied). Without a body: continue, which is enough only when
 * nothing is to be allowed.
 */
export const oidcInteractionAnswerSchema = z
  .object({ decision: z.enum(['allow', 'decline']) })
  .strict();
export type OidcInteractionAnswer = z.infer<typeof oidcInteractionAnswerSchema>;

/** Where the browser goes next: back to the provider, which sends the code to the application. */
export const oidcInteractionResultSchema = z.object({ redirect_to: z.string() });

/** An application the signed-in person has allowed to receive their details, and what. */
export const connectedApplicationSchema = z.object({
  app_id: z.uuid(),
  app_name: z.string(),
  app_url: z.string(),
  scopes: z.array(z.string()),
  /** When the person first allowed it. */
  allowed_at: z.iso.datetime(),
  /** When they last allowed more. */
  updated_at: z.iso.datetime(),
});
export type ConnectedApplication = z.infer<typeof connectedApplicationSchema>;
export const connectedApplicationsSchema = z.object({
  applications: z.array(connectedApplicationSchema),
});

/** The scopes an application may be allowed (docs/product/sign-on.md#oidc-clients). */
export const OIDC_SCOPE_NAMES = ['openid', 'email', 'profile', 'roles', 'offline_access'] as const;

const uriList = (max: number) =>
  z.array(z.string().min(1).max(2048, 'A redirect URI is at most 2048 characters')).max(max);

/** Registering an application as an OpenID Connect client, or changing its registration. */
export const oidcClientBodySchema = z
  .object({
    redirect_uris: uriList(10).min(1, 'Register at least one redirect URI'),
    post_logout_redirect_uris: uriList(10).optional(),
    scopes: z.array(z.enum(OIDC_SCOPE_NAMES)).min(1).optional(),
    /** A browser or native application: no secret, PKCE alone. */
    public_client: z.boolean(),
    /** Issue a new secret now; the old one stops working. */
    new_secret: z.boolean().optional(),
    /** First-party: pre-approved, people are not asked to consent. Unchanged when left out. */
    first_party: z.boolean().optional(),
    /** Where back-channel logout tokens are sent; null removes it. Unchanged when left out. */
    backchannel_logout_uri: z
      .string()
      .min(1)
      .max(2048, 'A back-channel logout URI is at most 2048 characters')
      .nullable()
      .optional(),
    /**
     * Where the application starts its own sign-in (OpenID Connect's initiate_login_uri): a
     * console link to it sends the person there. Null removes it; unchanged when left out.
     */
    initiate_login_uri: z
      .string()
      .min(1)
      .max(2048, 'A login start URI is at most 2048 characters')
      .nullable()
      .optional(),
  })
  .strict();

/** What removing an application's sign-in ended. */
export const oidcClientRemovedSchema = z.object({
  client_id: z.string(),
  /** People whose sign-ins to it ended. */
  people_signed_out: z.number().int(),
  /** People whose consent to it was forgotten. */
  consents_forgotten: z.number().int(),
});

/** The client id, and a new secret exactly once (null when none was issued). */
export const oidcClientResultSchema = z.object({
  client_id: z.string(),
  client_secret: z.string().nullable(),
});

/** How an application is registered as a client, without its secret. */
export const oidcClientInfoSchema = z
  .object({
    client_id: z.string(),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    scopes: z.array(z.string()),
    public_client: z.boolean(),
    first_party: z.boolean(),
    backchannel_logout_uri: z.string().nullable(),
    initiate_login_uri: z.string().nullable(),
  })
  .nullable();
