import type { AuditEventRow } from '@shared/schemas/audit-trail';
import type { AppDeps } from '../core/context';
import { AUDIT_NOTIFY_CHANNEL } from './chain/append';
import { auditEventsAfter, matchesAuditFilter, type ResolvedAuditFilter } from './trail';

/** The live stream's limits and timing (docs/api/audit-trail.md#live-stream). */
export const LIVE_AUDIT_LIMITS = {
  /** Open streams per account (per server process), or per demo session; the next one is refused with 429. */
  streamsPerAccount: 5,
  /**
   * Open demo streams per client address (an IPv6 address by its /64): anyone can mint demo
   * sessions, so without it one client could take every stream of the process.
   */
  demoStreamsPerAddress: 10,
  /** Open streams per server process, whoever holds them. */
  streamsPerProcess: 200,
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked then. */
  heartbeatMs: 15_000,
  /** Look for new events this often even when no notification came. */
  recheckMs: 10_000,
  /** Events read per query; the process (or a catching-up stream) reads again until it has caught up. */
  batch: 100,
};

export type LiveAuditTiming = Pick<typeof LIVE_AUDIT_LIMITS, 'heartbeatMs' | 'recheckMs' | 'batch'>;

export const TOO_MANY_STREAMS = `At most ${LIVE_AUDIT_LIMITS.streamsPerAccount} live audit streams may be open per account: close another tab's live view first`;
export const TOO_MANY_DEMO_STREAMS = `At most ${LIVE_AUDIT_LIMITS.demoStreamsPerAddress} live audit streams of the demo may be open from one address: close another tab's live view first`;

/** A new event as read once for every stream: its row and its message. */
type LiveEvent = { row: AuditEventRow; text: string };

/** One open stream, as the process hands it events. */
export type Subscriber = {
  filter: ResolvedAuditFilter;
  /** Every event up to this number has been queued or left out; null until the stream has started. */
  covered: number | null;
  queue: LiveEvent[];
  wake: () => void;
  close: () => void;
};

/** A slot to take: at most `limit` open streams per `key`. */
export type StreamSlot = { key: string; limit: number; refusal: string };

/**
 * One per app: the stream slots, the listener, and the one read of new events that every
 * stream of the process shares (see live.ts).
 */
export class LiveAuditHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly open = new Map<string, number>();
  private total = 0;
  private unlisten: Promise<(() => Promise<void>) | null> | null = null;
  /** The last event number the process has read and handed out; null when no stream needs it. */
  position: number | null = null;
  private dirty = false;
  private reading: Promise<void> | null = null;
  private recheck: NodeJS.Timeout | null = null;
  /** Reads of new events, the process's and catching-up streams' (for tests). */
  reads = 0;
  closed = false;
  timing: LiveAuditTiming = { ...LIVE_AUDIT_LIMITS };

  constructor(private readonly deps: AppDeps) {}

  /** Takes one slot of each of `slots` and of the process; the refusal of the first one full. */
  claim(slots: StreamSlot[]): { release: () => void } | { refusal: string } {
    const full = slots.find((s) => (this.open.get(s.key) ?? 0) >= s.limit);
    if (full) return { refusal: full.refusal };
    if (this.total >= LIVE_AUDIT_LIMITS.streamsPerProcess) return { refusal: TOO_MANY_STREAMS };
    this.total += 1;
    for (const s of slots) this.open.set(s.key, (this.open.get(s.key) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total -= 1;
      for (const s of slots) {
        const left = (this.open.get(s.key) ?? 1) - 1;
        if (left > 0) this.open.set(s.key, left);
        else this.open.delete(s.key);
      }
    };
    return { release };
  }

  /**
   * Hands `subscriber` its share of every read; the listener starts with the first stream.
   * `listening` settles once the process hears notifications (or gave up trying).
   */
  subscribe(subscriber: Subscriber): { unsubscribe: () => void; listening: Promise<void> } {
    this.subscribers.add(subscriber);
    this.unlisten ??= this.deps.database
      .listen(AUDIT_NOTIFY_CHANNEL, () => this.wake())
      .catch((err: unknown) => {
        // The re-check still finds new events, only later.
        this.deps.log.error('audit listener failed', { err: String(err) });
        return null;
      });
    if (this.subscribers.size === 1) this.retime();
    return {
      unsubscribe: () => {
        this.subscribers.delete(subscriber);
        if (this.subscribers.size > 0) return;
        // Nobody waits for the events in between: the next stream starts where it is.
        this.position = null;
        this.retime();
      },
      listening: this.unlisten.then(() => {}),
    };
  }

  /** (Re)starts the re-check timer with the current timing; none without streams. */
  retime() {
    if (this.recheck) clearTimeout(this.recheck);
    this.recheck = null;
    if (this.closed || this.subscribers.size === 0) return;
    this.recheck = setTimeout(() => {
      this.wake();
      this.retime();
    }, this.timing.recheckMs);
    this.recheck.unref();
  }

  /** Something may be new: one read for every stream, after the one under way if any. */
  wake() {
    this.dirty = true;
    this.reading ??= this.readAll().finally(() => {
      this.reading = null;
    });
  }

  private async readAll() {
    while (this.dirty && !this.closed && this.subscribers.size > 0) {
      this.dirty = false;
      try {
        await this.readNew();
      } catch (err) {
        // The next notification or re-check reads again; nothing was handed out twice.
        this.deps.log.warn('live audit read failed', { err: String(err) });
      }
    }
  }

  private async readNew() {
    for (;;) {
      // Events no started stream waits for are not read: not before the least covered one, nor
      // before what the process has read already (a stream behind it catches up alone).
      let least: number | null = null;
      for (const s of this.subscribers) {
        if (s.covered !== null && (least === null || s.covered < least)) least = s.covered;
      }
      if (least === null) return;
      const from = this.position === null ? least : Math.max(this.position, least);
      this.reads += 1;
      const rows = await auditEventsAfter(this.deps.db, {}, from, this.timing.batch);
      if (rows.length === 0) return;
      const to = rows[rows.length - 1]!.seq;
      this.position = to;
      // JSON has no raw line breaks, so the data is one line.
      const events = rows.map((row) => ({
        row,
        text: `id: ${row.seq}\ndata: ${JSON.stringify(row)}\n\n`,
      }));
      for (const s of this.subscribers) offer(s, from, to, events);
      if (rows.length < this.timing.batch) return;
    }
  }

  async settled() {
    while (this.reading) await this.reading;
  }

  /** Ends every stream and stops listening (server shutdown). */
  async close() {
    this.closed = true;
    this.retime();
    for (const s of this.subscribers) s.close();
    const unlisten = await this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }
}

/**
 * Queues what a read of (from, to] brings that the stream's filter keeps. A stream behind
 * `from` (it has not caught up yet) takes none of it: it reads the gap itself, then the rest.
 */
function offer(s: Subscriber, from: number, to: number, events: LiveEvent[]) {
  if (s.covered === null || s.covered < from) {
    s.wake();
    return;
  }
  for (const e of events) {
    if (e.row.seq > s.covered && matchesAuditFilter(s.filter, e.row)) s.queue.push(e);
  }
  if (to > s.covered) s.covered = to;
  s.wake();
}
