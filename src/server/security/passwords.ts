import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordParams } from '../core/context';

export type { PasswordParams };

/**
 * Password hashing with scrypt at the OWASP parameters (N=2^17, r=8, p=1).
 * A stored hash is one string, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`
 * (salt and hash in base64url), so that the parameters can be raised later
 * without breaking older hashes.
 */
const SCRYPT_LOG_N = 17;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

type Params = PasswordParams;
export const PRODUCTION_PASSWORD_PARAMS: PasswordParams = {
  logN: SCRYPT_LOG_N,
  r: SCRYPT_R,
  p: SCRYPT_P,
};

// scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that for N=2^17.
const maxmemFor = ({ logN, r }: Params) => 128 * 2 ** logN * r * 2;

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.logN,
    r: params.r,
    p: params.p,
    maxmem: maxmemFor(params),
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: Params = PRODUCTION_PASSWORD_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.logN,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

const HASH_PATTERN =
  /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/**
 * True when `password` matches `stored`; the keys are compared in constant
 * time. Malformed hashes, and parameters outside a sane range (a crafted row
 * must not make the server spend gigabytes), never match.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = HASH_PATTERN.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, hash] = match;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (params.logN < 10 || params.logN > 20 || params.r < 1 || params.r > 16) return false;
  if (params.p < 1 || params.p > 4) return false;
  const expected = Buffer.from(hash!, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), params);
  return timingSafeEqual(actual, expected);
}

/** A password from the cryptographic generator: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
