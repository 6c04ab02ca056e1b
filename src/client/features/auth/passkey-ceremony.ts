import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import type { AuthenticationResponse, registerPasskeyBodySchema } from '@shared/schemas/passkeys';
import type { ApiResult } from '@/lib/api';

/**
 * The browser's side of a passkey (docs/product/sign-in.md#passkeys), through
 * @simplewebauthn/browser: the options the server answered go to the browser as they are, and
 * what the browser answers goes back as it is. A ceremony that fails becomes a PasskeyProblem
 * whose message is the person's to read.
 */

/** The person closed the browser's prompt, or let it time out. */
export const PASSKEY_CANCELLED =
  'The passkey request was cancelled or timed out. Try again when you are ready.';
/** The authenticator already holds one of the account's passkeys (excluded by the options). */
export const PASSKEY_ALREADY_REGISTERED =
  'This device or security key already holds a passkey for your account. Use it to sign in, or add another one.';
/** No WebAuthn at all (an old browser, or one that turned it off). */
export const PASSKEY_UNSUPPORTED =
  'This browser cannot use passkeys. Use an up-to-date browser, or sign in another way.';
const PASSKEY_FAILED = 'The passkey could not be used. Try again, or use another way.';

export type PasskeyProblemKind = 'cancelled' | 'already_registered' | 'unsupported' | 'failed';

/** A ceremony that did not give an answer, and why in the person's words. */
export class PasskeyProblem extends Error {
  override name = 'PasskeyProblem';
  constructor(
    readonly kind: PasskeyProblemKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Whatever the ceremony threw, as a PasskeyProblem. */
function problemOf(err: unknown): PasskeyProblem {
  if (err instanceof PasskeyProblem) return err;
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return new PasskeyProblem('already_registered', PASSKEY_ALREADY_REGISTERED, { cause: err });
    }
    if (err.code === 'ERROR_CEREMONY_ABORTED' || err.name === 'NotAllowedError') {
      return new PasskeyProblem('cancelled', PASSKEY_CANCELLED, { cause: err });
    }
  }
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) {
    return new PasskeyProblem('cancelled', PASSKEY_CANCELLED, { cause: err });
  }
  return new PasskeyProblem('failed', PASSKEY_FAILED, { cause: err });
}

/** True when this browser can make and use passkeys. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

function requireSupport(): void {
  if (!browserSupportsWebAuthn()) throw new PasskeyProblem('unsupported', PASSKEY_UNSUPPORTED);
}

type CreationOptions = ApiResult<'POST', '/api/auth/passkeys/registration-options'>['options'];
type RequestOptions = ApiResult<'POST', '/api/auth/passkeys/confirmation-options'>['options'];

type RegistrationResponse = z.infer<typeof registerPasskeyBodySchema>['response'];

/** Creates a passkey from the server's registration options (navigator.credentials.create). */
export async function createPasskey(options: CreationOptions): Promise<RegistrationResponse> {
  requireSupport();
  try {
    return (await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    })) as RegistrationResponse;
  } catch (err) {
    throw problemOf(err);
  }
}

/** Answers the server's request options with a passkey (navigator.credentials.get). */
export async function assertPasskey(options: RequestOptions): Promise<AuthenticationResponse> {
  requireSupport();
  try {
    return (await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    })) as AuthenticationResponse;
  } catch (err) {
    throw problemOf(err);
  }
}

/**
 * The browser's autofill offers the passkeys it holds beside the email field (conditional
 * mediation). Resolves to null when the browser cannot, or when `cancelAutofill()` (or another
 * ceremony) ended the wait; never rejects, so leaving the page leaks nothing.
 */
export async function autofillPasskey(
  options: () => Promise<RequestOptions>,
  stillWanted: () => boolean,
): Promise<AuthenticationResponse | null> {
  try {
    if (!browserSupportsWebAuthn() || !(await browserSupportsWebAuthnAutofill())) return null;
    const optionsJSON = await options();
    if (!stillWanted()) return null;
    return (await startAuthentication({
      optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: true,
    })) as AuthenticationResponse;
  } catch {
    return null;
  }
}

/** Ends a waiting ceremony (the autofill's, when the form is sent or the page left). */
export const cancelPasskeyCeremony = (): void => WebAuthnAbortService.cancelCeremony();
