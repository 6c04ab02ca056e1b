/*
 * The live audit trail (docs/api/audit-trail.md#live-stream): streams that send
 * each new event once, in order. The database is the source of truth; a
 * notification (NOTIFY on the channel every append writes to, delivered at
 * commit, heard through one listener per process) only tells the process to
 * look. The process reads what is new once, whatever the number of streams,
 * and hands each stream the events its filter keeps; a stream reads on its own
 * only to catch up (a resume, or a start behind the process). A slow re-check
 * covers a notification that never came.
 */
import type { AppDeps } from '../core/context';
import {
  LiveAuditHub,
  TOO_MANY_STREAMS,
  type LiveAuditTiming,
  type StreamSlot,
  type Subscriber,
} from './live-hub';
import { auditEventsAfter, auditHeadSeq, type ResolvedAuditFilter } from './trail';

export {
  LIVE_AUDIT_LIMITS,
  TOO_MANY_DEMO_STREAMS,
  TOO_MANY_STREAMS,
  type LiveAuditTiming,
  type StreamSlot,
} from './live-hub';

/** Where a stream writes: an SSE response in the app, anything in a test. */
export type LiveSink = {
  /** Writes raw text/event-stream text. */
  write(text: string): Promise<unknown>;
  /** Calls `fn` when the client goes away. */
  onAbort(fn: () => void): void;
};

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
