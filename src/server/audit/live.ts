import type { AuditEventRow } from '@shared/schemas/audit-trail';
import type { AppDeps } from '../context';
import { AUDIT_NOTIFY_CHANNEL } from './chain';
import {
  auditEventsAfter,
  auditHeadSeq,
  matchesAuditFilter,
  type ResolvedAuditFilter,
} from './trail';

/**
 * The live audit trail (docs/api/audit-trail.md#live-stream): streams that send
 * each new event once, in order. The database is the source of truth; a
 * notification (NOTIFY on the channel every append writes to, delivered at
 * commit, heard through one listener per process) only tells the process to
 * look. The process reads what is new once, whatever the number of streams,
 * and hands each stream the events its filter keeps; a stream reads on its own
 * only to catch up (a resume, or a start behind the process). A slow re-check
 * covers a notification that never came.
 */
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

/** Where a stream writes: an SSE response in the app, anything in a test. */
export type LiveSink = {
  /** Writes raw text/event-stream text. */
  write(text: string): Promise<unknown>;
  /** Calls `fn` when the client goes away. */
  onAbort(fn: () => void): void;
};

/** A new event as read once for every stream: its row and its message. */
type LiveEvent = { row: AuditEventRow; text: string };

/** One open stream, as the process hands it events. */
type Subscriber = {
  filter: ResolvedAuditFilter;
  /** Every event up to this number has been queued or left out; null until the stream has started. */
  covered: number | null;
  queue: LiveEvent[];
  wake: () => void;
  close: () => void;
};

/** A slot to take: at most `limit` open streams per `key`. */
export type StreamSlot = { key: string; limit: number; refusal: string };

class LiveAuditHub {
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

const hubs = new WeakMap<AppDeps, LiveAuditHub>();

function hubOf(deps: AppDeps): LiveAuditHub {
  let hub = hubs.get(deps);
  if (!hub) {
    hub = new LiveAuditHub(deps);
    hubs.set(deps, hub);
  }
  return hub;
}

/** Ends every live stream of this app and its listener; the server calls it at shutdown. */
export async function closeLiveAudit(deps: AppDeps): Promise<void> {
  await hubs.get(deps)?.close();
}

/** Shorter heartbeats and re-checks for tests (a revoked session is noticed at the next heartbeat). */
export function setLiveAuditTiming(deps: AppDeps, timing: Partial<LiveAuditTiming>): void {
  const hub = hubOf(deps);
  Object.assign(hub.timing, timing);
  hub.retime();
}

/** How many reads of new events this app's live streams have made so far (for tests). */
export function liveAuditReads(deps: AppDeps): number {
  return hubOf(deps).reads;
}

/** Settles once the process's read under way, if any, has handed out what it read (for tests). */
export async function liveAuditSettled(deps: AppDeps): Promise<void> {
  await hubOf(deps).settled();
}

/**
 * Takes a slot of each of `slots` (an account's, or a demo session's and its address's) and
 * one of the process's: the release, or the refusal of the first one full.
 */
export function claimLiveStream(
  deps: AppDeps,
  slots: StreamSlot[],
): { release: () => void } | { refusal: string } {
  const hub = hubOf(deps);
  if (hub.closed) return { refusal: TOO_MANY_STREAMS };
  return hub.claim(slots);
}

/**
 * Sends the events after `after` (the current head when null) that pass the
 * filter, then each new one as it is committed, until the client goes away,
 * `stillAllowed` says no at a heartbeat (sign-out, revocation, a lost role) or
 * the server shuts down. Releases the slot at the end.
 */
export async function runLiveStream(
  deps: AppDeps,
  options: {
    filter: ResolvedAuditFilter;
    after: number | null;
    sink: LiveSink;
    release: () => void;
    stillAllowed: () => Promise<boolean>;
  },
): Promise<void> {
  const hub = hubOf(deps);
  const { sink, filter } = options;
  let ended = false;
  let tick: (() => void) | null = null;
  const nudge = () => {
    const t = tick;
    tick = null;
    t?.();
  };
  const me: Subscriber = {
    filter,
    covered: null,
    queue: [],
    wake: nudge,
    close: () => {
      ended = true;
      nudge();
    },
  };
  // Subscribed before the head is read: an event committed in between is not lost.
  const { unsubscribe, listening } = hub.subscribe(me);
  sink.onAbort(me.close);
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      tick = resolve;
      const timer = setTimeout(() => {
        timers.delete(timer);
        nudge();
      }, ms);
      timer.unref();
      timers.add(timer);
    });
  try {
    // The first line tells the client it is live: by then an append on any process wakes this
    // stream (the first stream of a process waits for its LISTEN), not only the re-check.
    await listening;
    const start = options.after ?? (await auditHeadSeq(deps.db));
    me.covered = start;
    // A resume may have events to send already, and the process may not have read since.
    hub.wake();
    // Tells a reconnecting client how long to wait, and flushes the headers.
    await sink.write(`retry: 3000\n: live audit trail after #${start}\n\n`);
    let nextHeartbeat = Date.now() + hub.timing.heartbeatMs;
    while (!ended && !hub.closed) {
      const next = me.queue.shift();
      if (next) {
        await sink.write(next.text);
        continue;
      }
      const through = hub.position;
      if (through !== null && me.covered < through) {
        // Behind the process (a resume, or it read further meanwhile): catch up alone.
        hub.reads += 1;
        const rows = await auditEventsAfter(deps.db, filter, me.covered, hub.timing.batch, through);
        for (const row of rows) {
          if (ended) break;
          await sink.write(`id: ${row.seq}\ndata: ${JSON.stringify(row)}\n\n`);
        }
        const reached = rows.length < hub.timing.batch ? through : rows[rows.length - 1]!.seq;
        // Offers made meanwhile may have covered more; what they queued is after `reached`.
        if (me.covered < reached) me.covered = reached;
        continue;
      }
      const now = Date.now();
      if (now >= nextHeartbeat) {
        if (!(await options.stillAllowed())) break;
        await sink.write(': heartbeat\n\n');
        nextHeartbeat = Date.now() + hub.timing.heartbeatMs;
        continue;
      }
      await sleep(nextHeartbeat - now);
    }
  } catch (err) {
    // A write to a closed connection, or a failed read: the client reconnects and resumes.
    if (!ended) deps.log.warn('live audit stream ended', { err: String(err) });
  } finally {
    for (const timer of timers) clearTimeout(timer);
    unsubscribe();
    options.release();
  }
}
