import { WebAuthnError } from '@simplewebauthn/browser';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assertPasskey,
  autofillPasskey,
  createPasskey,
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CANCELLED,
  PASSKEY_UNSUPPORTED,
} from './passkey-ceremony';

/** The browser, through the library: each test says what it answers. */
const webauthn = vi.hoisted(() => ({
  supported: vi.fn(),
  autofill: vi.fn(),
  register: vi.fn(),
  authenticate: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (real) => ({
  ...(await real<typeof WebAuthnBrowser>()),
  browserSupportsWebAuthn: webauthn.supported,
  browserSupportsWebAuthnAutofill: webauthn.autofill,
  startRegistration: webauthn.register,
  startAuthentication: webauthn.authenticate,
}));

const domError = (name: string) => Object.assign(new Error(name), { name });
const CREATION = {
  rp: { name: 'Talent Ecosystem', id: 'localhost' },
  user: { id: 'dQ', name: 'ada@example.com', displayName: 'Ada' },
  challenge: 'Yw',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};

beforeEach(() => {
  webauthn.supported.mockReset().mockReturnValue(true);
  webauthn.autofill.mockReset().mockResolvedValue(true);
  webauthn.register.mockReset();
  webauthn.authenticate.mockReset();
});

describe('the browser’s passkey ceremonies (docs/product/sign-in.md#passkeys)', () => {
  it('names an authenticator that already holds one of the account’s passkeys', async () => {
    webauthn.register.mockRejectedValue(
      new WebAuthnError({
        message: 'The authenticator was previously registered',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: domError('InvalidStateError'),
      }),
    );
    await expect(createPasskey(CREATION)).rejects.toMatchObject({
      kind: 'already_registered',
      message: PASSKEY_ALREADY_REGISTERED,
    });
  });

  it('calls a closed or timed-out prompt cancelled (NotAllowedError)', async () => {
    webauthn.authenticate.mockRejectedValue(
      new WebAuthnError({
        message: 'The operation either timed out or was not allowed.',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        cause: domError('NotAllowedError'),
      }),
    );
    await expect(assertPasskey({ challenge: 'Yw' })).rejects.toMatchObject({
      kind: 'cancelled',
      message: PASSKEY_CANCELLED,
    });
  });

  it('says a browser without WebAuthn cannot, before asking it anything', async () => {
    webauthn.supported.mockReturnValue(false);
    await expect(createPasskey(CREATION)).rejects.toMatchObject({
      kind: 'unsupported',
      message: PASSKEY_UNSUPPORTED,
    });
    expect(webauthn.register).not.toHaveBeenCalled();
  });

  it('keeps the library’s own words out of what the person reads', async () => {
    webauthn.register.mockRejectedValue(new Error('The RP ID "evil.example" is invalid'));
    await expect(createPasskey(CREATION)).rejects.toMatchObject({
      kind: 'failed',
      message: 'The passkey could not be used. Try again, or use another way.',
    });
  });
});

describe('the autofill’s wait', () => {
  it('asks for options only when the browser can offer passkeys there', async () => {
    webauthn.autofill.mockResolvedValue(false);
    const options = vi.fn();
    expect(await autofillPasskey(options, () => true)).toBeNull();
    expect(options).not.toHaveBeenCalled();
  });

  it('starts no ceremony once the page no longer wants one', async () => {
    expect(
      await autofillPasskey(
        async () => ({ challenge: 'Yw' }),
        () => false,
      ),
    ).toBeNull();
    expect(webauthn.authenticate).not.toHaveBeenCalled();
  });

  it('ends quietly when cancelled, never with a rejection', async () => {
    webauthn.authenticate.mockRejectedValue(
      new WebAuthnError({
        message: 'Authentication ceremony was sent an abort signal',
        code: 'ERROR_CEREMONY_ABORTED',
        cause: domError('AbortError'),
      }),
    );
    await expect(
      autofillPasskey(
        async () => ({ challenge: 'Yw' }),
        () => true,
      ),
    ).resolves.toBeNull();
    expect(webauthn.authenticate).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Yw' },
      useBrowserAutofill: true,
    });
  });
});
