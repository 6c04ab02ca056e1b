import { createHash, createHmac, randomUUID } from 'node:crypto';
import { asc, count, eq, gt, is, max, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import type { ChainCheck } from '@shared/schemas/audit-trail';
import type { Db, Tx } from '../db/client';
import { appSettings, auditChainHead, auditEvents } from '../db/schema';
import { safeEqual } from '../security/tokens';

export const GENESIS_HASH = '0'.repeat(64);

/** The channel every append notifies on commit, with the last sequence number it wrote. */
export const AUDIT_NOTIFY_CHANNEL = 'audit_events';

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

function content(e: ChainedFields, keyed: boolean): string {
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
  return link(prevHash, content(e, !!key), key);
}

/** What a link hashes: the previous hash, a line break, the canonical content (keyed or not). */
export function linkInput(prevHash: string, e: ChainedFields, keyed: boolean): string {
  return joined(prevHash, content(e, keyed));
}

const joined = (prevHash: string, text: string) => `${prevHash}\n${text}`;

function link(prevHash: string, text: string, key: Buffer | null): string {
  const mac = key ? createHmac('sha256', key) : createHash('sha256');
  return mac.update(joined(prevHash, text)).digest('hex');
}

/** The chain's head row. */
export type ChainHead = typeof auditChainHead.$inferSelect;

type HeadState = {
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
async function anchorHead(
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
  return { fields, content: content(fields, true) };
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
    const hash = link(lastHash, text, key);
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

export type { ChainCheck };

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
