import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditChainHead } from '../../db/schema';
import { appendAuditEvents } from './append';
import { anchorHead, signCheckpoint } from './checkpoint';
import { auditChainKey } from './link';

/**
 * Signs the head of a chain that has none yet, in its own transaction: the
 * server calls this at start, so that a trail written before the chain was
 * keyed is anchored (with an `audit.chain.keyed` event) before anything else.
 */
export async function anchorAuditChain(db: Db, now: Date = new Date()): Promise<void> {
  const key = auditChainKey();
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(auditChainHead)
      .where(eq(auditChainHead.id, 1))
      .for('update');
    if (!locked) throw new Error('audit chain head is missing');
    if (locked.checkpoint) return;
    const { head, anchor } = await anchorHead(tx, locked, key);
    await tx
      .update(auditChainHead)
      .set({ ...head, checkpoint: signCheckpoint(key, head) })
      .where(eq(auditChainHead.id, 1));
    // The head is signed now, so this append links the marker into the keyed part.
    if (anchor) await appendAuditEvents(tx, [anchor], now);
  });
}
