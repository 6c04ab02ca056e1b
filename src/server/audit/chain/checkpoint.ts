import { createHmac } from 'node:crypto';
import { count, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSettings, auditChainHead, auditEvents } from '../../db/schema';
import {
  AUDIT_KEY_ID_SETTING,
  auditChainKey,
  auditKeyId,
  canonicalJson,
  GENESIS_HASH,
  type AuditInput,
} from './link';

/** The chain's head row. */
export type ChainHead = typeof auditChainHead.$inferSelect;

/** Where the chain ends, how long it is and where its keyed part starts: what the head signs. */
export type HeadState = {
  lastSeq: number;
  lastHash: string;
  eventCount: number;
  keyedFromSeq: number;
};

/** The head's signature: an HMAC over where the chain ends, how long it is and where its keyed part starts. */
export function signCheckpoint(key: Buffer, head: HeadState): string {
  return createHmac('sha256', key)
    .update(
      canonicalJson([
        'audit-chain-checkpoint-v1',
        head.lastSeq,
        head.lastHash,
        head.eventCount,
        head.keyedFromSeq,
      ]),
    )
    .digest('hex');
}

/** The event that marks where a trail written before the key existed became keyed. */
export const CHAIN_KEYED_EVENT = 'audit.chain.keyed';

/**
 * Signs a head that has no signature yet (the first keyed write on this
 * database), inside the caller's transaction with the head locked. Earlier
 * events keep their SHA-256 links; when there are any, an `audit.chain.keyed`
 * event is returned to be appended first, so that the boundary is on the
 * record. A head that lost its signature after the trail was keyed is tampering:
 * refuse rather than sign over it.
 */
export async function anchorHead(
  tx: Tx | Db,
  head: ChainHead,
  key: Buffer,
): Promise<{ head: HeadState; anchor: AuditInput | null }> {
  const [stored] = await tx
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, AUDIT_KEY_ID_SETTING));
  if (stored) {
    throw new Error(
      'The audit chain head has lost its signature although this trail was keyed: run npm run audit:verify',
    );
  }
  const [stats] = await tx.select({ n: count(), max: max(auditEvents.seq) }).from(auditEvents);
  const existing = Number(stats?.n ?? 0);
  await tx.insert(appSettings).values({ key: AUDIT_KEY_ID_SETTING, value: auditKeyId(key) });
  const state: HeadState = {
    lastSeq: head.lastSeq,
    lastHash: head.lastHash,
    eventCount: existing,
    keyedFromSeq: existing > 0 ? Number(stats?.max ?? 0) + 1 : 0,
  };
  const anchor: AuditInput | null =
    existing > 0
      ? {
          source: 'server',
          eventType: CHAIN_KEYED_EVENT,
          severity: 'high',
          details: {
            unkeyed_events: existing,
            unkeyed_last_seq: head.lastSeq,
            unkeyed_head_hash: head.lastHash,
          },
        }
      : null;
  return { head: state, anchor };
}

/**
 * Starts the chain anew at genesis (clearing all users empties the trail),
 * inside the caller's transaction, with a signed empty head.
 */
export async function resetAuditChain(tx: Tx | Db): Promise<void> {
  const head: HeadState = { lastSeq: 0, lastHash: GENESIS_HASH, eventCount: 0, keyedFromSeq: 0 };
  await tx
    .update(auditChainHead)
    .set({ ...head, checkpoint: signCheckpoint(auditChainKey(), head) })
    .where(eq(auditChainHead.id, 1));
}
