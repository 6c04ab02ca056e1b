import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { manualClock, openMigratedTestDatabase } from '../testing/harness';
import {
  consumeRateLimit,
  consumeRateLimits,
  peekRateLimit,
  pruneRateLimits,
  releaseRateLimit,
  resetRateLimit,
  takeRateLimit,
  windowStartOf,
} from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;

describe('database rate limiter (fixed window)', () => {
  it('allows up to the limit in a window, refuses beyond it, and starts again in the next window', async () => {
    const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
    const rule = { bucket: 'test:basic', limit: 3, windowMs: MINUTE };
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await consumeRateLimit(database.db, rule, clock.now()));
    expect(seen.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(seen.map((s) => s.remaining)).toEqual([2, 1, 0, 0]);
    expect(seen[3]!.resetAt.toISOString()).toBe('2026-06-01T12:01:00.000Z');
    expect(seen[3]!.retryAfterSeconds).toBe(60);

    clock.advance(59_000);
    const stillRefused = await consumeRateLimit(database.db, rule, clock.now());
    expect(stillRefused).toMatchObject({ allowed: false, count: 5, retryAfterSeconds: 1 });

    clock.advance(1_000);
    expect(await consumeRateLimit(database.db, rule, clock.now())).toMatchObject({
      allowed: true,
      count: 1,
    });
  });

  it('counts a cost of several units at once', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const rule = { bucket: 'test:cost', limit: 100, windowMs: MINUTE };
    expect(await consumeRateLimit(database.db, rule, now, 60)).toMatchObject({
      allowed: true,
      remaining: 40,
    });
    expect(await consumeRateLimit(database.db, rule, now, 41)).toMatchObject({
      allowed: false,
      count: 101,
    });
  });

  it('keeps buckets apart', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const a = { bucket: 'test:a', limit: 1, windowMs: MINUTE };
    const b = { bucket: 'test:b', limit: 1, windowMs: MINUTE };
    expect((await consumeRateLimit(database.db, a, now)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, a, now)).allowed).toBe(false);
    expect((await consumeRateLimit(database.db, b, now)).allowed).toBe(true);
  });

  it('counts concurrent calls exactly (one atomic upsert each)', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const rule = { bucket: 'test:concurrent', limit: 10, windowMs: MINUTE };
    const results = await Promise.all(
      Array.from({ length: 15 }, () => consumeRateLimit(database.db, rule, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.count))).toBe(15);
  });

  it('takes at most the limit under concurrency, and a refused take counts nothing', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const rule = { bucket: 'test:take', limit: 5, windowMs: MINUTE };
    const results = await Promise.all(
      Array.from({ length: 15 }, () => takeRateLimit(database.db, rule, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)).toMatchObject({ count: 5, retryAfterSeconds: 60 });
    expect((await peekRateLimit(database.db, rule, now)).count).toBe(5);
    expect((await takeRateLimit(database.db, rule, new Date(now.getTime() + MINUTE))).count).toBe(
      1,
    );
  });

  it('gives a taken unit back within its window only', async () => {
    const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
    const rule = { bucket: 'test:release', limit: 2, windowMs: MINUTE };
    await takeRateLimit(database.db, rule, clock.now());
    await takeRateLimit(database.db, rule, clock.now());
    await releaseRateLimit(database.db, rule, clock.now());
    expect((await takeRateLimit(database.db, rule, clock.now())).allowed).toBe(true);
    clock.advance(MINUTE);
    await takeRateLimit(database.db, rule, clock.now());
    await releaseRateLimit(database.db, rule, new Date(clock.now().getTime() - MINUTE));
    expect((await peekRateLimit(database.db, rule, clock.now())).count).toBe(1);
  });

  it('does not reset a newer window when a lagging clock calls', async () => {
    const rule = { bucket: 'test:lag', limit: 5, windowMs: MINUTE };
    await consumeRateLimit(database.db, rule, new Date('2026-06-01T12:05:00Z'), 4);
    const lagging = await consumeRateLimit(database.db, rule, new Date('2026-06-01T12:04:30Z'), 2);
    expect(lagging).toMatchObject({ allowed: false, count: 6 });
  });

  it('peeks without counting, resets a bucket, and prunes old windows', async () => {
    const clock = manualClock(new Date('2026-06-01T13:00:00Z'));
    const rule = { bucket: 'test:peek', limit: 2, windowMs: MINUTE };
    expect(await peekRateLimit(database.db, rule, clock.now())).toMatchObject({
      allowed: true,
      count: 0,
    });
    await consumeRateLimit(database.db, rule, clock.now(), 2);
    expect(await peekRateLimit(database.db, rule, clock.now())).toMatchObject({
      allowed: false,
      count: 2,
    });
    expect((await peekRateLimit(database.db, rule, clock.now())).count).toBe(2);
    clock.advance(MINUTE);
    expect(await peekRateLimit(database.db, rule, clock.now())).toMatchObject({
      allowed: true,
      count: 0,
    });

    await consumeRateLimit(database.db, rule, clock.now(), 2);
    await resetRateLimit(database.db, rule.bucket);
    expect((await peekRateLimit(database.db, rule, clock.now())).count).toBe(0);

    const pruned = await pruneRateLimits(database.db, windowStartOf(clock.now(), MINUTE));
    expect(pruned).toBeGreaterThan(0);
    const left = await database.query<{ bucket: string }>(
      `SELECT bucket FROM rate_limits WHERE window_start < $1`,
      [windowStartOf(clock.now(), MINUTE).toISOString()],
    );
    expect(left).toEqual([]);
  });
});

describe('several calls counted in one upsert', () => {
  it('tells each call its count as if they had been counted one after the other', async () => {
    const now = new Date('2026-06-01T12:00:10Z');
    const a = { bucket: 'test:many:a', limit: 10, windowMs: MINUTE };
    const b = { bucket: 'test:many:b', limit: 10, windowMs: MINUTE };
    await consumeRateLimit(database.db, a, now, 2);
    const states = await consumeRateLimits(database.db, [
      { rule: a, now, cost: 3 },
      { rule: b, now, cost: 4 },
      { rule: a, now, cost: 5 },
      { rule: b, now, cost: 7 },
    ]);
    expect(states.map((s) => [s.count, s.allowed])).toEqual([
      [5, true],
      [4, true],
      [10, true],
      [11, false],
    ]);
    const rows = await database.query<{ bucket: string; count: number }>(
      `SELECT bucket, count FROM rate_limits WHERE bucket LIKE 'test:many:%' ORDER BY bucket`,
    );
    expect(rows).toEqual([
      { bucket: 'test:many:a', count: 10 },
      { bucket: 'test:many:b', count: 11 },
    ]);
  });

  it("starts a bucket's count again in a new window, and counts a group in its latest window", async () => {
    const rule = { bucket: 'test:many:window', limit: 10, windowMs: MINUTE };
    await consumeRateLimit(database.db, rule, new Date('2026-06-01T12:00:10Z'), 9);
    const states = await consumeRateLimits(database.db, [
      { rule, now: new Date('2026-06-01T12:00:59Z'), cost: 1 },
      { rule, now: new Date('2026-06-01T12:01:01Z'), cost: 2 },
    ]);
    // Both in the new window (more counted, never less): 1, then 3.
    expect(states.map((s) => s.count)).toEqual([1, 3]);
    expect(states[1]!.resetAt.toISOString()).toBe('2026-06-01T12:02:00.000Z');
  });
});
