import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import { appendEvents, userIdOf } from '../../testing/principals';
import { auditEventsAfter, auditHeadSeq } from '../trail';
import { readSinkBatch, sinkBody } from './sink-batch';

/**
 * A sink's batch is written from the columns' text (docs/operations.md#audit-delivery-to-sinks):
 * each event must read exactly as the trail's list gives it, and a batch stops at its count or
 * its bytes without skipping an event.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ALL = { eventTypes: [], severities: [] };
const WIDE = { maxEvents: 1_000, maxBytes: 1024 * 1024 };

describe('a sink batch', () => {
  it('gives each event exactly as the list does, whatever its fields hold', async () => {
    const after = await auditHeadSeq(t.db);
    const userId = await userIdOf(t, 'liam.chen@hirehub.example');
    await appendEvents(t.db, [
      {
        source: 'console',
        eventType: 'console.view',
        severity: 'medium',
        userId,
        sessionId: 'tok_1234',
        ipAddress: '203.0.113.9',
        userAgent: 'Agent "quoted" \\ back',
        details: { text: 'é 中 😀 \u2028 "q"', nested: { list: [1, 2.5, null, true] }, big: 1e21 },
        claimedAt: new Date('2026-01-02T03:04:05.678Z'),
      },
      { eventType: 'live.other', details: {} },
      {
        eventType: 'live.other',
        details: ['not', 'an', 'object'] as unknown as Record<string, never>,
      },
      { eventType: 'live.other', details: 'text' as unknown as Record<string, never> },
    ]);
    // A time with microseconds, as a database default writes it: cut to milliseconds, as listed.
    const head = await auditHeadSeq(t.db);
    await t.database.query(
      "UPDATE audit_events SET recorded_at = '2026-11-30 04:05:06.789999+00' WHERE seq = $1",
      [head],
    );

    const batch = await readSinkBatch(t.database, ALL, after, WIDE);
    const listed = await auditEventsAfter(t.db, {}, after, 100);
    expect(batch.seqs).toEqual(listed.map((e) => e.seq));
    expect(batch.events.map((json) => JSON.parse(json) as unknown)).toEqual(listed);
    // Field order as listed too.
    expect(batch.events.map((json) => Object.keys(JSON.parse(json) as object))).toEqual(
      listed.map((e) => Object.keys(e)),
    );
    expect(JSON.parse(sinkBody('s1', batch))).toEqual({ sink_id: 's1', events: listed });
    expect(batch.through).toBe(head);
    expect(batch.more).toBe(false);
  });

  it('stops at the byte limit, on an event boundary, and takes up there next time', async () => {
    const after = await auditHeadSeq(t.db);
    const seqs = await appendEvents(
      t.db,
      Array.from({ length: 6 }, (_, i) => ({ eventType: 'live.other', details: { i } })),
    );
    const one = await readSinkBatch(t.database, ALL, after, { maxEvents: 1, maxBytes: 1e9 });
    const limit = one.bytes * 2 + 1;
    const first = await readSinkBatch(t.database, ALL, after, { maxEvents: 100, maxBytes: limit });
    expect(first.seqs).toEqual(seqs.slice(0, 2));
    expect(first.through).toBe(seqs[1]);
    expect(first.more).toBe(true);
    const second = await readSinkBatch(t.database, ALL, first.through, {
      maxEvents: 100,
      maxBytes: limit,
    });
    expect(second.seqs).toEqual(seqs.slice(2, 4));
    // An event larger than the limit goes alone rather than never.
    const alone = await readSinkBatch(t.database, ALL, after, { maxEvents: 100, maxBytes: 10 });
    expect(alone.seqs).toEqual(seqs.slice(0, 1));
    expect(alone.more).toBe(true);
  });

  it('moves the cursor past what the filters leave out, and says when the count was reached', async () => {
    const after = await auditHeadSeq(t.db);
    const seqs = await appendEvents(t.db, [
      { eventType: 'auth.signin.failure', severity: 'high' },
      { eventType: 'live.other', severity: 'high' },
      { eventType: 'live.other', severity: 'low' },
    ]);
    const filter = { eventTypes: ['auth.*'], severities: [] };
    const full = await readSinkBatch(t.database, filter, after, { maxEvents: 3, maxBytes: 1e6 });
    expect(full.seqs).toEqual(seqs.slice(0, 1));
    expect(full.through).toBe(seqs[2]);
    expect(full.more).toBe(true);
    const empty = await readSinkBatch(t.database, filter, full.through, WIDE);
    expect(empty).toMatchObject({ seqs: [], through: full.through, more: false });
  });
});
