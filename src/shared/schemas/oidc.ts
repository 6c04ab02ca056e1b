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
});
export type OidcInteraction = z.infer<typeof oidcInteractionSchema>;

/** Where the browser goes next: back to the provider, which sends the code to the application. */
export const oidcInteractionResultSchema = z.object({ redirect_to: z.string() });
