/**
 * npm run bench:delivery — audit delivery to a sink (docs/operations.md#audit-delivery-to-sinks),
 * in process on the embedded database, to a receiver on 127.0.0.1 that answers at once:
 *
 * 1. catch-up: BENCH_BACKLOG events already on the trail, delivered from a new sink's cursor:
 *    events per second.
 * 2. live: events appended at BENCH_RATE per second (batches of 50, as the console's queue sends
 *    them) for BENCH_SECONDS; the delay from the append's commit to the receiver's answer,
 *    p50 and p99.
 *
 * Every event must arrive once, in seq order; the catch-up must outrun the live rate and the p99
 * delay stay under 1 s. Prints a Markdown table, then one PASS or FAIL line; exits 1 on FAIL.
 *
 *   BENCH_BACKLOG=20000  BENCH_RATE=1000  BENCH_SECONDS=10  BENCH_DELIVERY_BATCH=100
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { SinkDeliverer, SINK_DELIVERY } from '../src/server/audit/sinks/deliverer';
import { sealSinkSecret } from '../src/server/audit/sinks/sink-secret';
import { auditHeadSeq } from '../src/server/audit/trail';
import { auditSinks } from '../src/server/db/schema';
import { createTestContext, type TestContext } from '../src/server/testing/harness';
import { appendEvents } from '../src/server/testing/principals';
import { startSinkReceiver, type SinkReceiver } from '../src/server/testing/sink-receiver';
import { useAuditChainKey } from '../src/server/audit/chain/link';
import { TEST_AUDIT_CHAIN_KEY } from '../src/server/testing/test-audit-chain-key';
import { printTable } from './markdown-table';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BATCH = 50;
/** Events per request to the receiver (the deliverer's batch cap). */
const DELIVERY_BATCH = Number(process.env.BENCH_DELIVERY_BATCH ?? SINK_DELIVERY.batchMax);
const OPTIONS = { ...SINK_DELIVERY, batchMax: DELIVERY_BATCH };
const P99_LIMIT_MS = 1_000;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function addSink(t: TestContext, url: string) {
  const id = randomUUID();
  await t.db.insert(auditSinks).values({
    id,
    name: 'bench',
    url,
    secretSealed: sealSinkSecret(t.config, id, 'whsec_bench'),
    deliveredSeq: await auditHeadSeq(t.db),
  });
}

async function append(t: TestContext, n: number): Promise<number[]> {
  return appendEvents(
    t.db,
    Array.from({ length: n }, () => ({ eventType: 'bench.delivery', details: { n } })),
  );
}

/** The receiver's accepted seqs are exactly `expected`, in order, once each. */
function inOrderOnce(r: SinkReceiver, expected: number[]): boolean {
  const got = r.acceptedSeqs();
  return got.length === expected.length && got.every((seq, i) => seq === expected[i]);
}

async function catchUp(t: TestContext) {
  const r = await startSinkReceiver();
  await addSink(t, r.url);
  const seqs: number[] = [];
  for (let i = 0; i < BACKLOG; i += 500)
    seqs.push(...(await append(t, Math.min(500, BACKLOG - i))));
  const d = new SinkDeliverer(t.deps, OPTIONS);
  const start = performance.now();
  await d.start();
  await r.until(() => r.acceptedSeqs().length >= seqs.length, 300_000);
  const ms = performance.now() - start;
  await d.stop();
  await r.close();
  await t.database.exec('DELETE FROM audit_sinks');
  return { eventsPerSecond: (seqs.length / ms) * 1000, ms, ok: inOrderOnce(r, seqs) };
}

async function live(t: TestContext) {
  const r = await startSinkReceiver();
  await addSink(t, r.url);
  const d = new SinkDeliverer(t.deps, OPTIONS);
  await d.start();
  const appendedAt = new Map<number, number>();
  const seqs: number[] = [];
  const intervalMs = (BATCH / RATE) * 1000;
  const start = performance.now();
  for (let i = 0; performance.now() - start < SECONDS * 1000; i++) {
    const due = start + i * intervalMs;
    // Always through the timers: the deliverer and the receiver live on this thread too, and
    // appends that follow each other as promises alone would keep their I/O from running.
    const wait = Math.max(0, due - performance.now());
    await new Promise((resolve) => setTimeout(resolve, wait));
    const batch = await append(t, BATCH);
    const now = performance.now();
    for (const seq of batch) appendedAt.set(seq, now);
    seqs.push(...batch);
  }
  const offered = (seqs.length / (performance.now() - start)) * 1000;
  await r.until(() => r.acceptedSeqs().length >= seqs.length, 120_000);
  await d.stop();
  await r.close();
  const delays = r.received
    .flatMap((x) => x.events.map((e) => x.at - appendedAt.get(e.seq)!))
    .sort((a, b) => a - b);
  return {
    offered,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    requests: r.received.length,
    ok: inOrderOnce(r, seqs),
  };
}

async function main(): Promise<number> {
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(1)}`);
  useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
  const t = await createTestContext({ seed: false });
  try {
    const c = await catchUp(t);
    const l = await live(t);
    printTable(
      ['run', 'events', 'events/s', 'p50 ms', 'p99 ms', 'in order, once'],
      [
        ['catch-up from a backlog', fmt(BACKLOG), fmt(c.eventsPerSecond), '—', '—', String(c.ok)],
        [
          `live at ${fmt(RATE)} events/s offered`,
          fmt(l.offered * SECONDS),
          fmt(l.offered),
          l.p50.toFixed(1),
          l.p99.toFixed(1),
          String(l.ok),
        ],
      ],
    );
    console.log(`live: ${l.requests} requests`);
    const failures = [
      !c.ok && 'catch-up: not every event once in order',
      !l.ok && 'live: not every event once in order',
      c.eventsPerSecond < l.offered && 'catch-up is slower than the live rate',
      l.p99 > P99_LIMIT_MS && `live p99 ${l.p99.toFixed(0)} ms over ${P99_LIMIT_MS} ms`,
    ].filter(Boolean);
    console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'PASS: delivery keeps up');
    return failures.length ? 1 : 0;
  } finally {
    await t.close();
  }
}

process.exit(await main());
