import { z } from 'zod';

/**
 * Passkeys (WebAuthn) of production-mode accounts (docs/product/sign-in.md#passkeys): the
 * options the browser passes to navigator.credentials, the responses it sends back (the
 * JSON forms of WebAuthn Level 3, as `PublicKeyCredential.toJSON()` and
 * @simplewebauthn/browser produce them), and the account's list of passkeys, which never
 * holds a credential id or a public key.
 */

/** How long a WebAuthn challenge may be answered, and the browser's own timeout. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Passkeys an account may hold. */
export const PASSKEY_LIMIT = 20;
const PASSKEY_NAME_MAX = 64;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const credentialIdSchema = base64url(1400).min(1);
const transportSchema = z.string().max(32);

/** A passkey's name as the account holder types it. */
const passkeyNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(PASSKEY_NAME_MAX, `Use at most ${PASSKEY_NAME_MAX} characters`);

const clientExtensionResultsSchema = z.record(z.string().max(64), z.unknown());

/** What navigator.credentials.create() answered, as JSON. */
const registrationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(transportSchema).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});

/** What navigator.credentials.get() answered, as JSON. */
export const authenticationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** For navigator.credentials.create(): pass it to startRegistration() of @simplewebauthn/browser. */
const creationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** For navigator.credentials.get(): pass it to startAuthentication() of @simplewebauthn/browser. */
const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

export const registrationOptionsAnswerSchema = z.object({ options: creationOptionsSchema });

export const registerPasskeyBodySchema = z
  .object({
    response: registrationResponseSchema,
    /** Optional: "Passkey 2" and so on when left out. */
    name: passkeyNameSchema.optional(),
  })
  .strict();

/** One of the account's passkeys, as listed: never its credential id or public key. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the account holder's other devices (a multi-device passkey, backed up). */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema }).strict();

/** Confirmation options: an assertion by one of the account's passkeys, for removing one. */
export const confirmationOptionsAnswerSchema = z.object({ options: requestOptionsSchema });

/**
 * Removing a passkey takes a fresh second factor: an assertion by one of the account's
 * passkeys (on the confirmation options) or a current authenticator or recovery code.
 */
export const removePasskeyBodySchema = z.union([
  z.object({ assertion: authenticationResponseSchema }).strict(),
  z.object({ code: z.string().trim().min(1, 'Enter the code').max(64) }).strict(),
]);
export type RemovePasskeyBody = z.infer<typeof removePasskeyBodySchema>;

/** A passkey sign-in begins: the opaque id that binds the challenge, and the options. */
export const passkeySignInOptionsSchema = z.object({
  /** Opaque; send it back with the assertion. */
  challenge_id: z.string(),
  options: requestOptionsSchema,
});

export const passkeySignInBodySchema = z
  .object({
    challenge_id: z.string().min(1).max(128),
    response: authenticationResponseSchema,
  })
  .strict();
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

export const pendingTokenBodySchema = z
  .object({ pending_token: z.string().min(1).max(128) })
  .strict();

export const passkeySecondFactorBodySchema = z
  .object({
    pending_token: z.string().min(1).max(128),
    response: authenticationResponseSchema,
  })
  .strict();
export type PasskeySecondFactorBody = z.infer<typeof passkeySecondFactorBodySchema>;
