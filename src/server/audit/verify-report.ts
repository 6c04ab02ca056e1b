import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { CHAIN_CHECK_NAMES } from '@shared/schemas/audit-trail';
import { verifyAuditChain } from './chain/verify';

const events = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

/** The chain verification in words, for `npm run audit:verify`; ok is false when broken. */
export async function auditVerifyReport(db: Db): Promise<{ ok: boolean; text: string }> {
  const result = await verifyAuditChain(db);
  if (result.ok) {
    const older =
      result.unkeyed > 0
        ? ` The oldest ${events(result.unkeyed)} predate the chain key: their plain SHA-256 links were checked, and the keyed part covers them as they were when the key arrived.`
        : '';
    return {
      ok: true,
      text: `Audit chain intact: ${events(result.checked)} verified under the chain key, head #${result.headSeq} ${result.headHash.slice(0, 16)}… (signed checkpoint matches).${older}`,
    };
  }
  let where = 'at the chain head';
  if (result.brokenAtSeq !== null) {
    const [row] = await db
      .select({ type: auditEvents.eventType })
      .from(auditEvents)
      .where(eq(auditEvents.seq, result.brokenAtSeq));
    where = `at event #${result.brokenAtSeq}${row ? ` (${row.type})` : ''}`;
  }
  return {
    ok: false,
    text: `Audit chain BROKEN ${where}: ${CHAIN_CHECK_NAMES[result.check].toLowerCase()} check failed: ${result.reason}. ${events(result.checked)} verified before it.`,
  };
}
