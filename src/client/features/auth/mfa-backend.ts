import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type MfaStatus,
} from '@shared/schemas/mfa';
import { api, ApiError } from '@/lib/api';

/** Enrolment started: the secret in base32 and the otpauth:// URI, shown this once. */
export type TotpEnrolment = { secret: string; otpauthUri: string };

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

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomFrom(alphabet: string, length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const demoRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    randomFrom(RECOVERY_ALPHABET, 12).match(/.{4}/g)!.join('-'),
  );

const DEMO_WRONG_CODE = new ApiError(
  401,
  'invalid_code',
  `In the demo any ${TOTP_DIGITS} digits work: enter ${TOTP_DIGITS} digits.`,
);

/**
 * Demo mode: the same screens, simulated in this browser tab's memory (gone on reload). The
 * secret is made up here and no app could use it; any six digits pass for a code.
 */
export function createDemoMfa(now: () => Date = () => new Date()): MfaBackend {
  let factor: { created_at: string; last_used_at: string | null } | null = null;
  let pending = false;
  let codes: string[] = [];
  const accepts = (code: string) =>
    new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s/g, ''));
  const check = (code: string) => {
    if (accepts(code)) {
      factor = factor && { ...factor, last_used_at: now().toISOString() };
      return;
    }
    const normalized = code.trim().toLowerCase();
    if (codes.includes(normalized)) {
      codes = codes.filter((c) => c !== normalized);
      return;
    }
    throw DEMO_WRONG_CODE;
  };
  return {
    simulated: true,
    status: async () => ({
      factors: factor ? [{ kind: 'totp', ...factor }] : [],
      totp_pending: pending,
      recovery_codes_remaining: codes.length,
    }),
    async startTotp() {
      if (factor) throw new ApiError(409, 'conflict', 'Remove the app first.');
      pending = true;
      const secret = randomFrom(BASE32, 32);
      const label = encodeURIComponent('Talent Ecosystem:demo@example.com');
      return {
        secret,
        otpauthUri: `otpauth://totp/${label}?issuer=Talent%20Ecosystem&secret=${secret}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`,
      };
    },
    async confirmTotp(code) {
      if (!accepts(code)) throw DEMO_WRONG_CODE;
      pending = false;
      factor = { created_at: now().toISOString(), last_used_at: now().toISOString() };
      codes = demoRecoveryCodes();
      return codes;
    },
    async removeTotp(code) {
      check(code);
      factor = null;
      codes = [];
    },
    async regenerateRecoveryCodes(code) {
      check(code);
      codes = demoRecoveryCodes();
      return codes;
    },
  };
}
