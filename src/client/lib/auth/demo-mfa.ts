import {
  RECOVERY_CODE_COUNT,
  STEP_UP_MAX_AGE_SECONDS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@shared/mfa-constants';
import type { MfaStatus, SecondFactorMethod } from '@shared/schemas/mfa';
import { PASSKEY_LIMIT, type Passkey } from '@shared/schemas/passkeys';
import { ApiError } from '@/lib/api';
import { AuthFailure, type SecondFactorChallenge } from './authenticator';
import { registerDemoSecondFactor } from './demo-second-factor';

/** What a refused code says in the demo, where any six digits pass. */
export const DEMO_WRONG_CODE = `In the demo any ${TOTP_DIGITS} digits work, or one of the recovery codes shown at set-up.`;

/**
 * What removing a passkey takes (docs/product/sign-in.md#passkeys): one of the account's
 * passkeys, or the authenticator app's current code (or an unused recovery code).
 */
export type PasskeyProof = { passkey: true } | { code: string };

/** Enrolment started: the secret in base32 and the otpauth:// URI, shown this once. */
export type TotpEnrolment = { secret: string; otpauthUri: string };

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

const isAppCode = (code: string) =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s/g, ''));

/**
 * Two-step sign-in in demo mode (docs/product/sign-in.md#two-step-screen): the same
 * screens, simulated in this browser tab's memory and gone on reload. The key is made up
 * here and no app could use it; any six digits pass for a code, a recovery code once. The
 * mock sign-in asks for a code while the simulated app is on
 * (docs/product/sign-in.md#demo-second-step).
 */
export function createDemoMfa(now: () => Date = () => new Date()) {
  let factor: { created_at: string; last_used_at: string | null } | null = null;
  let pending = false;
  let codes: string[] = [];
  let passkeys: Passkey[] = [];
  let passkeysAdded = 0;
  /** The mock's sign-ins waiting for their code: the address each was for, by its token. */
  const signIns = new Map<string, string>();
  let signInCount = 0;
  /** When this tab last proved its simulated factor: the simulated step-up's clock. */
  let provedAt: number | null = null;
  const proved = () => {
    provedAt = now().getTime();
  };

  /** Spends a code: any six digits, or an unused recovery code (then it is gone). */
  const spend = (code: string): boolean => {
    if (!factor) return false;
    if (isAppCode(code)) {
      factor = { ...factor, last_used_at: now().toISOString() };
      proved();
      return true;
    }
    const given = code.trim().toLowerCase();
    if (!codes.includes(given)) return false;
    codes = codes.filter((c) => c !== given);
    proved();
    return true;
  };
  const refused = () => new ApiError(401, 'invalid_code', DEMO_WRONG_CODE);
  /** A simulated passkey answers: the first one is "used". */
  const spendPasskey = () => {
    const [first] = passkeys;
    if (first) {
      passkeys = passkeys.map((p) =>
        p.id === first.id ? { ...p, last_used_at: now().toISOString() } : p,
      );
      proved();
    }
  };
  const passkeyOf = (id: string) => {
    const found = passkeys.find((p) => p.id === id);
    if (!found) throw new ApiError(404, 'not_found', 'No such passkey on this account.');
    return found;
  };

  return {
    simulated: true as const,
    /** True while the simulated app or a passkey is on: the mock sign-in then asks for a step. */
    isOn: () => factor !== null || passkeys.length > 0,
    spend,
    /**
     * The simulated step-up (docs/product/sign-in.md#demo-step-up): the methods to ask for
     * while the app or a passkey is on and nothing proved it in the last minutes, else none
     * (an account without a second factor is not asked, as on the server).
     */
    stepUpMethods(): SecondFactorMethod[] {
      const fresh =
        provedAt !== null && now().getTime() - provedAt < STEP_UP_MAX_AGE_SECONDS * 1000;
      if (fresh) return [];
      const methods: SecondFactorMethod[] = [];
      if (factor) methods.push('totp');
      if (passkeys.length > 0) methods.push('passkey');
      return methods;
    },
    /** A simulated step-up with a code: any six digits, or an unused recovery code. */
    async stepUpWithCode(code: string): Promise<void> {
      if (!spend(code)) throw refused();
    },
    /** A simulated step-up with a passkey: no prompt, the first one is "used". */
    async stepUpWithPasskey(): Promise<void> {
      if (passkeys.length === 0) throw refused();
      spendPasskey();
    },
    begin(email: string): SecondFactorChallenge {
      const pendingToken = `demo-pending-${++signInCount}`;
      signIns.set(pendingToken, email);
      const methods: SecondFactorMethod[] = [];
      if (factor) methods.push('totp');
      if (passkeys.length > 0) methods.push('passkey');
      return { kind: 'second_factor', pendingToken, expiresIn: 300, methods };
    },
    /** The address the pending sign-in was for, once a simulated passkey answers. */
    completeWithPasskey(pendingToken: string): string {
      const email = signIns.get(pendingToken);
      if (email === undefined || passkeys.length === 0) {
        throw new AuthFailure('Your sign-in has expired. Please sign in again.', {
          reason: 'expired',
        });
      }
      spendPasskey();
      signIns.delete(pendingToken);
      return email;
    },

    complete(pendingToken: string, code: string): string {
      const email = signIns.get(pendingToken);
      if (email === undefined) {
        throw new AuthFailure('Your sign-in has expired. Please sign in again.', {
          reason: 'expired',
        });
      }
      if (!spend(code)) throw new AuthFailure(DEMO_WRONG_CODE, { reason: 'invalid_code' });
      signIns.delete(pendingToken);
      return email;
    },
    status: async (): Promise<MfaStatus> => ({
      factors: factor ? [{ kind: 'totp', ...factor }] : [],
      totp_pending: pending,
      recovery_codes_remaining: codes.length,
    }),
    async startTotp(): Promise<TotpEnrolment> {
      if (factor) throw new ApiError(409, 'conflict', 'Remove the app first.');
      pending = true;
      const secret = randomFrom(BASE32, 32);
      const label = encodeURIComponent('Talent Ecosystem:demo');
      return {
        secret,
        otpauthUri: `otpauth://totp/${label}?issuer=Talent%20Ecosystem&secret=${secret}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`,
      };
    },
    async confirmTotp(code: string): Promise<string[]> {
      if (!isAppCode(code)) throw refused();
      pending = false;
      factor = { created_at: now().toISOString(), last_used_at: now().toISOString() };
      proved();
      codes = demoRecoveryCodes();
      return codes;
    },
    async removeTotp(code: string): Promise<void> {
      if (!spend(code)) throw refused();
      factor = null;
      codes = [];
    },
    async regenerateRecoveryCodes(code: string): Promise<string[]> {
      if (!spend(code)) throw refused();
      codes = demoRecoveryCodes();
      return codes;
    },
    /** Passkeys, simulated: no browser prompt, nothing made on the device. */
    passkeys: {
      unsupported: () => null,
      list: async (): Promise<Passkey[]> => passkeys,
      async add(name: string): Promise<Passkey> {
        if (passkeys.length >= PASSKEY_LIMIT) {
          throw new ApiError(
            409,
            'passkey_limit',
            `An account may hold ${PASSKEY_LIMIT} passkeys. Remove one before adding another.`,
          );
        }
        passkeysAdded += 1;
        const added: Passkey = {
          id: crypto.randomUUID(),
          name: name.trim() || `Passkey ${passkeysAdded}`,
          created_at: now().toISOString(),
          last_used_at: null,
          backed_up: false,
        };
        passkeys = [...passkeys, added];
        return added;
      },
      async rename(id: string, name: string): Promise<Passkey> {
        const renamed = { ...passkeyOf(id), name: name.trim() };
        passkeys = passkeys.map((p) => (p.id === id ? renamed : p));
        return renamed;
      },
      async remove(id: string, proof: PasskeyProof): Promise<void> {
        passkeyOf(id);
        if ('code' in proof) {
          if (!spend(proof.code)) throw refused();
        } else spendPasskey();
        passkeys = passkeys.filter((p) => p.id !== id);
      },
    },
  };
}

/** The tab's one simulated app, shared by the Two-step sign-in screen and the mock sign-in. */
export const demoMfa = createDemoMfa();
registerDemoSecondFactor(demoMfa);
