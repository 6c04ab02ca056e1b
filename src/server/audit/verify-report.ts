import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import { verifyAuditChain } from './chain';

const events = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

/** The chain verification in words, for `npm run audit:verify`; ok is false when broken. */
export async function auditVerifyReport(db: Db): Promise<{ ok: boolean; text: string }> {
  const result = await verifyAuditChain(db);
  if (result.ok) {
    return {
      ok: true,
      text: `Audit chain intact: ${events(result.checked)} verified (head ${result.headHash.slice(0, 16)}…).`,
    };
  }
  let where = 'after the last stored event';
  if (result.brokenAtSeq !== null) {
    const [row] = await db
      .select({ type: auditEvents.eventType })
      .from(auditEvents)
      .where(eq(auditEvents.seq, result.brokenAtSeq));
    where = `at event #${result.brokenAtSeq}${row ? ` (${row.type})` : ''}`;
  }
  return {
    ok: false,
    text: `Audit chain BROKEN ${where}: ${result.reason}. ${events(result.checked)} verified before it.`,
  };
}
