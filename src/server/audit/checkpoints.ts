import type { KeyObject } from 'node:crypto';
import { asc, desc, eq, gt, max } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditChainHead, auditCheckpoints, auditSigningKeys } from '../db/schema';
import {
  checkpointBytes,
  publicJwkOf,
  publicKeyFromX,
  rotationBytes,
  signBytes,
  type PublishedKey,
  type RotationStatement,
  type SignedCheckpoint,
} from './proof/signed-bytes';
import { AuditKeyError } from './chain-key';
import { auditSigningKey, registerAuditSigningKey, useAuditSigningKey } from './signing-key';

/**
 * How often the trail's head is signed (docs/product/audit-trail.md#signed-checkpoints): once
 * it has moved by this many events, or once the newest checkpoint is this old and the trail
 * has moved since; the server looks every `lookEveryMs`.
 */
export const CHECKPOINT_CADENCE = { everyEvents: 1000, everyMs: 60_000, lookEveryMs: 10_000 };

/** The largest page of the public checkpoint feed. */
export const CHECKPOINT_PAGE_MAX = 500;

type CheckpointRow = typeof auditCheckpoints.$inferSelect;

const published = (row: CheckpointRow): SignedCheckpoint => ({
  seq: row.seq,
  head_hash: row.headHash,
  event_count: row.eventCount,
  signed_at: row.signedAt.toISOString(),
  key_id: row.keyId,
  signature: row.signature,
});

/**
 * Signs the chain's head as it stands (committed, or as the caller's transaction moved it)
 * with the process's key and stores it: one row per head seq, the first one signed kept, so
 * several processes signing the same head store one checkpoint. Null for an empty trail.
 */
export async function recordCheckpoint(tx: Tx | Db, now: Date): Promise<SignedCheckpoint | null> {
  const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head || head.eventCount === 0) return null;
  await registerAuditSigningKey(tx, now);
  const { key, keyId } = auditSigningKey();
  const body = {
    seq: head.lastSeq,
    head_hash: head.lastHash,
    event_count: head.eventCount,
    signed_at: new Date(Math.floor(now.getTime())).toISOString(),
    key_id: keyId,
  };
  const signature = signBytes(key, checkpointBytes(body));
  await tx
    .insert(auditCheckpoints)
    .values({
      seq: body.seq,
      headHash: body.head_hash,
      eventCount: body.event_count,
      signedAt: new Date(body.signed_at),
      keyId,
      signature,
    })
    .onConflictDoNothing({ target: auditCheckpoints.seq });
  const [stored] = await tx
    .select()
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.seq, body.seq));
  return published(stored!);
}

/** Signs the head when the cadence says so (CHECKPOINT_CADENCE); the checkpoint, or null. */
export async function checkpointIfDue(db: Db, now: Date): Promise<SignedCheckpoint | null> {
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head || head.eventCount === 0) return null;
  const [latest] = await db
    .select()
    .from(auditCheckpoints)
    .orderBy(desc(auditCheckpoints.seq))
    .limit(1);
  if (latest && latest.seq >= head.lastSeq) return null;
  const due =
    !latest ||
    head.lastSeq - latest.seq >= CHECKPOINT_CADENCE.everyEvents ||
    now.getTime() - latest.signedAt.getTime() >= CHECKPOINT_CADENCE.everyMs;
  return due ? recordCheckpoint(db, now) : null;
}

/** Up to `limit` checkpoints after seq `after`, oldest first, and the cursor of the next page. */
export async function listCheckpoints(
  db: Db,
  after: number,
  limit: number,
): Promise<{ checkpoints: SignedCheckpoint[]; next_cursor: number | null }> {
  const rows = await db
    .select()
    .from(auditCheckpoints)
    .where(gt(auditCheckpoints.seq, after))
    .orderBy(asc(auditCheckpoints.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(published);
  return { checkpoints: page, next_cursor: rows.length > limit ? page.at(-1)!.seq : null };
}

/** The published keys, oldest first, each after the one whose statement brought it in. */
export async function publishedKeys(db: Db): Promise<PublishedKey[]> {
  const rows = await db.select().from(auditSigningKeys);
  const ordered: (typeof rows)[number][] = [];
  let next = rows.find((r) => r.previousKeyId === null);
  while (next && !ordered.includes(next)) {
    ordered.push(next);
    const id: string = next.keyId;
    next = rows.find((r) => r.previousKeyId === id);
  }
  return ordered.map((row) => {
    const key = publicKeyFromX(row.publicKey)!;
    const rotation: RotationStatement | null =
      row.previousKeyId === null
        ? null
        : {
            from_key_id: row.previousKeyId,
            to_key_id: row.keyId,
            to_public_key: row.publicKey,
            after_seq: row.afterSeq ?? 0,
            signed_at: row.rotationSignedAt?.toISOString() ?? '',
            signature: row.rotationSignature ?? '',
          };
    return {
      key_id: row.keyId,
      jwk: publicJwkOf(key),
      pem: key.export({ type: 'spki', format: 'pem' }).toString(),
      created_at: row.createdAt.toISOString(),
      rotation,
    };
  });
}

/**
 * Retires the published key `oldKey` in favour of `newKey`: signs the head one last time with
 * the old key, then stores the statement the old key signs naming the new one and the last
 * checkpoint seq it signed. Run with every server stopped (operations.md#the-audit-signing-key).
 */
export async function rotateAuditSigningKey(
  db: Db,
  oldKey: KeyObject,
  newKey: KeyObject,
  now: Date,
): Promise<RotationStatement> {
  const from = publicJwkOf(oldKey);
  const to = publicJwkOf(newKey);
  if (from.kid === to.kid) throw new AuditKeyError('The new signing key is the current one');
  return db.transaction(async (tx) => {
    // The head's lock keeps appends (and so new checkpoints) out until the statement is in.
    await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
    const rows = await tx.select().from(auditSigningKeys);
    const current = rows.find((r) => !rows.some((other) => other.previousKeyId === r.keyId));
    if (rows.length > 0 && current?.keyId !== from.kid) {
      throw new AuditKeyError(
        `The configured signing key ${from.kid} is not the database's current key ${current?.keyId ?? ''}`,
      );
    }
    useAuditSigningKey(oldKey);
    await registerAuditSigningKey(tx, now);
    await recordCheckpoint(tx, now);
    const [last] = await tx.select({ seq: max(auditCheckpoints.seq) }).from(auditCheckpoints);
    const statement = {
      from_key_id: from.kid,
      to_key_id: to.kid,
      to_public_key: to.x,
      after_seq: Number(last?.seq ?? 0),
      signed_at: new Date(Math.floor(now.getTime())).toISOString(),
    };
    const signature = signBytes(oldKey, rotationBytes(statement));
    await tx.insert(auditSigningKeys).values({
      keyId: to.kid,
      publicKey: to.x,
      createdAt: now,
      previousKeyId: from.kid,
      afterSeq: statement.after_seq,
      rotationSignedAt: new Date(statement.signed_at),
      rotationSignature: signature,
    });
    useAuditSigningKey(newKey);
    return { ...statement, signature };
  });
}
