import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';

/** One value of every type whose parsing Drizzle sets on PGlite, and a few it does not. */
const VALUES_TEXT = `SELECT timestamp '2026-01-02 03:04:05.678' AS ts,
    timestamptz '2026-01-02 03:04:05.678+02' AS tstz, interval '1 day 02:03:04' AS iv,
    date '2026-01-02' AS d, ARRAY[1.5, 2]::numeric[] AS nums,
    ARRAY[timestamp '2026-01-02 03:04:05']::timestamp[] AS tss,
    ARRAY[timestamptz '2026-01-02 03:04:05+00', NULL]::timestamptz[] AS tstzs,
    ARRAY[interval '1 hour']::interval[] AS ivs, ARRAY[date '2026-01-02']::date[] AS ds,
    1.5::numeric AS num, ARRAY[1, 2]::int[] AS ints, ARRAY['a', 'b'] AS texts, 42::int8 AS big,
    '{"a": 1}'::jsonb AS doc, true AS flag`;
const VALUES = sql.raw(VALUES_TEXT);

// The embedded database only: PostgreSQL's driver parses on its own.
describe('the embedded database reads values', () => {
  let database: Database;
  let plain: PGlite;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    plain = await PGlite.create();
  });
  afterAll(async () => {
    await database.close();
    await plain.close();
  });

  it('through Drizzle as Drizzle reads them on a PGlite client of its own', async () => {
    const reference = drizzle(plain);
    const rowsOf = async (result: Promise<unknown>) => ((await result) as { rows: unknown[] }).rows;
    expect(await rowsOf(database.db.execute(VALUES))).toEqual(
      (await reference.execute(VALUES)).rows,
    );
    const select = (db: typeof reference) =>
      db
        .select({ ts: sql<string>`timestamptz '2026-01-02 03:04:05+00'`, n: sql<number>`1` })
        .from(sql`(SELECT 1) AS one`);
    expect(await select(database.db as unknown as typeof reference)).toEqual(
      await select(reference),
    );
    expect(await rowsOf(database.db.transaction((tx) => tx.execute(VALUES)))).toEqual(
      (await reference.execute(VALUES)).rows,
    );
  });

  it('through Database.query as PGlite reads them by default', async () => {
    expect(await database.query(VALUES_TEXT)).toEqual((await plain.query(VALUES_TEXT)).rows);
  });

  it("without passing Drizzle's parsers with each query", async () => {
    // PGlite copies its table of ~300 parsers for every query that brings parsers of its own.
    const options: (QueryOptions | undefined)[] = [];
    const query = vi.spyOn(PGlite.prototype, 'query');
    const transaction = PGlite.prototype.transaction;
    const inTransaction = vi.spyOn(PGlite.prototype, 'transaction').mockImplementation(function (
      this: PGlite,
      fn,
    ) {
      return transaction.call(this, (tx) =>
        fn({
          ...tx,
          query: (text, params, o) => {
            options.push(o);
            return tx.query(text, params, o);
          },
        }),
      );
    });
    try {
      await database.db.execute(sql`SELECT now()`);
      await database.db.select({ n: sql<number>`1` }).from(sql`(SELECT 1) AS one`);
      await database.db.transaction((tx) => tx.execute(sql`SELECT now()`));
      options.push(...query.mock.calls.map((call) => call[2]));
      expect(options.length).toBe(3);
      expect(options.filter((o) => o?.parsers)).toEqual([]);
    } finally {
      query.mockRestore();
      inTransaction.mockRestore();
    }
  });
});
