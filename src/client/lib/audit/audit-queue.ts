import { AUDIT_LIMITS, isUrgent, jsonBytes, type AuditSeverity } from '@shared/audit-events';
import type { AuditBatch, DropReport } from '@shared/schemas/audit';
import { QueueStore, type KeyValueStorage, type QueueState } from './queue-store';

/** One event on the wire: a client UUID and a severity, plus the fields of its queue. */
export type WireEvent = { id: string; severity: AuditSeverity };

/** One POST /api/audit/events body; its events passed the shared schema when queued. */
export type OutgoingBatch<E extends WireEvent = WireEvent> = {
  source: AuditBatch['source'];
  events: E[];
  dropped?: DropReport[];
};

/** Sends one batch; throws when the server did not take it. */
type AuditTransport = (batch: OutgoingBatch, options: { keepalive: boolean }) => Promise<void>;

/** Everything a queue needs from its surroundings, injected so tests drive it by hand. */
export type QueueDeps = {
  transport: AuditTransport;
  storage: KeyValueStorage | null;
  now: () => Date;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  randomUUID: () => string;
  /** Where flush failures go: logged and retried, never shown to the user (docs/product/audit-trail.md#flush-failures). */
  warn?: (message: string, error: unknown) => void;
};

export type QueueRules = {
  source: AuditBatch['source'];
  storageKey: string;
  flushIntervalMs: number;
  /** Flush as soon as this many unsent events are held (the start-up queue's 50). */
  flushAtCount?: number;
  /** Cap on held events; high and critical events are kept even beyond it. */
  maxEvents: number;
  /** Rejects events the server would refuse, before they are queued. */
  validate: (event: unknown) => boolean;
};

const SEVERITY_RANK: Record<AuditSeverity, number> = {
  info: 0,
  low: 1,
  medium: 2,
  high: 3,
  critical: 4,
};

/** A failure the server will answer the same way next time (a 4xx other than 408/429). */
function isPermanent(error: unknown): boolean {
  return (
    !!error &&
    typeof error === 'object' &&
    'retryable' in error &&
    (error as { retryable: unknown }).retryable === false
  );
}

/**
 * A persistent audit queue (docs/product/audit-trail.md#queue-persistence, docs/product/architecture.md#client-queues). Events stay
 * in storage until the server acknowledges them, so a failed flush leaves them
 * where they were, at the front, and nothing is lost; each carries a UUID, so
 * sending one twice stores it once. At the cap the lowest-severity, oldest
 * unsent event is dropped (never a high or critical one) and the drop is
 * counted and reported to the server with the next batch.
 */
export class AuditQueue<E extends WireEvent> {
  private readonly store: QueueStore<E>;
  private timer: unknown = null;
  private flight: Promise<void> | null = null;
  /** Ids being sent by the regular flush (one request at a time). */
  private readonly sending = new Set<string>();
  /** Ids being sent by a page-hide request, so that a second hide signal does not resend them. */
  private readonly sendingOnHide = new Set<string>();

  constructor(
    protected readonly rules: QueueRules,
    protected readonly deps: QueueDeps,
  ) {
    this.store = new QueueStore<E>(rules.storageKey, deps.storage);
  }

  /** Starts the periodic flush. Idempotent. */
  start(): void {
    if (this.timer !== null) return;
    this.timer = this.deps.setInterval(() => void this.flush(), this.rules.flushIntervalMs);
  }

  stop(): void {
    if (this.timer === null) return;
    this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /** Events held (sent or not) and drops not yet reported: for tests and diagnostics. */
  snapshot(): QueueState<E> {
    return this.store.read();
  }

  protected enqueue(event: E): void {
    if (!this.rules.validate(event)) {
      this.deps.warn?.('audit event refused before queuing', event);
      this.store.update((s) => void (s.pendingDrops += 1));
      return;
    }
    const unsent = this.store.update((s) => {
      s.events.push(event);
      this.enforceCap(s);
      return s.events.filter((e) => !this.sending.has(e.id)).length;
    });
    const { flushAtCount } = this.rules;
    if (isUrgent(event.severity) || (flushAtCount !== undefined && unsent >= flushAtCount)) {
      void this.flush();
    }
  }

  /**
   * Sends held events, one batch at a time, until none is left or a send
   * fails. A call while a flush runs joins it; the running flush picks up
   * events queued meanwhile.
   */
  flush(): Promise<void> {
    this.flight ??= this.drain().finally(() => {
      this.flight = null;
    });
    return this.flight;
  }

  /**
   * The page is being hidden or unloaded: send everything held with
   * `keepalive`, which lets the requests outlive the page. Events a regular
   * flush is sending are sent again, since that request may die with the
   * page; the server stores each id once. Whatever does not get through stays
   * in storage for the next page.
   */
  flushOnHide(): void {
    const state = this.store.update((s) => {
      this.sealDrops(s);
      return { events: [...s.events], drops: [...s.drops] };
    });
    const events = state.events.filter((e) => !this.sendingOnHide.has(e.id));
    let drops = state.drops;
    let rest = events;
    while (rest.length > 0 || drops.length > 0) {
      const batch = this.buildBatch(rest, drops);
      rest = rest.slice(batch.events.length);
      drops = drops.slice(batch.dropped?.length ?? 0);
      const ids = batch.events.map((e) => e.id);
      for (const id of ids) this.sendingOnHide.add(id);
      this.deps
        .transport(batch, { keepalive: true })
        .then(() => this.acknowledge(batch))
        .catch((error: unknown) => this.deps.warn?.('audit flush on page hide failed', error))
        .finally(() => ids.forEach((id) => this.sendingOnHide.delete(id)));
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = this.store.update((s) => {
        this.sealDrops(s);
        const unsent = s.events.filter((e) => !this.sending.has(e.id));
        return unsent.length || s.drops.length ? this.buildBatch(unsent, s.drops) : null;
      });
      if (!batch) return;
      const ids = batch.events.map((e) => e.id);
      ids.forEach((id) => this.sending.add(id));
      try {
        await this.deps.transport(batch, { keepalive: false });
        this.acknowledge(batch);
      } catch (error) {
        if (isPermanent(error)) {
          // The server will never take this batch; drop it (counted) rather than wedge the queue.
          this.deps.warn?.('audit batch refused by the server; dropping it', error);
          this.acknowledge(batch, true);
          return;
        }
        this.deps.warn?.('audit flush failed; will retry', error);
        // The events never left the queue: they are still at its front. Trim back to the cap.
        ids.forEach((id) => this.sending.delete(id));
        this.store.update((s) => this.enforceCap(s));
        return;
      } finally {
        ids.forEach((id) => this.sending.delete(id));
      }
    }
  }

  /** The longest prefix of `events` within the count and byte bounds, with up to 10 drop reports. */
  private buildBatch(events: E[], drops: DropReport[]): OutgoingBatch<E> {
    const dropped = drops.slice(0, AUDIT_LIMITS.maxDropReports);
    const batch: OutgoingBatch<E> = {
      source: this.rules.source,
      events: [],
      ...(dropped.length ? { dropped } : {}),
    };
    let bytes = jsonBytes(batch);
    for (const event of events) {
      if (batch.events.length >= AUDIT_LIMITS.maxEvents) break;
      const size = jsonBytes(event) + 1;
      // A lone event always goes, so one large event cannot block the queue.
      if (batch.events.length > 0 && bytes + size > AUDIT_LIMITS.maxBatchBytes) break;
      batch.events.push(event);
      bytes += size;
    }
    return batch;
  }

  /** Removes what the server has (or, when `asDropped`, refused for good) from storage. */
  private acknowledge(batch: OutgoingBatch<E>, asDropped = false): void {
    const ids = new Set(batch.events.map((e) => e.id));
    const reports = new Set((batch.dropped ?? []).map((d) => d.id));
    this.store.update((s) => {
      const before = s.events.length;
      s.events = s.events.filter((e) => !ids.has(e.id));
      const refusedReports = s.drops.filter((d) => reports.has(d.id));
      s.drops = s.drops.filter((d) => !reports.has(d.id));
      if (asDropped) {
        // The refused events count as dropped, and the refused reports' counts are reported anew.
        s.pendingDrops += before - s.events.length;
        s.pendingDrops += refusedReports.reduce((sum, d) => sum + d.count, 0);
      }
    });
  }

  /**
   * Turns the running drop count into reports with their own ids, sent until acknowledged,
   * each within the count the server takes (a larger one would be refused for good).
   */
  private sealDrops(s: QueueState<E>): void {
    while (s.pendingDrops > 0) {
      const count = Math.min(s.pendingDrops, AUDIT_LIMITS.maxDroppedPerReport);
      s.drops.push({ id: this.deps.randomUUID(), count });
      s.pendingDrops -= count;
    }
  }

  /**
   * Events being sent neither count nor can be dropped: the send may succeed.
   * If it fails they are back in the count, and the cap applies to all.
   */
  private enforceCap(s: QueueState<E>): void {
    const held = () => s.events.filter((e) => !this.sending.has(e.id)).length;
    while (held() > this.rules.maxEvents) {
      let victim = -1;
      s.events.forEach((e, i) => {
        if (isUrgent(e.severity) || this.sending.has(e.id)) return;
        if (
          victim === -1 ||
          SEVERITY_RANK[e.severity] < SEVERITY_RANK[s.events[victim]!.severity]
        ) {
          victim = i;
        }
      });
      if (victim === -1) return; // Only high and critical events left: keep them all.
      s.events.splice(victim, 1);
      s.pendingDrops += 1;
    }
  }
}
