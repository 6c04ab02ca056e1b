import { asc, count, eq, gt } from 'drizzle-orm';
import type { ChainCheck } from '@shared/schemas/audit-trail';
import type { Db } from '../../db/client';
import { appSettings, auditChainHead, auditEvents } from '../../db/schema';
import { safeEqual } from '../../security/tokens';
import { signCheckpoint } from './checkpoint';
import { AUDIT_KEY_ID_SETTING, auditChainKey, auditKeyId, GENESIS_HASH, hashEvent } from './link';

export type ChainVerification =
  | {
      ok: true;
      checked: number;
      headHash: string;
      headSeq: number;
      /** Events written before the chain was keyed (plain SHA-256 links), the oldest first. */
      unkeyed: number;
    }
  | {
      ok: false;
      checked: number;
      brokenAtSeq: number | null;
      check: ChainCheck;
      reason: string;
    };

/**
 * Walks the chain in order under the key and names the first failed check:
 * - key: the trail was keyed with another key (app_settings keeps its id);
 * - signature: the head carries no signature (never keyed, or it was removed);
 * - link / hash: an event does not follow the previous one, or its content
 *   does not match its keyed (or, before the key, plain) hash;
 * - checkpoint: the head's signature does not match it (the head was moved,
 *   for example after the newest events were deleted);
 * - head: the chain does not end where the signed head says;
 * - count: the number of events is not the signed one.
 */
export async function verifyAuditChain(
  db: Db,
  options: { key?: Buffer; pageSize?: number } = {},
): Promise<ChainVerification> {
  const key = options.key ?? auditChainKey();
  const pageSize = options.pageSize ?? 2000;
  const fail = (
    check: ChainCheck,
    reason: string,
    checked = 0,
    brokenAtSeq: number | null = null,
  ): ChainVerification => ({ ok: false, checked, brokenAtSeq, check, reason });

  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head) return fail('head', 'the chain head is missing');
  const [keyId] = await db
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, AUDIT_KEY_ID_SETTING));
  if (keyId && !safeEqual(keyId.value, auditKeyId(key))) {
    return fail('key', 'the trail was written with another key than the one given');
  }
  const [stats] = await db.select({ n: count() }).from(auditEvents);
  const total = Number(stats?.n ?? 0);
  if (!head.checkpoint) {
    if (keyId) return fail('signature', 'the chain head has lost its signature');
    if (total > 0) {
      return fail(
        'signature',
        'the trail has not been keyed yet (start the server once with its key)',
      );
    }
    return { ok: true, checked: 0, headHash: head.lastHash, headSeq: head.lastSeq, unkeyed: 0 };
  }

  // The chain starts at genesis; clearing all users empties the table and starts anew.
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let checked = 0;
  let unkeyed = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, lastSeq))
      .orderBy(asc(auditEvents.seq))
      .limit(pageSize);
    for (const row of page) {
      if (row.prevHash !== prevHash) {
        return fail(
          'link',
          checked === 0
            ? 'the first event does not start the chain'
            : 'the link to the previous event is broken',
          checked,
          row.seq,
        );
      }
      const keyed = row.seq >= head.keyedFromSeq;
      if (hashEvent(row.prevHash, row, keyed ? key : null) !== row.hash) {
        return fail(
          'hash',
          keyed
            ? 'the event content does not match its keyed hash'
            : 'the event content does not match its hash (written before the chain was keyed)',
          checked,
          row.seq,
        );
      }
      if (!keyed) unkeyed++;
      prevHash = row.hash;
      lastSeq = row.seq;
      checked++;
    }
    if (page.length < pageSize) break;
  }
  if (!safeEqual(signCheckpoint(key, head), head.checkpoint)) {
    return fail(
      'checkpoint',
      'the signed checkpoint does not match the chain head (the head was moved or rewritten)',
      checked,
    );
  }
  if (head.lastHash !== prevHash || head.lastSeq !== lastSeq) {
    return fail(
      'head',
      `the chain ends at event #${lastSeq}, but the signed head is event #${head.lastSeq}: the latest events are missing`,
      checked,
    );
  }
  if (head.eventCount !== checked) {
    return fail(
      'count',
      `${checked} events are stored, but the signed head counts ${head.eventCount}`,
      checked,
    );
  }
  return { ok: true, checked, headHash: prevHash, headSeq: lastSeq, unkeyed };
}
