import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keyFromConfigOrFile } from '../security/key-file';
import type { Config } from '../core/config';

/**
 * Device cookies of the sign-in (OWASP, "Slow down online guessing attacks
 * with device cookies"): a successful sign-in leaves the browser a cookie
 * naming the account and a random nonce, signed with the server's device key.
 * An attempt that brings a valid one for the account typed is the owner's
 * device: it skips the queue that slows guessers and has a small failure limit
 * of its own (credentials-check.ts). Nothing is stored: the signature and the
 * expiry say whether a cookie is valid.
 */
export const DEVICE_COOKIE = 'ted_device';
/** Sent only to the sign-in. */
export const DEVICE_COOKIE_PATH = '/api/auth/sign-in';
/** How long a device stays known after its last successful sign-in: 180 days. */
export const DEVICE_COOKIE_TTL_SECONDS = 180 * 86_400;
/** Where a generated device key is kept (mode 0600), beside the embedded database. */
const DEVICE_KEY_FILE = 'device-cookie-key';

/**
 * The device key: DEVICE_COOKIE_KEY when set, else DATA_DIR/device-cookie-key,
 * generated on first use. Processes sharing a DATA_DIR share the file (the
 * first one writes it, exclusively); processes on several hosts need one
 * DEVICE_COOKIE_KEY, or a device known to one is unknown to the others.
 */
export function deviceCookieKey(config: Config): Buffer {
  return keyFromConfigOrFile(
    config.deviceCookieKey,
    config.dataDir,
    DEVICE_KEY_FILE,
    'a device cookie key',
  );
}

const normalized = (email: string) => email.trim().toLowerCase();

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`device-cookie-v1\n${payload}`).digest();
}

/** A new device cookie's value for the account, valid for DEVICE_COOKIE_TTL_SECONDS from `now`. */
export function mintDeviceCookie(key: Buffer, email: string, now: Date): string {
  const account = Buffer.from(normalized(email), 'utf8').toString('base64url');
  const nonce = randomBytes(16).toString('base64url');
  const expires = Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_TTL_SECONDS;
  const payload = `${account}.${nonce}.${expires}`;
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

/**
 * The nonce of a device cookie signed with `key`, unexpired at `now` and
 * issued for `email`; null for anything else (absent, malformed, tampered,
 * signed with another key, expired, another account's).
 */
export function readDeviceCookie(
  key: Buffer,
  value: string | undefined,
  email: string,
  now: Date,
): { nonce: string } | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 4) return null;
  const [account, nonce, expires, mac] = parts as [string, string, string, string];
  const expected = signature(key, `${account}.${nonce}.${expires}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  if (Buffer.from(account, 'base64url').toString('utf8') !== normalized(email)) return null;
  return { nonce };
}
