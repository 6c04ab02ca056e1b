import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** An opaque, unguessable token (256 bits) in URL-safe base64. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two secrets in constant time (hashing first equalizes their lengths). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
