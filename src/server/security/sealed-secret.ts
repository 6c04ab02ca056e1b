import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator app's, an audit sink's signing secret),
 * sealed with a key kept outside the database (auth/mfa-key.ts, audit/sinks/sink-secret.ts).
 */
const VERSION = 'v1';

/**
 * Encrypts a secret for one owner (an account, an audit sink): AES-256-GCM with a random
 * 96-bit nonce, the owner's id as associated data (a secret copied to another owner's row
 * does not decrypt). Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export function encryptSecret(key: Buffer, ownerId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(ownerId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret encryptSecret sealed; throws when the key, the owner or the text is not the one sealed. */
export function decryptSecret(key: Buffer, ownerId: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new Error('Not an encrypted secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(ownerId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
