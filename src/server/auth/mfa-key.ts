import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { keyFromConfigOrFile } from '../security/key-file';
import type { Config } from '../core/config';

/**
 * The key that encrypts the authenticator apps' secrets (docs/operations.md#the-mfa-key):
 * MFA_ENCRYPTION_KEY when set, else DATA_DIR/mfa-key, generated (mode 0600) on first
 * use. Like the audit chain key it is never stored in the database, so a copy of
 * the database alone reveals no secret; without it no code can be checked.
 */
const MFA_KEY_FILE = 'mfa-key';

/** The configured key text, else the file's (written first if absent). */
const keyText = (config: Config) =>
  keyFromConfigOrFile(
    config.mfaEncryptionKey,
    config.dataDir,
    MFA_KEY_FILE,
    'an MFA encryption key',
  );

/** The AES-256 key derived from the key text (HKDF-SHA-256). */
export function mfaKey(config: Config): Buffer {
  return Buffer.from(hkdfSync('sha256', keyText(config), Buffer.alloc(0), 'totp-secret-v1', 32));
}

const VERSION = 'v1';

/**
 * Encrypts a secret for one account: AES-256-GCM with a random 96-bit nonce,
 * the account's id as associated data (a secret copied to another account's
 * row does not decrypt). Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export function encryptSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret encryptSecret sealed; throws when the key, the account or the text is not the one sealed. */
export function decryptSecret(key: Buffer, userId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new Error('Not an encrypted authenticator secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
