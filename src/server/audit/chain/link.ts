import { createHash, createHmac } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditInput = {
  clientEventId?: string | null;
  source: 'console' | 'startup' | 'server';
  eventType: string;
  severity?: string;
  userId?: string | null;
  sessionId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  pageUrl?: string | null;
  details?: Record<string, unknown>;
  occurredAt?: Date;
  /** For an event a browser reported: the time the browser claimed (occurredAt is when it arrived). */
  claimedAt?: Date | null;
};

/** The fields of an event that its link covers. */
export type ChainedFields = {
  id: string;
  clientEventId: string | null;
  source: AuditInput['source'];
  eventType: string;
  severity: string;
  userId: string | null;
  sessionId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  details: unknown;
  occurredAt: Date;
  recordedAt: Date;
  claimedAt: Date | null;
};

/** JSON with object keys sorted, so that jsonb's reordering does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Written as loops: every event's content goes through here, on the request's thread.
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  // The default order compares UTF-16 code units, as `<` does.
  const keys = Object.keys(record).sort();
  out = '{';
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(k) + ':' + canonicalJson(v);
  }
  return out + '}';
}

/** The chain's key, set once per process at start (useAuditChainKey); never stored in the database. */
let processKey: Buffer | null = null;

/**
 * Sets the key every append and verification in this process uses. One
 * process serves one trail: every app in it shares the key (tests included).
 */
export function useAuditChainKey(key: string | Buffer): void {
  processKey = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
}

export function auditChainKey(): Buffer {
  if (!processKey) {
    throw new Error('The audit chain key is not configured (useAuditChainKey at start)');
  }
  return processKey;
}

/** Names a key without revealing it: stored in app_settings to recognise the key a trail was written with. */
export function auditKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('audit-chain-key-id').digest('hex').slice(0, 32);
}

/** The app_settings row holding the key id; present once the trail has been keyed. */
export const AUDIT_KEY_ID_SETTING = 'audit_chain_key_id';

export function eventContent(e: ChainedFields, keyed: boolean): string {
  // canonicalJson of the fields in this order, built around the one that may be an object
  // (details): every other field is a string or null, which JSON.stringify writes the same.
  const before = JSON.stringify([
    e.id,
    e.clientEventId,
    e.source,
    e.eventType,
    e.severity,
    e.userId,
    e.sessionId,
    e.ipAddress,
    e.userAgent,
    e.pageUrl,
  ]);
  const times: (string | null)[] = [e.occurredAt.toISOString(), e.recordedAt.toISOString()];
  // Keyed links also cover the time a browser claimed; unkeyed (older) links predate it.
  if (keyed) times.push(e.claimedAt ? e.claimedAt.toISOString() : null);
  return `${before.slice(0, -1)},${canonicalJson(e.details)},${JSON.stringify(times).slice(1)}`;
}

/**
 * The link hash: HMAC-SHA-256 under the chain key over the previous hash and
 * the canonical content. Without a key, the plain SHA-256 that events written
 * before the chain was keyed carry.
 */
export function hashEvent(prevHash: string, e: ChainedFields, key: Buffer | null): string {
  return linkHash(prevHash, eventContent(e, !!key), key);
}

/** What a link hashes: the previous hash, a line break, the canonical content (keyed or not). */
export function linkInput(prevHash: string, e: ChainedFields, keyed: boolean): string {
  return joined(prevHash, eventContent(e, keyed));
}

const joined = (prevHash: string, text: string) => `${prevHash}\n${text}`;

export function linkHash(prevHash: string, text: string, key: Buffer | null): string {
  const mac = key ? createHmac('sha256', key) : createHash('sha256');
  return mac.update(joined(prevHash, text)).digest('hex');
}
