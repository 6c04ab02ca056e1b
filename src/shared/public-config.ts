import { z } from 'zod';

/** The public part of the server configuration, served at GET /api/config. Nothing secret. */
export const publicConfigSchema = z.object({
  demoMode: z.boolean(),
  allowSignup: z.boolean(),
  ecosystemLinks: z.object({
    home: z.string(),
    sortstak: z.string(),
    roleBuilder: z.string(),
    qrc: z.string(),
    talentspark: z.string(),
  }),
  /** The built-in application that receives the sign-on demo. */
  ssoDemo: z.object({ appId: z.string(), appName: z.string(), callbackUrl: z.string() }).nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
