import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/harness';
import type { Database } from './client';
import { formatTimestamptz, parseTimestamptz, timestamptz } from './timestamptz';

/** The first instant of a year, any year (Date.UTC reads 0-99 as 1900-1999). */
const yearStart = (year: number) => new Date(0).setUTCFullYear(year, 0, 1);

/** PostgreSQL's earliest timestamptz (4714-11-24 BC, UTC) and JavaScript's latest Date. */
const PG_MIN = new Date(0).setUTCFullYear(-4713, 10, 24);
const JS_MAX = 8.64e15;

const between = (min: number, max: number) => fc.integer({ min, max: max - 1 });
/** An instant in milliseconds, from every era: BC, years 1-99, 100-9999, after 9999, and edges. */
const instant = fc.oneof(
  between(PG_MIN, yearStart(1)),
  between(yearStart(1), yearStart(100)),
  between(yearStart(100), yearStart(1000)),
  between(yearStart(1000), yearStart(10000)),
  between(yearStart(10000), JS_MAX + 1),
  fc.constantFrom(
    PG_MIN,
    yearStart(0) - 1,
    yearStart(0),
    yearStart(1) - 1,
    yearStart(1),
    yearStart(100) - 1,
    yearStart(100),
    yearStart(1000) - 1,
    yearStart(10000) - 1,
    yearStart(10000),
    -1,
    0,
    JS_MAX,
  ),
);
/** Offsets of whole hours, half and quarter hours, both signs, and local mean times in seconds. */
const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'America/Los_Angeles',
  'Europe/Amsterdam',
  'Africa/Monrovia',
];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Texts = { text: string; json: string };

/**
 * PostgreSQL's own text for each instant (given to the microsecond), in time zone `zone`: as
 * a column is read (DateStyle ISO) and as its JSON writes it.
 */
async function postgresTexts(micros: bigint[], zone: string): Promise<Texts[]> {
  const hour = 3_600_000_000n;
  const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  const hours = micros.map((us) => floorDiv(us, hour));
  const rest = micros.map((us, i) => us - hours[i]! * hour);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('TimeZone', ${zone}, true)`);
    const result = (await tx.execute(sql`
      SELECT t::text AS text, to_json(t) #>> '{}' AS json
        FROM unnest(${sql.param(hours.map(String))}::bigint[],
                    ${sql.param(rest.map(String))}::bigint[]) WITH ORDINALITY AS x(h, us, n),
             LATERAL (SELECT timestamptz 'epoch' + x.h * interval '1 hour'
                                                 + x.us * interval '1 microsecond' AS t) AS v
       ORDER BY x.n`)) as unknown as { rows: Texts[] };
    return result.rows;
  });
}

describe('timestamptz text', () => {
  it("is read as the exact instant from PostgreSQL's own output, any year and offset", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(instant, fc.integer({ min: 0, max: 999 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.constantFrom(...ZONES),
        async (values, zone) => {
          const micros = values.map(([ms, us]) => BigInt(ms) * 1000n + BigInt(us));
          const texts = await postgresTexts(micros, zone);
          texts.forEach(({ text, json }, i) => {
            const expected = values[i]![0];
            expect(parseTimestamptz(text).getTime(), text).toBe(expected);
            expect(parseTimestamptz(json).getTime(), json).toBe(expected);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is read as before in years 1000-9999 where the old reading was right', async () => {
    const instants = fc.sample(between(yearStart(1000), yearStart(10000)), 500);
    let compared = 0;
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
      const texts = await postgresTexts(
        instants.map((ms) => BigInt(ms) * 1000n + 456n),
        zone,
      );
      for (const { text } of texts) {
        const before = new Date(text).getTime();
        // The old reading gave no Date at all for local mean times (offsets with seconds).
        if (Number.isNaN(before)) continue;
        expect(parseTimestamptz(text).getTime(), text).toBe(before);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(1000);
  });

  it('reads infinity and -infinity as an invalid Date, as before', () => {
    for (const text of ['infinity', '-infinity']) {
      expect(Number.isNaN(parseTimestamptz(text).getTime())).toBe(true);
    }
  });

  it('is written so that PostgreSQL reads back the same instant, any year', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 40 }), async (values) => {
        const written = values.map((ms) => formatTimestamptz(new Date(ms)));
        const result = (await database.db.execute(sql`
          SELECT (extract(epoch FROM t::timestamptz) * 1000)::bigint::text AS ms
            FROM unnest(${sql.param(written)}::text[]) WITH ORDINALITY AS x(t, n)
           ORDER BY x.n`)) as unknown as { rows: { ms: string }[] };
        expect(result.rows.map((r) => Number(r.ms))).toEqual(values);
        values.forEach((ms, i) => {
          const iso = new Date(ms).toISOString();
          // Years 1-9999 are written as before: the ISO string.
          if (ms >= yearStart(1) && ms < yearStart(10000)) expect(written[i]).toBe(iso);
        });
      }),
      { numRuns: 100 },
    );
  });
});

const probe = pgTable('timestamptz_probe', {
  id: integer('id').primaryKey(),
  at: timestamptz('at'),
});

describe('a timestamptz column', () => {
  beforeAll(async () => {
    await database.exec('CREATE TABLE timestamptz_probe (id integer PRIMARY KEY, at timestamptz)');
  });

  it('reads back the Date written, any year', async () => {
    const values = [
      yearStart(1),
      yearStart(0) + 59 * 86_400_000,
      yearStart(-4000) + 123,
      yearStart(99) - 1,
      yearStart(12345),
      Date.UTC(2026, 10, 26, 15, 0, 0, 123),
    ].map((ms, id) => ({ id, at: new Date(ms) }));
    await database.db.insert(probe).values(values);
    expect(await database.db.select().from(probe).orderBy(probe.id)).toEqual(values);
    const [row] = await database.db.select().from(probe).where(eq(probe.at, values[0]!.at));
    expect(row).toEqual(values[0]);
  });

  it('reads infinity as an invalid Date and NULL as null', async () => {
    await database.exec(
      `INSERT INTO timestamptz_probe VALUES (100, 'infinity'), (101, '-infinity'), (102, NULL)`,
    );
    const rows = await database.db
      .select()
      .from(probe)
      .where(sql`${probe.id} >= 100`)
      .orderBy(probe.id);
    expect(rows.map((r) => (r.at === null ? null : Number.isNaN(r.at.getTime())))).toEqual([
      true,
      true,
      null,
    ]);
  });
});
