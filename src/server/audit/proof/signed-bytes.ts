/**
 * What the audit trail's Ed25519 signatures cover, byte for byte
 * (docs/decisions/022-signed-checkpoints-and-exports.md). This file and the others of
 * `proof/` import only node:crypto and each other: the outsider's verifiers
 * (scripts/ops/audit-verify-checkpoints.ts, audit-verify-export.ts) run them without the
 * database or the chain's HMAC key.
 */
import {
  createHash,
  createPublicKey,
  sign as edSign,
  verify as edVerify,
  type KeyObject,
} from 'node:crypto';

/** A signed head checkpoint as the feed and a saved series carry it. */
export type SignedCheckpoint = {
  /** The sequence number of the newest event the head covers. */
  seq: number;
  head_hash: string;
  event_count: number;
  signed_at: string;
  key_id: string;
  /** Ed25519 over checkpointBytes, base64url. */
  signature: string;
};

/** A key's public half as JWK (RFC 8037), its id the JWK thumbprint (RFC 7638). */
export type PublicJwk = { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string };

/** A statement, signed by the key it retires, naming the key that signs from then on. */
export type RotationStatement = {
  from_key_id: string;
  to_key_id: string;
  /** The new key's public half (JWK `x`). */
  to_public_key: string;
  /** The last checkpoint seq the retired key signed; later ones are the new key's. */
  after_seq: number;
  signed_at: string;
  /** Ed25519 of the retired key over rotationBytes, base64url. */
  signature: string;
};

/** One key of the feed, oldest first; every key but the first carries its rotation statement. */
export type PublishedKey = {
  key_id: string;
  jwk: PublicJwk;
  pem: string;
  created_at: string;
  rotation: RotationStatement | null;
};

const CHECKPOINT_FORMAT = 'talent-audit-checkpoint-v1';
const ROTATION_FORMAT = 'talent-audit-key-rotation-v1';
export const EXPORT_FORMAT = 'talent-audit-export-v1' as const;

/**
 * The bytes a checkpoint's signature covers: UTF-8 of six lines joined by a line feed, no
 * trailing line feed.
 */
export function checkpointBytes(c: Omit<SignedCheckpoint, 'signature'>): Buffer {
  return Buffer.from(
    [
      CHECKPOINT_FORMAT,
      `seq:${c.seq}`,
      `head:${c.head_hash}`,
      `count:${c.event_count}`,
      `time:${c.signed_at}`,
      `key:${c.key_id}`,
    ].join('\n'),
    'utf8',
  );
}

/** The bytes a rotation statement's signature covers, built like checkpointBytes. */
export function rotationBytes(r: Omit<RotationStatement, 'signature'>): Buffer {
  return Buffer.from(
    [
      ROTATION_FORMAT,
      `from:${r.from_key_id}`,
      `to:${r.to_key_id}`,
      `public:${r.to_public_key}`,
      `after:${r.after_seq}`,
      `time:${r.signed_at}`,
    ].join('\n'),
    'utf8',
  );
}

/** JSON with object keys sorted (UTF-16 order) and no spaces: what an export manifest signs. */
function canonicalJsonText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJsonText).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .sort()
    .filter((k) => record[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJsonText(record[k])}`);
  return `{${fields.join(',')}}`;
}

/** The bytes an export manifest's signature covers: the format line, a line feed, the canonical JSON of every other field. */
export function manifestBytes(manifest: Record<string, unknown>): Buffer {
  const { signature: _signature, ...signed } = manifest;
  return Buffer.from(`${EXPORT_FORMAT}\n${canonicalJsonText(signed)}`, 'utf8');
}

/** The JWK thumbprint (RFC 7638) of an Ed25519 public key given as its JWK `x`. */
export function keyIdOf(x: string): string {
  return createHash('sha256')
    .update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`)
    .digest('base64url');
}

/** The public JWK of an Ed25519 key (private or public), with its thumbprint as `kid`. */
export function publicJwkOf(key: KeyObject): PublicJwk {
  const jwk = (key.type === 'public' ? key : createPublicKey(key)).export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new Error('not an Ed25519 key');
  }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: keyIdOf(jwk.x) };
}

/** An Ed25519 public key from its JWK `x`, or null when it is not one. */
export function publicKeyFromX(x: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** Ed25519 over `bytes`, base64url. */
export function signBytes(privateKey: KeyObject, bytes: Buffer): string {
  return edSign(null, bytes, privateKey).toString('base64url');
}

/** Whether `signature` (base64url) is the key's Ed25519 signature over `bytes`. */
export function verifyBytes(publicKey: KeyObject, bytes: Buffer, signature: string): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(signature)) return false;
  try {
    return edVerify(null, bytes, publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** The SHA-256 of text's UTF-8 bytes (or of bytes), hex. */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
