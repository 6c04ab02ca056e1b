import type { MfaStatus } from '@shared/schemas/mfa';
import type { Passkey } from '@shared/schemas/passkeys';
import { api } from '@/lib/api';
import type { PasskeyProof, TotpEnrolment } from '@/lib/auth/demo-mfa';
import { setEnrolmentRequired } from './enrolment-note';
import {
  assertPasskey,
  createPasskey,
  passkeysSupported,
  PASSKEY_UNSUPPORTED,
} from './passkey-ceremony';

export type { PasskeyProof, TotpEnrolment } from '@/lib/auth/demo-mfa';

/**
 * The account's passkeys (docs/product/sign-in.md#passkeys): the list, adding one (the
 * browser's ceremony included), renaming, and removing one with a fresh second factor.
 */
export type PasskeyBackend = {
  /** Why this browser cannot make a passkey, or null when it can. */
  unsupported(): string | null;
  list(): Promise<Passkey[]>;
  add(name: string): Promise<Passkey>;
  rename(id: string, name: string): Promise<Passkey>;
  remove(id: string, proof: PasskeyProof): Promise<void>;
};

/**
 * What the two-step sign-in screen asks of the server (docs/product/sign-in.md#second-step):
 * the account's factors, enrolment, and the changes that take a current code. A code the
 * server refuses rejects with an ApiError whose message is the user's to read.
 */
export type MfaBackend = {
  /** True in demo mode: nothing leaves the page. */
  simulated: boolean;
  status(): Promise<MfaStatus>;
  startTotp(): Promise<TotpEnrolment>;
  /** Confirms the pending app with its first code; answers the recovery codes, shown once. */
  confirmTotp(code: string): Promise<string[]>;
  removeTotp(code: string): Promise<void>;
  regenerateRecoveryCodes(code: string): Promise<string[]>;
  passkeys: PasskeyBackend;
};

/** Production mode: the account's passkeys on the server, made and used by this browser. */
const serverPasskeys: PasskeyBackend = {
  unsupported: () => (passkeysSupported() ? null : PASSKEY_UNSUPPORTED),
  list: async () => (await api('GET', '/api/auth/passkeys')).passkeys,
  async add(name) {
    const { options } = await api('POST', '/api/auth/passkeys/registration-options');
    const response = await createPasskey(options);
    const added = await api('POST', '/api/auth/passkeys', { body: { response, name } });
    // The account has a second factor now: the console opens (sign-in.md#enrolment-required).
    setEnrolmentRequired(false);
    return added;
  },
  rename: (id, name) => api('PATCH', '/api/auth/passkeys/{id}', { params: { id }, body: { name } }),
  async remove(id, proof) {
    if ('code' in proof) {
      await api('POST', '/api/auth/passkeys/{id}/remove', {
        params: { id },
        body: { code: proof.code },
      });
      return;
    }
    const { options } = await api('POST', '/api/auth/passkeys/confirmation-options');
    const assertion = await assertPasskey(options);
    await api('POST', '/api/auth/passkeys/{id}/remove', { params: { id }, body: { assertion } });
  },
};

/** Production mode: the signed-in account's factors on the server. */
export const serverMfa: MfaBackend = {
  simulated: false,
  status: () => api('GET', '/api/auth/mfa'),
  async startTotp() {
    const r = await api('POST', '/api/auth/mfa/totp');
    return { secret: r.secret, otpauthUri: r.otpauth_uri };
  },
  async confirmTotp(code) {
    const { recovery_codes } = await api('POST', '/api/auth/mfa/totp/confirm', { body: { code } });
    // The account has a second factor now: the console opens (sign-in.md#enrolment-required).
    setEnrolmentRequired(false);
    return recovery_codes;
  },
  async removeTotp(code) {
    await api('POST', '/api/auth/mfa/totp/remove', { body: { code } });
  },
  async regenerateRecoveryCodes(code) {
    return (await api('POST', '/api/auth/mfa/recovery-codes', { body: { code } })).recovery_codes;
  },
  passkeys: serverPasskeys,
};
