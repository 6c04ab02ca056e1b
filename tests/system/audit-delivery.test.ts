/**
 * Delivery to audit sinks across real server processes (docs/operations.md#audit-delivery-to-sinks):
 * a process killed with SIGKILL in the middle of a batch loses nothing (the batch comes again, a
 * receiver de-duplicates by seq, and no seq is ever skipped), and two processes on one PostgreSQL
 * database never deliver one sink at once.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/server/core/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { auditSinks } from '../../src/server/db/schema';
import { auditHeadSeq } from '../../src/server/audit/trail';
import { sealSinkSecret } from '../../src/server/audit/sinks/sink-secret';
import { appendEvents } from '../../src/server/testing/principals';
import { createScratchDatabase, postgresAnswers } from '../../src/server/testing/scratch-postgres';
import { startServerProcess, type ServerProcess } from '../../src/server/testing/server-process';
import { startSinkReceiver, type SinkReceiver } from '../../src/server/testing/sink-receiver';

const available = await postgresAnswers('the audit delivery test');
const SINK_KEY = 'audit-delivery-test-sink-key-0123456789';
const config = testConfig({ auditSinkKey: SINK_KEY });

type Setup = {
  scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  database: Database;
  env: Record<string, string>;
};
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
});
afterAll(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => {});
});

/** A scratch database migrated by a first server, which is stopped again. */
async function prepare(prefix: string): Promise<Setup> {
  const scratch = await createScratchDatabase(prefix);
  cleanup.push(() => scratch.drop());
  const env = { DATABASE_URL: scratch.url, DEMO_MODE: 'false', AUDIT_SINK_KEY: SINK_KEY };
  const first = await startServerProcess({ entry: 'source', env });
  await first.stop();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  cleanup.push(() => database.close());
  return { scratch, database, env };
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServerProcess({ entry: 'source', env });
  cleanup.push(() => s.kill());
  return s;
}

async function receiver(options: Parameters<typeof startSinkReceiver>[0]): Promise<SinkReceiver> {
  const r = await startSinkReceiver(options);
  cleanup.push(() => r.close());
  return r;
}

async function addSink(database: Database, url: string): Promise<string> {
  const id = randomUUID();
  await database.db.insert(auditSinks).values({
    id,
    name: 'System test sink',
    url,
    secretSealed: sealSinkSecret(config, id, 'whsec_system-test'),
    deliveredSeq: await auditHeadSeq(database.db),
  });
  return id;
}

/** Appends `n` events, `per` to a transaction; their seqs. */
async function append(database: Database, n: number, per = 10): Promise<number[]> {
  const seqs: number[] = [];
  for (let i = 0; i < n; i += per) {
    const batch = Array.from({ length: Math.min(per, n - i) }, () => ({
      eventType: 'live.other',
    }));
    seqs.push(...(await appendEvents(database.db, batch)));
  }
  return seqs;
}

const sinkRow = async (database: Database, id: string) =>
  (await database.db.select().from(auditSinks).where(eq(auditSinks.id, id)))[0]!;

/** The process that sent a delivery: its header without the attempt's number. */
const senderOf = (headers: IncomingHttpHeaders) =>
  String(headers['x-audit-sink-delivery']).replace(/-\d+$/, '');

/** Every seq once, in the order first received. */
const distinct = (seqs: number[]) => [...new Set(seqs)];

describe.skipIf(!available)('audit delivery across server processes', () => {
  it('replays the batch in flight after a SIGKILL, and never skips a seq', async () => {
    const { database, env } = await prepare('sink_crash');
    // Slow answers keep a batch in flight long enough to kill the process under it.
    const r = await receiver({ delayMs: 150 });
    const id = await addSink(database, r.url);
    // Three batches of up to 1,000 (SINK_DELIVERY.batchMax): the kill lands after the first.
    const seqs = await append(database, 2_500, 50);

    const first = await server(env);
    await r.until(() => r.received.length >= 2);
    await expect.poll(() => r.inFlight, { interval: 5 }).toBe(1);
    await first.kill();
    // The dead process's lease would expire by itself after 30 s; end it now.
    await database.query(
      "UPDATE audit_sinks SET lease_until = now() - interval '1 second' WHERE id = $1",
      [id],
    );

    await server(env);
    // Done once the second process has moved the cursor to the last event.
    await expect
      .poll(async () => (await sinkRow(database, id)).deliveredSeq, { timeout: 60_000 })
      .toBe(seqs.at(-1));
    const senders = new Set(r.received.map((d) => senderOf(d.headers)));
    expect(senders.size).toBe(2);

    const all = r.acceptedSeqs();
    expect(distinct(all)).toEqual(seqs);
    // The batch the killed process had in flight was not kept, and came again from the other.
    const lost = r.received.find((d) => d.status === 0)!;
    expect(lost).toBeDefined();
    const again = r.received.find(
      (d) => d.status === 204 && d.events[0]!.seq === lost.events[0]!.seq,
    )!;
    expect(senderOf(again.headers)).not.toBe(senderOf(lost.headers));
    // No gap: every delivery, in the order it arrived, starts at most one past the highest before.
    let highest = seqs[0]! - 1;
    for (const d of r.received.filter((x) => x.status === 204)) {
      expect(d.events[0]!.seq).toBeLessThanOrEqual(highest + 1);
      highest = Math.max(highest, d.events.at(-1)!.seq);
    }
  });

  it('two processes deliver one sink one at a time, every event', async () => {
    const { database, env } = await prepare('sink_scale');
    const r = await receiver({ delayMs: 20 });
    await addSink(database, r.url);
    await Promise.all([server(env), server(env)]);
    const seqs = await append(database, 400, 7);
    await r.until(() => distinct(r.acceptedSeqs()).length >= seqs.length, 60_000);

    expect(r.maxConcurrent).toBe(1);
    expect(distinct(r.acceptedSeqs())).toEqual(seqs);
    // Without a crash nothing is sent twice.
    expect(r.acceptedSeqs()).toEqual(seqs);
    // Which process sent each batch varies; that both could is what the lease arbitrates.
    expect(new Set(r.received.map((d) => senderOf(d.headers))).size).toBeGreaterThanOrEqual(1);
  });
});
