import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../core/context';
import { auditSinks } from '../../db/schema';
import { appendAuditEvents, AUDIT_NOTIFY_CHANNEL } from '../chain/append';
import { AUDIT_EVENTS } from '../event-types';
import { auditHeadSeq } from '../trail';
import { postBatch } from './post-batch';
import { systemResolve, type ResolveHost } from './sink-address';
import { readSinkBatch, sinkBody, type SinkBatch } from './sink-batch';
import { unsealSinkSecret } from './sink-secret';

/** How delivery to sinks runs (docs/operations.md#audit-delivery-to-sinks). */
export const SINK_DELIVERY = {
  /** Events read (and at most sent) per request. */
  batchMax: 1_000,
  /** The most JSON a request carries (an event larger than this alone goes by itself). */
  batchMaxBytes: 1024 * 1024,
  /** A receiver that has not answered by then has failed this attempt. */
  requestTimeoutMs: 10_000,
  /**
   * How long a process holds a sink once it takes it, renewed with every batch. Longer than a
   * request may last, so that no other process takes the sink while a batch is in flight.
   */
  leaseMs: 30_000,
  /** Look for due sinks this often even when no notification came (retries, other processes). */
  recheckMs: 5_000,
  /** Failed attempts in a row after which the sink is paused until resumed. */
  maxFailures: 10,
  /** The first retry's delay; each next one doubles, up to backoffMaxMs, with jitter. */
  backoffBaseMs: 1_000,
  backoffMaxMs: 10 * 60_000,
  /** Resolves a sink's host before each request (tests pass their own). */
  resolve: systemResolve as ResolveHost,
};
export type SinkDeliveryOptions = typeof SINK_DELIVERY;

type SinkRow = typeof auditSinks.$inferSelect;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const UNREADABLE_SECRET =
  "This server's audit sink key cannot read the sink's secret (another AUDIT_SINK_KEY, or a restored database): rotate the secret";

/**
 * The delay before the next attempt after `failures` failures in a row: exponential, capped, with
 * "equal jitter" (half fixed, half random) so that sinks failing together do not retry together.
 */
export function backoffMs(failures: number, o: SinkDeliveryOptions, random = Math.random): number {
  const full = Math.min(o.backoffMaxMs, o.backoffBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Delivers the trail to every enabled sink, in seq order, at least once. Each sink's cursor
 * moves only after its receiver answered 2xx, so a crash or a restart replays the batch that was
 * in flight. Across processes, a lease on the sink's row (owner and expiry, taken by one UPDATE)
 * lets exactly one process deliver a sink at a time; the cursor only moves under the lease.
 */
export class SinkDeliverer {
  /** Names this process in leases and in the delivery header. */
  readonly owner = `p${process.pid}-${randomUUID().slice(0, 8)}`;
  private sent = 0;
  private dirty = false;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retries = new Set<NodeJS.Timeout>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly abort = new AbortController();
  closed = false;

  constructor(
    private readonly deps: AppDeps,
    readonly options: SinkDeliveryOptions = SINK_DELIVERY,
  ) {}

  async start() {
    this.unlisten = await this.deps.database
      .listen(AUDIT_NOTIFY_CHANNEL, () => this.wake())
      .catch((err: unknown) => {
        // The re-check still finds new events, only later.
        this.deps.log.error('audit sink listener failed', { err: String(err) });
        return null;
      });
    this.timer = setInterval(() => this.wake(), this.options.recheckMs);
    this.timer.unref();
    this.wake();
  }

  /** Something may be due: one pass over the sinks, after the one under way if any. */
  wake() {
    if (this.closed) return;
    this.dirty = true;
    this.running ??= this.passes().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no pass is under way (for tests and shutdown). */
  async settled() {
    while (this.running) await this.running;
  }

  private async passes() {
    while (this.dirty && !this.closed) {
      this.dirty = false;
      try {
        await this.pass();
      } catch (err) {
        this.deps.log.warn('audit sink delivery failed', { err: String(err) });
      }
    }
  }

  private async pass() {
    const now = this.deps.now();
    const due = await this.deps.db
      .select({ id: auditSinks.id, deliveredSeq: auditSinks.deliveredSeq })
      .from(auditSinks)
      .where(
        and(
          eq(auditSinks.enabled, true),
          isNull(auditSinks.pausedAt),
          or(isNull(auditSinks.nextAttemptAt), lte(auditSinks.nextAttemptAt, now)),
          or(isNull(auditSinks.leaseUntil), lt(auditSinks.leaseUntil, now)),
        ),
      );
    if (due.length === 0) return;
    // A sink that has caught up is not taken: an idle trail costs no write.
    const head = await auditHeadSeq(this.deps.db);
    const behind = due.filter((s) => s.deliveredSeq < head);
    // Sinks do not wait for one another: a slow receiver holds back only its own sink.
    await Promise.all(behind.map((s) => this.deliverSink(s.id)));
  }

  /** Takes the sink's lease if it is free (or expired, or already ours); null if not. */
  private async claim(id: string): Promise<SinkRow | null> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .update(auditSinks)
      .set({ leaseOwner: this.owner, leaseUntil: new Date(now.getTime() + this.options.leaseMs) })
      .where(
        and(
          eq(auditSinks.id, id),
          eq(auditSinks.enabled, true),
          isNull(auditSinks.pausedAt),
          or(isNull(auditSinks.nextAttemptAt), lte(auditSinks.nextAttemptAt, now)),
          or(
            isNull(auditSinks.leaseOwner),
            lt(auditSinks.leaseUntil, now),
            eq(auditSinks.leaseOwner, this.owner),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  private async release(id: string) {
    await this.deps.db
      .update(auditSinks)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(auditSinks.id, id), eq(auditSinks.leaseOwner, this.owner)));
  }

  private async deliverSink(id: string) {
    let row = await this.claim(id);
    if (!row) return;
    const read = (after: number, sink: SinkRow) => {
      const batch = readSinkBatch(
        this.deps.database,
        { eventTypes: sink.eventTypes, severities: sink.severities },
        after,
        { maxEvents: this.options.batchMax, maxBytes: this.options.batchMaxBytes },
      );
      // Handled now: a read ahead that fails while a request is in flight must not count as an
      // unhandled rejection (which ends the process); it is thrown where it is awaited.
      batch.catch(() => {});
      return batch;
    };
    // The next batch is read while the one before is in flight; the cursor still moves batch
    // by batch, in order, each only after its 2xx.
    let next: Promise<SinkBatch> | null = read(row.deliveredSeq, row);
    // Opened once per sealed value, not per batch (a rotation meanwhile seals another).
    const secrets = new Map<string, string | null>();
    try {
      // A sink disabled or paused meanwhile (by a request, by another process) stops here.
      while (next && row && row.enabled && !row.pausedAt && !this.closed) {
        const batch: SinkBatch = await next;
        next = null;
        if (batch.through === row.deliveredSeq) return;
        if (batch.more) next = read(batch.through, row);
        if (batch.events.length > 0) {
          if (!secrets.has(row.secretSealed)) secrets.set(row.secretSealed, this.secretOf(row));
          const secret = secrets.get(row.secretSealed);
          if (!secret) {
            await this.recordFailure(row, UNREADABLE_SECRET);
            return;
          }
          const outcome = await postBatch({
            url: row.url,
            sinkId: row.id,
            secret,
            body: sinkBody(row.id, batch),
            now: this.deps.now(),
            timeoutMs: this.options.requestTimeoutMs,
            deliveryId: `${this.owner}-${++this.sent}`,
            signal: this.abort.signal,
            resolve: this.options.resolve,
          });
          if (!outcome.delivered) {
            if (!this.closed) await this.recordFailure(row, outcome.error ?? 'Delivery failed');
            return;
          }
        }
        const before: SinkRow = row;
        row = await this.advance(row, batch.through, batch.events.length > 0);
        // A filter changed meanwhile: the batch read ahead was chosen by the old one.
        if (
          row &&
          next &&
          (!sameList(row.eventTypes, before.eventTypes) ||
            !sameList(row.severities, before.severities))
        ) {
          next = read(batch.through, row);
        }
      }
    } finally {
      // A batch read ahead and not sent is dropped; it is read again next time.
      await next?.catch(() => {});
      await this.release(id).catch(() => {});
    }
  }

  /** The sink's secret; null when this process's key does not open it (another key, a restore). */
  private secretOf(row: SinkRow): string | null {
    try {
      return unsealSinkSecret(this.deps.config, row.id, row.secretSealed);
    } catch {
      return null;
    }
  }

  /**
   * Moves the cursor to `through`, only while this process holds the lease and nobody moved the
   * cursor meanwhile; renews the lease. Null when the sink is no longer ours.
   */
  private async advance(row: SinkRow, through: number, sent: boolean): Promise<SinkRow | null> {
    const now = this.deps.now();
    const [next] = await this.deps.db
      .update(auditSinks)
      .set({
        deliveredSeq: through,
        failures: 0,
        nextAttemptAt: null,
        lastError: null,
        lastErrorAt: null,
        ...(sent ? { lastDeliveredAt: now } : {}),
        leaseUntil: new Date(now.getTime() + this.options.leaseMs),
      })
      .where(
        and(
          eq(auditSinks.id, row.id),
          eq(auditSinks.leaseOwner, this.owner),
          eq(auditSinks.deliveredSeq, row.deliveredSeq),
        ),
      )
      .returning();
    return next ?? null;
  }

  /** One more failure: the next attempt backs off; past the limit the sink pauses, on the trail. */
  private async recordFailure(row: SinkRow, error: string) {
    const now = this.deps.now();
    const failures = row.failures + 1;
    const pause = failures >= this.options.maxFailures;
    const delay = backoffMs(failures, this.options);
    await this.deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(auditSinks)
        .set({
          failures,
          lastError: error,
          lastErrorAt: now,
          nextAttemptAt: pause ? null : new Date(now.getTime() + delay),
          ...(pause ? { pausedAt: now } : {}),
        })
        .where(and(eq(auditSinks.id, row.id), eq(auditSinks.leaseOwner, this.owner)))
        .returning({ id: auditSinks.id });
      if (!updated || !pause) return;
      await appendAuditEvents(
        tx,
        [
          {
            source: 'server',
            eventType: AUDIT_EVENTS.auditSinkPaused,
            severity: 'high',
            details: {
              sink_id: row.id,
              name: row.name,
              url: row.url,
              failures,
              last_error: error,
              delivered_seq: row.deliveredSeq,
            },
          },
        ],
        now,
      );
    });
    if (pause) {
      this.deps.log.warn('audit sink paused', { sink_id: row.id, failures, error });
      return;
    }
    const retry = setTimeout(() => {
      this.retries.delete(retry);
      this.wake();
    }, delay);
    retry.unref();
    this.retries.add(retry);
  }

  /** Stops delivering: no new pass; a request in flight is abandoned (its batch is sent again). */
  async stop() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
    this.abort.abort();
    await this.settled();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }
}

const deliverers = new WeakMap<AppDeps, SinkDeliverer>();

/** Starts delivering for this app (server start-up); tests pass quicker options. */
export async function startSinkDelivery(
  deps: AppDeps,
  options?: Partial<SinkDeliveryOptions>,
): Promise<SinkDeliverer> {
  const deliverer = new SinkDeliverer(deps, { ...SINK_DELIVERY, ...options });
  deliverers.set(deps, deliverer);
  await deliverer.start();
  return deliverer;
}

/** A change that may make a sink due (a resume, a re-enable) wakes this process's deliverer. */
export function wakeSinkDelivery(deps: AppDeps): void {
  deliverers.get(deps)?.wake();
}

export async function stopSinkDelivery(deps: AppDeps): Promise<void> {
  await deliverers.get(deps)?.stop();
  deliverers.delete(deps);
}
