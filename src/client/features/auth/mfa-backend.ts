import type { MfaStatus } from '@shared/schemas/mfa';
import { api } from '@/lib/api';
import type { TotpEnrolment } from '@/lib/auth/demo-mfa';

export type { TotpEnrolment } from '@/lib/auth/demo-mfa';

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
    return (await api('POST', '/api/auth/mfa/totp/confirm', { body: { code } })).recovery_codes;
  },
  async removeTotp(code) {
    await api('POST', '/api/auth/mfa/totp/remove', { body: { code } });
  },
  async regenerateRecoveryCodes(code) {
    return (await api('POST', '/api/auth/mfa/recovery-codes', { body: { code } })).recovery_codes;
  },
};
