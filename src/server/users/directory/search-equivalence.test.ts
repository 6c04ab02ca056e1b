import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { escapeLike, listUsers } from './list';
import type { SearchWindows } from './search-page';

// Small windows over a small table, so that every path runs: pages that fill within the
// newest-first window, pages that fall back to the search index, counts either way, and counts
// past the cap.
const WINDOWS: SearchWindows = { page: 6, count: 25, countMax: 100, countCap: 12 };
// The window read first, skipped when the estimates say it cannot fill the page, or skipped.
const SKIPS = fc.constantFrom<SearchWindows['skip']>('never', 'estimate', 'always');
const ROWS = 240;
const now = new Date('2026-06-01T12:00:00Z');

// Characters the terms and the rows are made of: a few letters (so that one- and two-letter
// terms both hit and miss), LIKE's wildcards and escape, and separators found in emails.
const ALPHABET = ['a', 'b', 'q', 'x', 'l', 'i', 'Z', '%', '_', '\\', '.', '@', ' '];
const term = fc.oneof(
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 4 }).map((c) => c.join('')),
  // Email prefixes: one match ("u17@") or a dozen ("u17"), through the trigram index.
  fc
    .tuple(fc.integer({ min: 1, max: ROWS }), fc.boolean())
    .map(([n, at]) => `U${n}${at ? '@' : ''}`),
  // Cut from a row's own email, name or organization: terms of several words ("u17@abq.ex",
  // "qxa axq"), which the trigram index is asked for word by word, with wildcards among them.
  fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 5, max: 16 })).map(([row, start, length]) => {
    const lines = texts.flatMap((text) => text.split('\n')).filter((line) => line.length >= 5);
    const line = lines[row % lines.length]!;
    const from = start % (line.length - 4);
    return line.slice(from, from + length);
  }),
);

/** Every row's search_text, read once the rows are in. */
let texts: string[] = [];

let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  // Names from the alphabet above; created_at repeats in runs of four (a busy import), so the
  // cursor's id tie-break matters.
  await database.exec(`
    INSERT INTO platform_users (email, full_name, organization, created_at)
    SELECT 'u' || g || '@' || s.word || '.example',
           CASE WHEN g % 9 = 0 THEN NULL ELSE s.word || ' ' || reverse(s.word) END,
           CASE WHEN g % 5 = 0 THEN 'Org' || (g % 3) || '_' || s.word ELSE NULL END,
           timestamptz '2026-01-01 00:00:00+00' + (g / 4) * interval '1.000001 second'
      FROM generate_series(1, ${ROWS}) AS g,
           LATERAL (SELECT string_agg(
                      (ARRAY['a','b','q','x','l','i','z','%','_','\\\\','.','li','ab'])[1 + (g * 7 + k * k * 3 + g / 11) % 13],
                      '') AS word
                      FROM generate_series(1, 2 + g % 4) AS k) AS s;
  `);
  texts = (
    await database.query<{ search_text: string }>('SELECT search_text FROM platform_users')
  ).map((r) => r.search_text);
});
afterAll(() => database.close());

/** The plain query the search must equal: LIKE on search_text, newest first, no limit. */
async function plain(q: string): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `SELECT id FROM platform_users WHERE search_text LIKE '%' || lower($1) || '%'
      ORDER BY created_at DESC, id DESC`,
    [escapeLike(q)],
  );
  return rows.map((r) => r.id);
}

describe('user search', () => {
  it('pages and counts exactly as the plain LIKE query, for any term, page size and cursor', async () => {
    await fc.assert(
      fc.asyncProperty(term, fc.integer({ min: 1, max: 9 }), SKIPS, async (q, limit, skip) => {
        const expected = await plain(q);
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let pageNo = 0; ; pageNo++) {
          const page = await listUsers(database.db, { q, limit, cursor }, now, {
            ...WINDOWS,
            skip,
          });
          if (pageNo === 0) {
            expect(page.total).toBe(Math.min(expected.length, WINDOWS.countCap));
            expect(page.total_exact).toBe(expected.length <= WINDOWS.countCap);
          } else {
            expect(page.total).toBeNull();
          }
          expect(page.users.length).toBeLessThanOrEqual(limit);
          seen.push(...page.users.map((u) => u.id));
          if (!page.next_cursor) break;
          expect(page.users).toHaveLength(limit);
          cursor = page.next_cursor;
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: 60, seed: 20261125 },
    );
  });

  it('holds terms that hit every path: common, rare, absent, one and two letters, wildcards', async () => {
    const counts = await Promise.all(
      ['a', 'li', 'qx', 'zz', '%', 'u17@', 'u2', '\\', 'l_i', 'q.'].map(async (q) => ({
        q,
        n: (await plain(q)).length,
      })),
    );
    // The fixture has terms with no match, with fewer matches than a window, and with more
    // matches than the cap: the property above exercises each path.
    expect(counts.some((c) => c.n === 0)).toBe(true);
    expect(counts.some((c) => c.n > 0 && c.n < WINDOWS.page)).toBe(true);
    expect(counts.some((c) => c.n > WINDOWS.countCap)).toBe(true);
    for (const { q } of counts) {
      const first = await listUsers(database.db, { q, limit: 4 }, now, WINDOWS);
      expect(first.users.map((u) => u.id)).toEqual((await plain(q)).slice(0, 4));
    }
  });
});
