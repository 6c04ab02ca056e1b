import { createHash, createPrivateKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../core/config';

/**
 * The keys that sign the OpenID Provider's ID tokens (docs/operations.md#the-openid-provider-keys):
 * OIDC_SIGNING_KEYS when set, else DATA_DIR/oidc-signing-keys.json, generated (mode 0600) on first
 * use. Like the other server secrets they are never stored in the database. The first key signs;
 * the others are still published, so that a token signed before a rotation verifies until it
 * expires.
 */
const SIGNING_KEYS_FILE = 'oidc-signing-keys.json';

export type SigningJwk = JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };

export const signingKeysFile = (config: Config) => path.resolve(config.dataDir, SIGNING_KEYS_FILE);

/** RFC 7638 thumbprint of an RSA public key: a key id every party can recompute. */
function thumbprint(jwk: JsonWebKey): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
}

/** A new RS256 signing key (RSA 2048), as a private JWK with its thumbprint as kid. */
export function newSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/** The keys of a JWKS text; refused unless every key is an RSA private key. */
function parseSigningKeys(text: string, where: string): SigningJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${where} is not JSON (a JSON Web Key Set of RSA private keys)`);
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw new ConfigError(`${where} holds no "keys" (a JSON Web Key Set of RSA private keys)`);
  }
  return keys.map((raw: JsonWebKey, i) => {
    try {
      const key = createPrivateKey({ key: raw, format: 'jwk' });
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    } catch {
      throw new ConfigError(`${where}: key ${i + 1} is not an RSA private key`);
    }
    return { ...raw, kid: thumbprint(raw), alg: 'RS256', use: 'sig' } as SigningJwk;
  });
}

const text = (keys: SigningJwk[]) => `${JSON.stringify({ keys }, null, 2)}\n`;

/** The configured keys, else the file's (written first, exclusively, if absent). */
export function readSigningKeys(config: Config): SigningJwk[] {
  if (config.oidcSigningKeys) return parseSigningKeys(config.oidcSigningKeys, 'OIDC_SIGNING_KEYS');
  const file = signingKeysFile(config);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, text([newSigningKey()]), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process sharing DATA_DIR wrote it first: use that one.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseSigningKeys(readFileSync(file, 'utf8'), file);
}

/**
 * A rotation: a new key signs from now on, the previous signing key is still published so that
 * the tokens it signed verify until they expire, and older keys are dropped.
 */
export function rotatedKeys(current: SigningJwk[]): SigningJwk[] {
  return [newSigningKey(), ...current.slice(0, 1)];
}

/** Rotates the keys kept in DATA_DIR (written beside, then renamed over the file). */
export function rotateSigningKeysFile(config: Config): SigningJwk[] {
  const file = signingKeysFile(config);
  const keys = rotatedKeys(readSigningKeys(config));
  writeFileSync(`${file}.next`, text(keys), { mode: 0o600 });
  renameSync(`${file}.next`, file);
  return keys;
}
