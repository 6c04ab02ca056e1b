import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditDelivery } from '../../../../docs/examples/audit-receiver.mjs';
import { auditSinks } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/harness';
import { appendEvents, auditOf } from '../../testing/principals';
import { startSinkReceiver, type SinkReceiver } from '../../testing/sink-receiver';
import { AUDIT_EVENTS } from '../event-types';
import { auditHeadSeq } from '../trail';
import { backoffMs, SINK_DELIVERY, SinkDeliverer, type SinkDeliveryOptions } from './deliverer';
import { listSinks } from './registry';
import { sealSinkSecret } from './sink-secret';

/**
 * Delivery to sinks (docs/operations.md#audit-delivery-to-sinks): every event, in seq order, at
 * least once; failures back off, pause after the limit, and a resume replays from the cursor.
 */
let t: TestContext;
const SECRET = 'whsec_test-secret-of-the-delivery-tests';
const QUICK: SinkDeliveryOptions = {
  ...SINK_DELIVERY,
  batchMax: 7,
  requestTimeoutMs: 2_000,
  leaseMs: 10_000,
  recheckMs: 100,
  maxFailures: 4,
  backoffBaseMs: 20,
  backoffMaxMs: 100,
};

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const running: { deliverers: SinkDeliverer[]; receivers: SinkReceiver[] } = {
  deliverers: [],
  receivers: [],
};
afterEach(async () => {
  for (const d of running.deliverers.splice(0)) await d.stop();
  for (const r of running.receivers.splice(0)) await r.close();
  await t.database.exec('DELETE FROM audit_sinks');
});

async function receiver(options?: Parameters<typeof startSinkReceiver>[0]) {
  const r = await startSinkReceiver(options);
  running.receivers.push(r);
  return r;
}

async function deliverer(options: Partial<SinkDeliveryOptions> = {}) {
  const d = new SinkDeliverer(t.deps, { ...QUICK, ...options });
  running.deliverers.push(d);
  await d.start();
  return d;
}

/** A sink that starts after the trail's head now. */
async function sink(url: string, filters: { eventTypes?: string[]; severities?: string[] } = {}) {
  const id = randomUUID();
  await t.db.insert(auditSinks).values({
    id,
    name: 'Test sink',
    url,
    eventTypes: filters.eventTypes ?? [],
    severities: filters.severities ?? [],
    secretSealed: sealSinkSecret(t.config, id, SECRET),
    deliveredSeq: await auditHeadSeq(t.db),
  });
  return id;
}

/** Appends `n` events in transactions of a few each; their seqs. */
async function append(n: number, type = 'live.other'): Promise<number[]> {
  const seqs: number[] = [];
  for (let i = 0; i < n; i += 5) {
    const size = Math.min(5, n - i);
    seqs.push(
      ...(await appendEvents(
        t.db,
        Array.from({ length: size }, () => ({ eventType: type })),
      )),
    );
  }
  return seqs;
}

const rowOf = async (id: string) =>
  (await t.db.select().from(auditSinks).where(eq(auditSinks.id, id)))[0]!;

describe('delivery to a sink', () => {
  it('hands a receiver every event exactly in seq order, in batches, each signed', async () => {
    const r = await receiver();
    const id = await sink(r.url);
    const seqs = await append(40);
    await deliverer();
    await r.until(() => r.acceptedSeqs().length >= seqs.length);

    expect(r.acceptedSeqs()).toEqual(seqs);
    expect(Math.max(...r.received.map((d) => d.events.length))).toBeLessThanOrEqual(7);
    for (const d of r.received) {
      expect(verifyAuditDelivery(SECRET, d.headers['x-audit-signature'] as string, d.body)).toBe(
        true,
      );
      expect(d.headers['x-audit-sink-id']).toBe(id);
      expect(JSON.parse(d.body)).toMatchObject({ sink_id: id });
    }
    // The cursor moves once the receiver has answered.
    await expect.poll(async () => (await rowOf(id)).deliveredSeq).toBe(seqs.at(-1));
  });

  it('delivers events appended while it runs, woken by their notification', async () => {
    const r = await receiver();
    await sink(r.url);
    await deliverer({ recheckMs: 60_000 });
    const seqs = await append(12);
    await r.until(() => r.acceptedSeqs().length >= seqs.length);
    expect(r.acceptedSeqs()).toEqual(seqs);
  });

  it('sends only what the filters keep, and moves past the rest', async () => {
    const r = await receiver();
    const id = await sink(r.url, { eventTypes: ['auth.*', 'live.exact'], severities: ['high'] });
    const kept = [
      ...(await appendEvents(t.db, [{ eventType: 'auth.signin.failure', severity: 'high' }])),
      ...(await appendEvents(t.db, [{ eventType: 'live.exact', severity: 'high' }])),
    ];
    await appendEvents(t.db, [
      { eventType: 'auth.signin.failure', severity: 'low' },
      { eventType: 'live.exactly', severity: 'high' },
      { eventType: 'authx.other', severity: 'high' },
    ]);
    const head = await auditHeadSeq(t.db);
    await deliverer();
    await r.until(() => r.acceptedSeqs().length >= kept.length);
    await expect.poll(async () => (await rowOf(id)).deliveredSeq).toBe(head);
    expect(r.acceptedSeqs()).toEqual(kept);
  });
});

describe('a receiver that fails', () => {
  it('is retried with back-off and then caught up, from the batch that failed', async () => {
    const r = await receiver({ answer: (n) => (n < 3 ? 500 : 204) });
    const id = await sink(r.url);
    const seqs = await append(20);
    await deliverer();
    await r.until(() => r.acceptedSeqs().length >= seqs.length);

    expect(r.received.slice(0, 3).map((d) => d.status)).toEqual([500, 500, 500]);
    // Each retry sends the same batch again: the cursor did not move past a refusal.
    for (const d of r.received.slice(0, 4)) expect(d.events[0]!.seq).toBe(seqs[0]);
    expect(r.acceptedSeqs()).toEqual(seqs);
    const row = await rowOf(id);
    expect(row).toMatchObject({ failures: 0, lastError: null, pausedAt: null });
  });

  it('pauses after the limit, says so with the last error, and a resume replays from there', async () => {
    let refusing = true;
    const r = await receiver({ answer: () => (refusing ? 503 : 204) });
    const id = await sink(r.url);
    const seqs = await append(10);
    const d = await deliverer();
    await expect.poll(async () => (await rowOf(id)).pausedAt, { timeout: 10_000 }).not.toBeNull();
    expect(r.received).toHaveLength(QUICK.maxFailures);

    const status = (await listSinks(t.db)).sinks.find((s) => s.id === id)!;
    expect(status).toMatchObject({
      state: 'paused',
      failures: QUICK.maxFailures,
      last_error: 'HTTP 503: receiver says no',
      delivered_seq: seqs[0]! - 1,
    });
    expect(status.last_error_at).not.toBeNull();
    expect(status.lag).toBeGreaterThanOrEqual(seqs.length);
    const [paused] = await auditOf(t, AUDIT_EVENTS.auditSinkPaused);
    expect(paused).toMatchObject({ severity: 'high' });
    expect(JSON.stringify(paused!.details)).not.toContain(SECRET);

    // Paused: the timer and new events do not deliver.
    await append(2);
    d.wake();
    await d.settled();
    expect(r.received).toHaveLength(QUICK.maxFailures);

    refusing = false;
    await t.db
      .update(auditSinks)
      .set({ pausedAt: null, failures: 0, nextAttemptAt: null })
      .where(eq(auditSinks.id, id));
    d.wake();
    const head = await auditHeadSeq(t.db);
    await expect.poll(async () => (await rowOf(id)).deliveredSeq).toBe(head);
    const accepted = r.acceptedSeqs();
    expect(accepted.slice(0, seqs.length)).toEqual(seqs);
    expect(accepted).toContain(paused!.seq);
    expect(accepted).toEqual([...accepted].sort((a, b) => a - b));
  });

  it('counts a receiver that is not there as a failure, with why', async () => {
    const r = await receiver();
    const url = r.url;
    await r.close();
    const id = await sink(url);
    await append(1);
    await deliverer({ maxFailures: 1 });
    await expect.poll(async () => (await rowOf(id)).pausedAt).not.toBeNull();
    expect((await rowOf(id)).lastError).toMatch(/^Could not reach the receiver: ECONNREFUSED/);
  });
});

describe('a secret this server cannot read', () => {
  it('is a failure on the sink that says to rotate, not a silent stop', async () => {
    const r = await receiver();
    const id = await sink(r.url);
    // Sealed under another key, as in a database restored without its sink key.
    const other = { ...t.config, auditSinkKey: 'another-audit-sink-key-0123456789abcdef' };
    await t.db
      .update(auditSinks)
      .set({ secretSealed: sealSinkSecret(other, id, SECRET) })
      .where(eq(auditSinks.id, id));
    await append(1);
    await deliverer({ maxFailures: 1 });
    await expect.poll(async () => (await rowOf(id)).pausedAt).not.toBeNull();
    expect((await rowOf(id)).lastError).toContain('rotate the secret');
    expect(r.received).toHaveLength(0);
  });
});

describe('several deliverers on one database', () => {
  it('never deliver the same sink at once, and together deliver every event once', async () => {
    const r = await receiver({ delayMs: 30 });
    await sink(r.url);
    const seqs = await append(30);
    const ds = await Promise.all([deliverer(), deliverer(), deliverer()]);
    for (const d of ds) d.wake();
    await r.until(() => r.acceptedSeqs().length >= seqs.length);
    await Promise.all(ds.map((d) => d.settled()));

    expect(r.maxConcurrent).toBe(1);
    expect(r.acceptedSeqs()).toEqual(seqs);
  });

  it('a stopped deliverer leaves the batch in flight to be sent again by the next', async () => {
    const r = await receiver({ delayMs: 300 });
    const id = await sink(r.url);
    const seqs = await append(5);
    const first = await deliverer();
    // The batch has reached the receiver, which has not answered yet.
    await expect.poll(() => r.maxConcurrent).toBe(1);
    await first.stop();
    expect((await rowOf(id)).deliveredSeq).toBe(seqs[0]! - 1);

    await deliverer();
    await r.until(() => r.received.length >= 2);
    await expect.poll(async () => (await rowOf(id)).deliveredSeq).toBe(seqs.at(-1));
    // The batch reached the receiver twice: a receiver de-duplicates by seq.
    const delivered = r.received.flatMap((d) => d.events.map((e) => e.seq));
    expect([...new Set(delivered)]).toEqual(seqs);
  });

  it('a read ahead that fails while a batch is in flight ends the pass, and is read again', async () => {
    const r = await receiver({ delayMs: 50 });
    const id = await sink(r.url);
    const seqs = await append(20);
    // The second read of the trail (the one ahead of the first batch's request) fails once.
    let reads = 0;
    const database = {
      ...t.deps.database,
      query: <T>(text: string, params?: unknown[]) =>
        text.includes('FROM audit_events e') && ++reads === 2
          ? Promise.reject(new Error('the read ahead failed'))
          : t.deps.database.query<T>(text, params),
    };
    const d = new SinkDeliverer({ ...t.deps, database }, QUICK);
    running.deliverers.push(d);
    await d.start();
    await r.until(() => r.acceptedSeqs().length >= seqs.length);
    await expect.poll(async () => (await rowOf(id)).deliveredSeq).toBe(seqs.at(-1));
    expect(reads).toBeGreaterThan(2);
    expect(r.acceptedSeqs()).toEqual(seqs);
  });
});

describe('back-off', () => {
  it('doubles from the base up to the cap, half of it random', () => {
    const o = { ...SINK_DELIVERY, backoffBaseMs: 1_000, backoffMaxMs: 60_000 };
    expect([1, 2, 3, 4].map((f) => backoffMs(f, o, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(4, o, () => 0)).toBe(4_000);
    expect(backoffMs(30, o, () => 1)).toBe(60_000);
  });
});
