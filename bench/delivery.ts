/**
 * npm run bench:delivery — audit delivery to a sink (docs/operations.md#audit-delivery-to-sinks),
 * to a receiver on 127.0.0.1 in this process that answers at once, on two setups:
 *
 * - embedded: the deliverer in this process on a new embedded database (PGlite);
 * - PostgreSQL (with BENCH_DATABASE_URL): two server processes on a scratch database deliver,
 *   this process appends and receives.
 *
 * Each measures:
 * 1. catch-up: BENCH_BACKLOG events already on the trail, delivered from a sink's cursor:
 *    events per second.
 * 2. live: events appended at the rate the trail's ingest sustains on that setup
 *    (docs/performance.md#audit-ingest; BENCH_RATE / BENCH_PG_RATE), in batches of 50 as the
 *    console's queue sends them, on a clock (open loop), for BENCH_SECONDS; the batches waiting
 *    are written together, up to 16 a transaction, as the ingest's group commit does; the delay
 *    from each batch's commit to the receiver's answer, p50 and p99.
 *
 * Every event must arrive once, in seq order; the catch-up must outrun the rate offered and the
 * p99 delay stay under 1 s. Prints a Markdown table, then one PASS or FAIL line; exits 1 on FAIL.
 *
 *   BENCH_BACKLOG=50000  BENCH_RATE=10930  BENCH_PG_RATE=14720  BENCH_SECONDS=10
 *   BENCH_DELIVERY_BATCH=1000  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 */
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { SinkDeliverer, SINK_DELIVERY } from '../src/server/audit/sinks/deliverer';
import { sealSinkSecret } from '../src/server/audit/sinks/sink-secret';
import { appendAuditEvents } from '../src/server/audit/chain/append';
import { auditHeadSeq } from '../src/server/audit/trail';
import { testConfig } from '../src/server/core/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { auditSinks } from '../src/server/db/schema';
import { createTestContext } from '../src/server/testing/harness';
import { startServerProcess, type ServerProcess } from '../src/server/testing/server-process';
import { startSinkReceiver, type SinkReceiver } from '../src/server/testing/sink-receiver';
import { useAuditChainKey } from '../src/server/audit/chain/link';
import { TEST_AUDIT_CHAIN_KEY } from '../src/server/testing/test-audit-chain-key';
import { printTable } from './markdown-table';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 50_000);
/** The trail's ingest, embedded and on PostgreSQL with two processes (docs/performance.md). */
const RATE = Number(process.env.BENCH_RATE ?? 10_930);
const PG_RATE = Number(process.env.BENCH_PG_RATE ?? 14_720);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL;
const BATCH = 50;
/** Batches written in one transaction at most (the ingest's group commit). */
const GROUP_MAX = 16;
/** Events per request to the receiver (the deliverer's batch cap). */
const DELIVERY_BATCH = Number(process.env.BENCH_DELIVERY_BATCH ?? SINK_DELIVERY.batchMax);
const OPTIONS = { ...SINK_DELIVERY, batchMax: DELIVERY_BATCH };
const P99_LIMIT_MS = 1_000;
const SINK_KEY = randomBytes(24).toString('hex');
const config = testConfig({ auditSinkKey: SINK_KEY });

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Where the trail lives and who delivers it. */
type Setup = {
  name: string;
  rate: number;
  /** Transactions writing at once (one per server process the ingest would run). */
  committers: number;
  database: Database;
  /** Starts delivering (the sink is registered and enabled). */
  deliver: () => Promise<void>;
  /** Stops delivering. */
  halt: () => Promise<void>;
};

async function addSink(database: Database, url: string): Promise<string> {
  const id = randomUUID();
  await database.db.insert(auditSinks).values({
    id,
    name: 'bench',
    url,
    secretSealed: sealSinkSecret(config, id, 'whsec_bench'),
    deliveredSeq: await auditHeadSeq(database.db),
  });
  return id;
}

/** Batches of `n` events in one transaction, each event naming its batch. */
const append = (database: Database, n: number, ...batches: number[]) =>
  database.db.transaction((tx) =>
    appendAuditEvents(
      tx,
      batches.flatMap((b) =>
        Array.from({ length: n }, () => ({
          source: 'server' as const,
          eventType: 'bench.delivery',
          details: { b },
        })),
      ),
    ),
  );

/** Counts the events a receiver acknowledged, in order, once each, as they come. */
function tally(r: SinkReceiver, from: number) {
  let seen = 0;
  let last = from;
  let ok = true;
  let count = 0;
  return {
    get count() {
      for (; seen < r.received.length; seen++) {
        const d = r.received[seen]!;
        if (d.status < 200 || d.status >= 300) continue;
        for (const e of d.events) {
          if (e.seq !== last + 1) ok = false;
          last = e.seq;
          count += 1;
        }
      }
      return count;
    },
    get ok() {
      return ok;
    },
  };
}

async function catchUp(s: Setup) {
  const r = await startSinkReceiver();
  const from = await auditHeadSeq(s.database.db);
  const id = await addSink(s.database, r.url);
  await s.database.query('UPDATE audit_sinks SET enabled = false WHERE id = $1', [id]);
  for (let i = 0; i < BACKLOG; i += 500) await append(s.database, Math.min(500, BACKLOG - i), -1);
  const expected = (await auditHeadSeq(s.database.db)) - from;
  const got = tally(r, from);
  await s.deliver();
  const start = performance.now();
  await s.database.query('UPDATE audit_sinks SET enabled = true WHERE id = $1', [id]);
  // The change wakes a deliverer in this process; one in another wakes on the trail's notice.
  await append(s.database, 1, -1);
  await r.until(() => got.count >= expected + 1, 600_000);
  const ms = performance.now() - start;
  await s.halt();
  await r.close();
  await s.database.query('DELETE FROM audit_sinks');
  return { events: got.count, eventsPerSecond: (got.count / ms) * 1000, ok: got.ok };
}

async function live(s: Setup) {
  const r = await startSinkReceiver();
  const from = await auditHeadSeq(s.database.db);
  await addSink(s.database, r.url);
  await s.deliver();
  const got = tally(r, from);
  const committedAt: number[] = [];
  const intervalMs = (BATCH / s.rate) * 1000;
  // Batches due and not yet written: committers write all that wait in one transaction, as the
  // ingest's group commit does (decision 012), so that the trail can take the rate asked.
  const queue: number[] = [];
  const waiting: (() => void)[] = [];
  const wakeAll = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  let done = false;
  const committer = async () => {
    while (!done || queue.length > 0) {
      if (queue.length === 0) {
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const group = queue.splice(0, GROUP_MAX);
      await append(s.database, BATCH, ...group);
      const at = performance.now();
      for (const b of group) committedAt[b] = at;
    }
  };
  const committers = Array.from({ length: s.committers }, committer);
  const start = performance.now();
  const total = Math.floor((SECONDS * 1000) / intervalMs);
  for (let b = 0; b < total;) {
    // Always through the timers: the deliverer and the receiver may live on this thread too.
    const wait = start + b * intervalMs - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    // Every batch due by now, however late this thread woke: the clock does not wait.
    for (const now = performance.now(); b < total && start + b * intervalMs <= now; b++) {
      queue.push(b);
    }
    wakeAll();
  }
  done = true;
  wakeAll();
  await Promise.all(committers);
  const appended = (await auditHeadSeq(s.database.db)) - from;
  const offered = (appended / (performance.now() - start)) * 1000;
  await r.until(() => got.count >= appended, 300_000);
  await s.halt();
  await r.close();
  await s.database.query('DELETE FROM audit_sinks');
  const delays = r.received
    .filter((d) => d.status >= 200 && d.status < 300)
    .flatMap((d) =>
      d.events.map((e) => {
        const b = (e as unknown as { details: { b: number } }).details.b;
        // A delivery may be answered before this thread sees its append's commit.
        return Math.max(0, d.at - (committedAt[b] ?? d.at));
      }),
    )
    .sort((a, b) => a - b);
  return {
    appended,
    offered,
    groups: committedAt.length ? new Set(committedAt.filter(Boolean)).size : 0,
    p50: quantile(delays, 0.5),
    p99: quantile(delays, 0.99),
    requests: r.received.length,
    ok: got.ok && got.count === appended,
  };
}

async function embedded(): Promise<Setup & { close: () => Promise<void> }> {
  useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
  const t = await createTestContext({ seed: false, config: { auditSinkKey: SINK_KEY } });
  let d: SinkDeliverer | null = null;
  return {
    name: 'embedded, one process',
    rate: RATE,
    committers: 1,
    database: t.database,
    deliver: async () => {
      d = new SinkDeliverer(t.deps, OPTIONS);
      await d.start();
    },
    halt: async () => {
      await d?.stop();
    },
    close: () => t.close(),
  };
}

/** Two server processes on a scratch database; this process appends and receives. */
async function postgres(url: string): Promise<Setup & { close: () => Promise<void> }> {
  const name = `bench_delivery_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DEMO_MODE: 'false',
    AUDIT_SINK_KEY: SINK_KEY,
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
  };
  // The first applies the migrations.
  await (await startServerProcess({ entry: 'source', env })).stop();
  useAuditChainKey(TEST_AUDIT_CHAIN_KEY);
  const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 16 });
  let servers: ServerProcess[] = [];
  return {
    name: 'PostgreSQL, two processes',
    rate: PG_RATE,
    committers: 2,
    database,
    deliver: async () => {
      servers = await Promise.all([1, 2].map(() => startServerProcess({ entry: 'source', env })));
    },
    halt: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      servers = [];
    },
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main(): Promise<number> {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const make of [embedded, ...(PG_URL ? [() => postgres(PG_URL)] : [])]) {
    const s = await make();
    try {
      const c = await catchUp(s);
      const l = await live(s);
      console.log(
        `${s.name}: live ${l.requests} requests to the receiver, ${l.groups} transactions appended`,
      );
      rows.push(
        [`${s.name}: catch-up`, fmt(c.events), fmt(c.eventsPerSecond), '—', '—', String(c.ok)],
        [
          `${s.name}: live, ${fmt(s.rate)}/s asked`,
          fmt(l.appended),
          fmt(l.offered),
          l.p50.toFixed(1),
          l.p99.toFixed(1),
          String(l.ok),
        ],
      );
      if (!c.ok) failures.push(`${s.name} catch-up: not every event once in order`);
      if (!l.ok) failures.push(`${s.name} live: not every event once in order`);
      if (c.eventsPerSecond < s.rate) failures.push(`${s.name}: catch-up slower than the ingest`);
      if (l.p99 > P99_LIMIT_MS) failures.push(`${s.name}: live p99 ${l.p99.toFixed(0)} ms`);
    } finally {
      await s.close();
    }
  }
  printTable(['run', 'events', 'events/s', 'p50 ms', 'p99 ms', 'in order, once'], rows);
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(failures.length ? `FAIL: ${failures.join('; ')}` : 'PASS: delivery keeps up');
  return failures.length ? 1 : 0;
}

process.exit(await main());
