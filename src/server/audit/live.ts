import type { AuditEventRow } from '@shared/schemas/audit-trail';
import type { AppDeps } from '../context';
import { AUDIT_NOTIFY_CHANNEL } from './chain';
import { auditEventsAfter, auditHeadSeq, type ResolvedAuditFilter } from './trail';

/**
 * The live audit trail (docs/api/audit-trail.md#live-stream): streams that send
 * each new event once, in order. The database is the source of truth; a
 * notification (NOTIFY on the channel every append writes to, delivered at
 * commit, heard through one listener per process) only tells the streams to
 * look. A slow re-check covers a notification that never came.
 */
export const LIVE_AUDIT_LIMITS = {
  /**
   * Open streams per account (per server process); the next one is refused with 429. In demo
   * mode every visitor is the one demo administrator, so the count is per demo session.
   */
  streamsPerAccount: 5,
  /** Open streams per server process, whoever holds them. */
  streamsPerProcess: 200,
  /** A comment line this often keeps proxies from closing an idle stream; the session is checked then. */
  heartbeatMs: 15_000,
  /** Look for new events this often even when no notification came. */
  recheckMs: 10_000,
  /** Events read per query; a stream reads again until it has caught up. */
  batch: 100,
};

export type LiveAuditTiming = Pick<typeof LIVE_AUDIT_LIMITS, 'heartbeatMs' | 'recheckMs' | 'batch'>;

export const TOO_MANY_STREAMS = `At most ${LIVE_AUDIT_LIMITS.streamsPerAccount} live audit streams may be open per account: close another tab's live view first`;

/** Where a stream writes: an SSE response in the app, anything in a test. */
export type LiveSink = {
  /** Writes raw text/event-stream text. */
  write(text: string): Promise<unknown>;
  /** Calls `fn` when the client goes away. */
  onAbort(fn: () => void): void;
};

type Waker = () => void;

class LiveAuditHub {
  private readonly wakers = new Set<Waker>();
  private readonly open = new Map<string, number>();
  private total = 0;
  private readonly closers = new Set<() => void>();
  private unlisten: Promise<(() => Promise<void>) | null> | null = null;
  closed = false;
  timing: LiveAuditTiming = { ...LIVE_AUDIT_LIMITS };

  constructor(private readonly deps: AppDeps) {}

  /** Takes one of the holder's stream slots; null when all are taken, or all of the process's. */
  claim(accountId: string): (() => void) | null {
    const taken = this.open.get(accountId) ?? 0;
    if (taken >= LIVE_AUDIT_LIMITS.streamsPerAccount) return null;
    if (this.total >= LIVE_AUDIT_LIMITS.streamsPerProcess) return null;
    this.total += 1;
    this.open.set(accountId, taken + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.open.get(accountId) ?? 1) - 1;
      if (left > 0) this.open.set(accountId, left);
      else this.open.delete(accountId);
    };
  }

  /**
   * Wakes `waker` on every notification; the listener starts with the first stream.
   * `listening` settles once the process hears notifications (or gave up trying).
   */
  subscribe(
    waker: Waker,
    closer: () => void,
  ): { unsubscribe: () => void; listening: Promise<void> } {
    this.wakers.add(waker);
    this.closers.add(closer);
    this.unlisten ??= this.deps.database
      .listen(AUDIT_NOTIFY_CHANNEL, () => this.wakeAll())
      .catch((err: unknown) => {
        // The re-check still finds new events, only later.
        this.deps.log.error('audit listener failed', { err: String(err) });
        return null;
      });
    return {
      unsubscribe: () => {
        this.wakers.delete(waker);
        this.closers.delete(closer);
      },
      listening: this.unlisten.then(() => {}),
    };
  }

  wakeAll() {
    for (const wake of this.wakers) wake();
  }

  /** Ends every stream and stops listening (server shutdown). */
  async close() {
    this.closed = true;
    for (const close of this.closers) close();
    const unlisten = await this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }
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
  Object.assign(hubOf(deps).timing, timing);
}

/** Takes a stream slot of the account, or null when it has all of them open. */
export function claimLiveStream(deps: AppDeps, accountId: string): (() => void) | null {
  const hub = hubOf(deps);
  if (hub.closed) return null;
  return hub.claim(accountId);
}

function message(event: AuditEventRow): string {
  // JSON has no raw line breaks, so the data is one line.
  return `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
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
  let pending = true;
  let ended = false;
  let tick: (() => void) | null = null;
  const nudge = () => {
    const t = tick;
    tick = null;
    t?.();
  };
  const end = () => {
    ended = true;
    nudge();
  };
  // Subscribed before the head is read: an event committed in between is not lost.
  const { unsubscribe, listening } = hub.subscribe(() => {
    pending = true;
    nudge();
  }, end);
  sink.onAbort(end);
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
    let last = options.after ?? (await auditHeadSeq(deps.db));
    // Tells a reconnecting client how long to wait, and flushes the headers.
    await sink.write(`retry: 3000\n: live audit trail after #${last}\n\n`);
    let nextHeartbeat = Date.now() + hub.timing.heartbeatMs;
    let nextRecheck = Date.now() + hub.timing.recheckMs;
    while (!ended && !hub.closed) {
      if (pending) {
        pending = false;
        for (;;) {
          const events = await auditEventsAfter(deps.db, filter, last, hub.timing.batch);
          for (const event of events) {
            if (ended) break;
            await sink.write(message(event));
            last = event.seq;
          }
          if (ended || events.length < hub.timing.batch) break;
        }
        continue;
      }
      const now = Date.now();
      if (now >= nextHeartbeat) {
        if (!(await options.stillAllowed())) break;
        await sink.write(': heartbeat\n\n');
        nextHeartbeat = Date.now() + hub.timing.heartbeatMs;
        continue;
      }
      if (now >= nextRecheck) {
        pending = true;
        nextRecheck = Date.now() + hub.timing.recheckMs;
        continue;
      }
      await sleep(Math.min(nextHeartbeat, nextRecheck) - now);
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
