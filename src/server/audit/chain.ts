import { createHash, randomUUID } from 'node:crypto';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditChainHead, auditEvents } from '../db/schema';

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
};

type ChainedFields = {
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
};

/** JSON with object keys sorted, so that jsonb's reordering does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function hashEvent(prevHash: string, e: ChainedFields): string {
  const content = canonicalJson([
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
    e.details,
    e.occurredAt.toISOString(),
    e.recordedAt.toISOString(),
  ]);
  return createHash('sha256').update(prevHash).update('\n').update(content).digest('hex');
}

/**
 * Appends events to the hash chain inside the caller's transaction, so that an
 * audited change and its record commit or roll back together. The chain head
 * row is locked FOR UPDATE, which serializes appends across processes.
 * Events whose client id is already stored (a retried batch) are skipped.
 * Returns the number of events stored.
 */
export async function appendAuditEvents(
  tx: Tx | Db,
  inputs: AuditInput[],
  now: Date = new Date(),
): Promise<number> {
  if (inputs.length === 0) return 0;
  const [head] = await tx
    .select()
    .from(auditChainHead)
    .where(eq(auditChainHead.id, 1))
    .for('update');
  if (!head) throw new Error('audit chain head is missing');

  const clientIds = [
    ...new Set(inputs.map((i) => i.clientEventId).filter((v): v is string => !!v)),
  ];
  const existing = clientIds.length
    ? await tx
        .select({ id: auditEvents.clientEventId })
        .from(auditEvents)
        .where(inArray(auditEvents.clientEventId, clientIds))
    : [];
  const seen = new Set(existing.map((r) => r.id));

  let prevHash = head.lastHash;
  const rows = [];
  // Timestamps are cut to milliseconds so the stored value hashes the same when read back.
  const recordedAt = new Date(Math.floor(now.getTime()));
  for (const input of inputs) {
    if (input.clientEventId) {
      if (seen.has(input.clientEventId)) continue;
      seen.add(input.clientEventId);
    }
    const fields: ChainedFields = {
      id: randomUUID(),
      clientEventId: input.clientEventId ?? null,
      source: input.source,
      eventType: input.eventType,
      severity: input.severity ?? 'low',
      userId: input.userId ?? null,
      sessionId: input.sessionId ?? null,
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent ?? null,
      pageUrl: input.pageUrl ?? null,
      details: JSON.parse(JSON.stringify(input.details ?? {})) as unknown,
      occurredAt: new Date(Math.floor((input.occurredAt ?? recordedAt).getTime())),
      recordedAt,
    };
    const hash = hashEvent(prevHash, fields);
    rows.push({ ...fields, prevHash, hash });
    prevHash = hash;
  }
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(auditEvents).values(rows).returning({ seq: auditEvents.seq });
  const lastSeq = Math.max(...inserted.map((r) => r.seq));
  await tx
    .update(auditChainHead)
    .set({ lastSeq, lastHash: prevHash })
    .where(eq(auditChainHead.id, 1));
  return rows.length;
}

export type ChainVerification =
  | { ok: true; checked: number; headHash: string }
  | { ok: false; checked: number; brokenAtSeq: number | null; reason: string };

/** Walks the chain in order and names the first broken link. */
export async function verifyAuditChain(db: Db, pageSize = 2000): Promise<ChainVerification> {
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  if (!head) return { ok: false, checked: 0, brokenAtSeq: null, reason: 'chain head is missing' };
  // The chain starts at genesis; clearing all users empties the table and starts anew.
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let checked = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, lastSeq))
      .orderBy(asc(auditEvents.seq))
      .limit(pageSize);
    for (const row of page) {
      if (row.prevHash !== prevHash) {
        return {
          ok: false,
          checked,
          brokenAtSeq: row.seq,
          reason:
            checked === 0
              ? 'the first event does not start the chain'
              : 'the link to the previous event is broken',
        };
      }
      if (hashEvent(row.prevHash, row) !== row.hash) {
        return {
          ok: false,
          checked,
          brokenAtSeq: row.seq,
          reason: 'the event content does not match its hash',
        };
      }
      prevHash = row.hash;
      lastSeq = row.seq;
      checked++;
    }
    if (page.length < pageSize) break;
  }
  if (head.lastHash !== prevHash) {
    return { ok: false, checked, brokenAtSeq: null, reason: 'the latest events are missing' };
  }
  return { ok: true, checked, headHash: prevHash };
}
