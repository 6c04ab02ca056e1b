import { randomUUID } from 'node:crypto';
import { eq, is, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import type { Db, Tx } from '../../db/client';
import { auditChainHead } from '../../db/schema';
import { anchorHead, signCheckpoint, type ChainHead, type HeadState } from './checkpoint';
import { auditChainKey, eventContent, linkHash, type AuditInput, type ChainedFields } from './link';

/** The channel every append notifies on commit, with the last sequence number it wrote. */
export const AUDIT_NOTIFY_CHANNEL = 'audit_events';

/** The columns an append writes, in the order of the JSON records it sends. */
const INSERT_COLUMNS = sql.raw(
  'id, client_event_id, source, event_type, severity, user_id, session_id, ip_address, user_agent, page_url, details, occurred_at, recorded_at, claimed_at, prev_hash, hash',
);
const RECORD_TYPES = sql.raw(
  'id uuid, client_event_id uuid, source text, event_type text, severity text, user_id uuid, session_id text, ip_address text, user_agent text, page_url text, details jsonb, occurred_at bigint, recorded_at bigint, claimed_at bigint, prev_hash text, hash text, ord bigint',
);
/**
 * A record's time (epoch milliseconds) as timestamptz, exactly: whole hours and the
 * milliseconds left, so that no product leaves the integers a double holds exactly. Parsing
 * three ISO strings a row cost PGlite about as much as the rest of turning it into columns.
 */
const fromEpochMs = (column: string) =>
  `timestamptz 'epoch' + (x.${column} / 3600000) * interval '1 hour' + (x.${column} % 3600000) * interval '1 millisecond'`;
/** The values of INSERT_COLUMNS, from a record of RECORD_TYPES named x. */
const RECORD_VALUES = sql.raw(
  `x.id, x.client_event_id, x.source, x.event_type, x.severity, x.user_id, x.session_id, x.ip_address, x.user_agent, x.page_url, x.details, ${fromEpochMs('occurred_at')}, ${fromEpochMs('recorded_at')}, ${fromEpochMs('claimed_at')}, x.prev_hash, x.hash`,
);

/** An event with its id and keyed canonical content: everything but its link. */
type PreparedEvent = { fields: ChainedFields; content: string };

function prepare(input: AuditInput, recordedAt: Date): PreparedEvent {
  // Timestamps are cut to milliseconds so the stored value hashes the same when read back.
  const ms = (d: Date) => new Date(Math.floor(d.getTime()));
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
    occurredAt: ms(input.occurredAt ?? recordedAt),
    recordedAt,
    claimedAt: input.claimedAt ? ms(input.claimedAt) : null,
  };
  return { fields, content: eventContent(fields, true) };
}

type LinkedRecord = Record<string, unknown>;

/**
 * The rows to insert, linked from `prevHash` in order: the anchor (if any), then every event
 * whose client id is neither in `stored` nor earlier in `prepared`.
 */
function linkEvents(
  prepared: PreparedEvent[],
  anchorRows: PreparedEvent[],
  stored: Set<string>,
  prevHash: string,
  key: Buffer,
): { records: LinkedRecord[]; storedEach: boolean[]; lastHash: string } {
  const seen = new Set(stored);
  const storedEach: boolean[] = [];
  const toStore: PreparedEvent[] = [...anchorRows];
  for (const event of prepared) {
    const clientId = event.fields.clientEventId;
    const fresh = !clientId || !seen.has(clientId);
    if (clientId) seen.add(clientId);
    storedEach.push(fresh);
    if (fresh) toStore.push(event);
  }
  let lastHash = prevHash;
  const records = toStore.map(({ fields: row, content: text }, ord) => {
    const hash = linkHash(lastHash, text, key);
    const record = {
      id: row.id,
      client_event_id: row.clientEventId,
      source: row.source,
      event_type: row.eventType,
      severity: row.severity,
      user_id: row.userId,
      session_id: row.sessionId,
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      page_url: row.pageUrl,
      details: row.details,
      occurred_at: row.occurredAt.getTime(),
      recorded_at: row.recordedAt.getTime(),
      claimed_at: row.claimedAt ? row.claimedAt.getTime() : null,
      prev_hash: lastHash,
      hash,
      ord,
    };
    lastHash = hash;
    return record;
  });
  return { records, storedEach, lastHash };
}

/**
 * Inserts linked rows with one statement: one parameter (a JSON array) rather than sixteen
 * per row; seq follows `ord`, so the identity numbers the events in chain order, and only the
 * last number comes back. With `clientIds`, the same statement first looks for those ids on
 * the trail (it runs after the head's lock, so it sees what the previous holder committed)
 * and, if any is there, inserts nothing and names them. The notification is delivered when the
 * transaction commits (never for a rollback) and wakes the live streams of every process
 * (audit/live.ts).
 */
async function insertLinked(
  tx: Tx | Db,
  records: LinkedRecord[],
  clientIds: string[] | null,
  move: HeadMove | null,
): Promise<{ lastSeq: number | null; duplicates: string[]; moved: boolean }> {
  const stored = clientIds?.length
    ? sql`SELECT client_event_id::text AS id FROM audit_events
           WHERE client_event_id = ANY(${sql.param(clientIds)}::uuid[])`
    : sql`SELECT NULL::text AS id WHERE false`;
  // The head's update, made only if the rows were numbered as foreseen.
  const moved = move
    ? sql`UPDATE audit_chain_head
            SET last_seq = ${move.head.lastSeq}, last_hash = ${move.head.lastHash},
                event_count = ${move.head.eventCount}, keyed_from_seq = ${move.head.keyedFromSeq},
                checkpoint = ${move.checkpoint}
          WHERE id = 1 AND (SELECT seq FROM last) = ${move.head.lastSeq}
          RETURNING 1 AS moved`
    : sql`SELECT 1 AS moved WHERE false`;
  const result = (await tx.execute(sql`
    WITH stored AS (${stored}),
    ins AS (
      INSERT INTO audit_events (${INSERT_COLUMNS})
      SELECT ${RECORD_VALUES}
        FROM jsonb_to_recordset(${jsonParam(tx, records)}) AS x(${RECORD_TYPES})
       WHERE NOT EXISTS (SELECT 1 FROM stored)
       ORDER BY x.ord
      RETURNING seq
    ),
    last AS (SELECT max(seq) AS seq FROM ins),
    moved AS (${moved})
    SELECT last.seq::text AS last,
           (SELECT string_agg(id, ',') FROM stored) AS duplicates,
           EXISTS (SELECT 1 FROM moved) AS moved,
           CASE WHEN last.seq IS NOT NULL THEN pg_notify(${AUDIT_NOTIFY_CHANNEL}, last.seq::text) END
      FROM last`)) as unknown as {
    rows: { last: string | null; duplicates: string | null; moved: boolean }[];
  };
  const row = result.rows[0]!;
  return {
    lastSeq: row.last === null ? null : Number(row.last),
    duplicates: row.duplicates ? row.duplicates.split(',') : [],
    moved: row.moved,
  };
}

/**
 * A JSON parameter. To the embedded database it goes as UTF-8 bytes (bytea, see
 * db/client.ts): PGlite counts a text parameter's bytes twice in JavaScript, about 1 ms for
 * each 150 kB, what five batches of 50 events weigh.
 */
function jsonParam(tx: Tx | Db, value: unknown): SQL {
  const text = JSON.stringify(value);
  return is(tx, PgliteTransaction) || is(tx, PgliteDatabase)
    ? sql`convert_from(${Buffer.from(text)}::bytea, 'UTF8')::jsonb`
    : sql`${text}::jsonb`;
}

/** The head an insert moves to, signed, if its last row is numbered `head.lastSeq`. */
type HeadMove = { head: HeadState; checkpoint: string };

/**
 * The head locked FOR UPDATE, and the last number the identity of audit_events has handed
 * out, read once the lock was held: every append holds it, so the rows of the next insert
 * are numbered from the one after. The insert then moves the head itself (one statement
 * fewer); if the numbers are not the foreseen ones, the head is updated on its own.
 */
export type LockedHead = { head: ChainHead; seqBefore: number };

/** Reads the identity's last number for LockedHead, given the locked head row as `h`. */
export const SEQ_BEFORE_SQL = sql.raw(
  `(SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM audit_events_seq_seq WHERE h.id = 1)`,
);

/**
 * Appends events to the hash chain inside the caller's transaction, so that an
 * audited change and its record commit or roll back together. The chain head
 * row is locked FOR UPDATE, which serializes appends across processes; each
 * link is keyed with the process's chain key and the head is re-signed.
 * Events whose client id is already stored (a retried batch) are skipped.
 * Returns the number of events stored.
 */
export async function appendAuditEvents(
  tx: Tx | Db,
  inputs: AuditInput[],
  now: Date = new Date(),
): Promise<number> {
  const stored = await appendAuditEventsEach(tx, inputs, now);
  return stored.filter(Boolean).length;
}

/**
 * appendAuditEvents, saying for each input whether it was stored (false: its
 * client id was already on the trail, or earlier in `inputs`). Whatever does
 * not depend on the head (ids, canonical content) is computed before the head
 * is locked, so the lock is held for the links (one HMAC per event), one
 * insert that also reads which client ids are stored, and the head's update.
 */
export async function appendAuditEventsEach(
  tx: Tx | Db,
  inputs: AuditInput[],
  now: Date = new Date(),
  /** The head, when the caller's transaction has already locked it FOR UPDATE. */
  lockedHead?: LockedHead,
): Promise<boolean[]> {
  if (inputs.length === 0) return [];
  const key = auditChainKey();
  const recordedAt = new Date(Math.floor(now.getTime()));
  const prepared = inputs.map((input) => prepare(input, recordedAt));
  const clientIds = [
    ...new Set(prepared.map((p) => p.fields.clientEventId).filter((v): v is string => !!v)),
  ];

  const [locked] = lockedHead
    ? [lockedHead.head]
    : await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
  if (!locked) throw new Error('audit chain head is missing');
  let head: HeadState = locked;
  let anchorRows: PreparedEvent[] = [];
  if (!locked.checkpoint) {
    const anchored = await anchorHead(tx, locked, key);
    head = anchored.head;
    if (anchored.anchor) anchorRows = [prepare(anchored.anchor, recordedAt)];
  }

  // Linked first as if no client id were stored yet (a retried batch is rare): the insert
  // itself checks, and stores nothing when one is. Only then are the links made again
  // without the stored ones, and inserted by a second statement.
  const nextOf = (plan: ReturnType<typeof linkEvents>, lastSeq: number): HeadState => ({
    lastSeq,
    lastHash: plan.lastHash,
    eventCount: head.eventCount + plan.records.length,
    keyedFromSeq: head.keyedFromSeq,
  });
  const moveOf = (plan: ReturnType<typeof linkEvents>): HeadMove | null => {
    if (!lockedHead || plan.records.length === 0) return null;
    const next = nextOf(plan, lockedHead.seqBefore + plan.records.length);
    return { head: next, checkpoint: signCheckpoint(key, next) };
  };
  let plan = linkEvents(prepared, anchorRows, new Set(), head.lastHash, key);
  let inserted = await insertLinked(tx, plan.records, clientIds, moveOf(plan));
  if (inserted.duplicates.length) {
    plan = linkEvents(prepared, anchorRows, new Set(inserted.duplicates), head.lastHash, key);
    if (plan.records.length === 0 && locked.checkpoint) return plan.storedEach;
    inserted = plan.records.length
      ? await insertLinked(tx, plan.records, null, moveOf(plan))
      : { lastSeq: null, duplicates: [], moved: false };
  }
  if (inserted.moved) return plan.storedEach;
  const next = nextOf(plan, inserted.lastSeq ?? head.lastSeq);
  await tx
    .update(auditChainHead)
    .set({ ...next, checkpoint: signCheckpoint(key, next) })
    .where(eq(auditChainHead.id, 1));
  return plan.storedEach;
}
