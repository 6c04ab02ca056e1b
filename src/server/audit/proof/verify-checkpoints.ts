import type { KeyObject } from 'node:crypto';
import {
  checkpointBytes,
  keyIdOf,
  publicKeyFromX,
  rotationBytes,
  verifyBytes,
  type PublishedKey,
  type SignedCheckpoint,
} from './signed-bytes';

/** A saved series: the public-key feed's keys and the checkpoints, as fetched. */
export type CheckpointSeries = { keys: PublishedKey[]; checkpoints: SignedCheckpoint[] };

/** The check a series failed (docs/operations.md#what-an-outsider-keeps). */
export type SeriesCheck = 'format' | 'rotation' | 'key' | 'signature' | 'fork' | 'order' | 'count';

export type SeriesVerification =
  | { ok: true; checked: number; keys: string[]; last: SignedCheckpoint | null }
  | {
      ok: false;
      check: SeriesCheck;
      /** The first bad checkpoint's place in the series (0-based) and its seq; null for a key. */
      index: number | null;
      seq: number | null;
      reason: string;
      checked: number;
    };

/** A trusted key and the checkpoint seqs it may sign: (afterSeq, untilSeq]. */
type TrustedKey = { id: string; key: KeyObject; afterSeq: number; untilSeq: number };

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function wellFormed(c: unknown): c is SignedCheckpoint {
  if (!c || typeof c !== 'object') return false;
  const r = c as Record<string, unknown>;
  return (
    isCount(r.seq) &&
    isCount(r.event_count) &&
    typeof r.head_hash === 'string' &&
    /^[0-9a-f]{64}$/.test(r.head_hash) &&
    typeof r.signed_at === 'string' &&
    typeof r.key_id === 'string' &&
    typeof r.signature === 'string'
  );
}

/**
 * The keys to trust: from the anchor (the key id the verifier pinned, else the feed's first
 * key) on, each next key only through a statement the previous key signed.
 */
function trustedKeys(
  keys: PublishedKey[],
  anchorId: string | undefined,
): TrustedKey[] | { reason: string } {
  if (!Array.isArray(keys) || keys.length === 0) return { reason: 'the series names no key' };
  const start = anchorId === undefined ? 0 : keys.findIndex((k) => k?.key_id === anchorId);
  if (start < 0) return { reason: `the trusted key ${anchorId} is not among the series' keys` };
  const trusted: TrustedKey[] = [];
  for (let i = start; i < keys.length; i++) {
    const k = keys[i]!;
    const x = k?.jwk?.x;
    const key = typeof x === 'string' ? publicKeyFromX(x) : null;
    if (!key || keyIdOf(x) !== k.key_id) {
      return { reason: `key ${k?.key_id ?? i + 1} is not an Ed25519 key with that id` };
    }
    const previous = trusted.at(-1);
    if (previous) {
      const r = k.rotation;
      if (
        !r ||
        r.from_key_id !== previous.id ||
        r.to_key_id !== k.key_id ||
        r.to_public_key !== x ||
        !isCount(r.after_seq) ||
        r.after_seq < previous.afterSeq ||
        !verifyBytes(previous.key, rotationBytes(r), r.signature)
      ) {
        return {
          reason: `key ${k.key_id} has no rotation statement signed by key ${previous.id}`,
        };
      }
      previous.untilSeq = r.after_seq;
    }
    const afterSeq = previous ? k.rotation!.after_seq : -1;
    trusted.push({ id: k.key_id, key, afterSeq, untilSeq: Number.MAX_SAFE_INTEGER });
  }
  return trusted;
}

/**
 * Checks a series of signed checkpoints with the public keys alone, in the order given, and
 * names the first bad one: each signature under a trusted key that was in force for its seq,
 * no two different heads for one seq (a fork), seq growing, and the count growing by no more
 * than the seq did (identity numbers may be skipped, never reused).
 */
export function verifyCheckpointSeries(
  series: CheckpointSeries,
  options: { trustedKeyId?: string } = {},
): SeriesVerification {
  const fail = (
    check: SeriesCheck,
    reason: string,
    index: number | null,
    seq: number | null,
  ): SeriesVerification => ({ ok: false, check, index, seq, reason, checked: index ?? 0 });
  const keys = trustedKeys(series?.keys, options.trustedKeyId);
  if ('reason' in keys) return fail('rotation', keys.reason, null, null);
  const checkpoints = series.checkpoints;
  if (!Array.isArray(checkpoints)) return fail('format', 'the series has no checkpoints', 0, null);

  const heads = new Map<number, string>();
  let previous: SignedCheckpoint | null = null;
  for (const [i, c] of checkpoints.entries()) {
    const name = `checkpoint ${i + 1}`;
    if (!wellFormed(c)) return fail('format', `${name} is not a checkpoint`, i, null);
    const at = `${name} (seq ${c.seq})`;
    const key = keys.find((k) => k.id === c.key_id);
    if (!key)
      return fail('key', `${at} is signed by key ${c.key_id}, which is not trusted`, i, c.seq);
    if (!verifyBytes(key.key, checkpointBytes(c), c.signature)) {
      return fail(
        'signature',
        `${at}: the signature does not verify under key ${c.key_id}`,
        i,
        c.seq,
      );
    }
    if (c.seq <= key.afterSeq || c.seq > key.untilSeq) {
      return fail(
        'key',
        `${at} is signed by key ${c.key_id} outside the seqs it was in force for`,
        i,
        c.seq,
      );
    }
    const seen = heads.get(c.seq);
    if (seen !== undefined && seen !== c.head_hash) {
      return fail('fork', `${at}: two different heads are signed for seq ${c.seq}`, i, c.seq);
    }
    heads.set(c.seq, c.head_hash);
    if (previous && c.seq <= previous.seq) {
      return fail('order', `${at} does not follow seq ${previous.seq}`, i, c.seq);
    }
    if (
      previous &&
      (c.event_count < previous.event_count ||
        c.event_count - previous.event_count > c.seq - previous.seq)
    ) {
      return fail(
        'count',
        `${at} counts ${c.event_count} events after ${previous.event_count} at seq ${previous.seq}`,
        i,
        c.seq,
      );
    }
    previous = c;
  }
  return {
    ok: true,
    checked: checkpoints.length,
    keys: keys.map((k) => k.id),
    last: previous,
  };
}
