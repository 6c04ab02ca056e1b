import type { Database } from '../../db/client';
import { parseTimestamptz } from '../../db/timestamptz';
import { sinkKeeps, type SinkFilter } from './event-filter';

/**
 * The next batch for a sink, read and written for the wire in one go
 * (docs/operations.md#audit-delivery-to-sinks). Each event is the JSON the trail's list gives
 * (AuditEventRow: the same fields, values and order), written straight from the columns' text:
 * `details` goes out as the database wrote its JSON, never parsed and written again, and no row
 * goes through the query builder's mapping. At a thousand events a batch those two were most of
 * the catch-up's time on the embedded database (docs/performance.md#audit-delivery-to-sinks).
 */

type RawEvent = {
  seq: string;
  id: string;
  event_type: string;
  severity: string;
  source: string;
  user_id: string | null;
  user_email: string | null;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  details: string;
  occurred_at: string;
  recorded_at: string;
  claimed_at: string | null;
};

// Every column as text: the same values from PGlite and from node-postgres, nothing parsed.
const READ = `SELECT e.seq::text AS seq, e.id::text AS id, e.event_type, e.severity, e.source,
  e.user_id::text AS user_id, u.email AS user_email, e.session_id, e.ip_address, e.user_agent,
  e.details::text AS details, e.occurred_at::text AS occurred_at,
  e.recorded_at::text AS recorded_at, e.claimed_at::text AS claimed_at
FROM audit_events e LEFT JOIN platform_users u ON u.id = e.user_id
WHERE e.seq > $1 ORDER BY e.seq LIMIT $2`;

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const instant = (value: string | null) =>
  value === null ? 'null' : `"${parseTimestamptz(value).toISOString()}"`;

/** One event as the list gives it; details that are not an object are wrapped, as there. */
function eventJson(e: RawEvent): string {
  const details = e.details.trimStart().startsWith('{') ? e.details : `{"value":${e.details}}`;
  return (
    `{"seq":${Number(e.seq)},"id":${text(e.id)},"event_type":${text(e.event_type)}` +
    `,"severity":${text(e.severity)},"source":${text(e.source)},"user_id":${text(e.user_id)}` +
    `,"user_email":${text(e.user_email)},"session_id":${text(e.session_id)}` +
    `,"ip_address":${text(e.ip_address)},"user_agent":${text(e.user_agent)}` +
    `,"details":${details},"occurred_at":${instant(e.occurred_at)}` +
    `,"recorded_at":${instant(e.recorded_at)}` +
    `,"reported_by":${e.source === 'server' ? '"server"' : '"browser"'}` +
    `,"claimed_at":${instant(e.claimed_at)}}`
  );
}

export type SinkBatch = {
  /** The events the filters keep, each as JSON text, in seq order. */
  events: string[];
  /** Their seqs, in the same order. */
  seqs: number[];
  /** The cursor after this batch: the last event read and taken (kept or left out). */
  through: number;
  /** Whether more events may follow at once (the batch stopped at a limit). */
  more: boolean;
  /** The bytes of the kept events' JSON (UTF-8). */
  bytes: number;
};

/**
 * Up to `maxEvents` events after `after`, the kept ones at most `maxBytes` of JSON together
 * (one event alone may be larger: it goes by itself). `through` is `after` when nothing is left.
 */
export async function readSinkBatch(
  database: Pick<Database, 'query'>,
  filter: SinkFilter,
  after: number,
  limits: { maxEvents: number; maxBytes: number },
): Promise<SinkBatch> {
  const rows = await database.query<RawEvent>(READ, [after, limits.maxEvents]);
  const batch: SinkBatch = { events: [], seqs: [], through: after, more: false, bytes: 0 };
  for (const row of rows) {
    const seq = Number(row.seq);
    if (sinkKeeps(filter, row)) {
      const json = eventJson(row);
      const size = Buffer.byteLength(json) + 1;
      if (batch.events.length > 0 && batch.bytes + size > limits.maxBytes) {
        batch.more = true;
        return batch;
      }
      batch.events.push(json);
      batch.seqs.push(seq);
      batch.bytes += size;
    }
    batch.through = seq;
  }
  batch.more = rows.length === limits.maxEvents;
  return batch;
}

/** The body a sink receives: `{"sink_id": …, "events": [ … ]}`. */
export const sinkBody = (sinkId: string, batch: SinkBatch) =>
  `{"sink_id":${JSON.stringify(sinkId)},"events":[${batch.events.join(',')}]}`;
