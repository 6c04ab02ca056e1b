import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFilters } from '@shared/schemas/user-list';
import type { Database } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { escapeLike, listUsers } from './list';
import type { SearchWindows } from './search-page';

// A common term is counted in the table's last pages: first those holding about `count` rows,
// then, when they hold some matches but not the cap's worth, on back as far as its density there
// says the cap lies (within `countMax` rows); otherwise the index counts. These tables place the
// matches so that each of those steps answers, with totals just below, at and above the cap.
const WINDOWS: SearchWindows = { page: 200, count: 40, countMax: 400, countCap: 12 };
const ROWS = 600;
const now = new Date('2026-06-01T12:00:00Z');

let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

/**
 * A new table of ROWS users, oldest first (so the newest are in the last pages), where the row
 * `gap` rows from the newest, and every `gap`-th one before it, up to `matches` rows, holds the
 * needle "Ne%d_le" in its name. The others hold "neXdYle", which a LIKE left unescaped would
 * take for it. Every third stretch of `gap` rows, its needle included, is of inactive users.
 */
async function tableWith(matches: number, gap: number): Promise<void> {
  await database.exec(`
    TRUNCATE platform_users CASCADE;
    INSERT INTO platform_users (email, full_name, is_active, created_at)
    SELECT 'p' || g || '@count.example',
           CASE WHEN (${ROWS} - g) % ${gap} = ${gap - 1} AND (${ROWS} - g) / ${gap} < ${matches}
                THEN 'Ne%d_le ' || g ELSE 'neXdYle ' || g END,
           NOT ((${ROWS} - g) / ${gap} % 3 = 1),
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
      FROM generate_series(1, ${ROWS}) AS g;
    ANALYZE platform_users;
  `);
}

/** The plain count, which the list's total must equal up to the cap. */
async function expected(q: string, inactive: boolean): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM platform_users
      WHERE search_text LIKE '%' || lower($1) || '%' ${inactive ? 'AND NOT is_active' : ''}`,
    [escapeLike(q)],
  );
  return Number(rows[0]?.n ?? 0);
}

describe('the count of a common term', () => {
  // [matches, gap]: dense enough to reach the cap in the first pages (gap 2); in the pages
  // further back (gap 12, 15); short of it there, so the index counts (gap 25, 40); with totals
  // below, at and above the cap of 12.
  const layouts: [number, number][] = [
    [30, 2],
    [11, 12],
    [12, 12],
    [13, 12],
    [14, 15],
    [12, 15],
    [13, 25],
    [12, 40],
    [13, 40],
  ];
  for (const [matches, gap] of layouts) {
    it(`equals the plain count, capped: ${matches} matches one row in ${gap}`, async () => {
      await tableWith(matches, gap);
      for (const q of ['Ne%d_le', 'NE%D_LE', 'e%d_', 'ne%d_le ']) {
        for (const inactive of [false, true]) {
          const filters: UserFilters = inactive ? { q, status: 'inactive' } : { q };
          const n = await expected(q, inactive);
          const page = await listUsers(database.db, { ...filters, limit: 1 }, now, WINDOWS);
          expect({ q, inactive, total: page.total, exact: page.total_exact }).toEqual({
            q,
            inactive,
            total: Math.min(n, WINDOWS.countCap),
            exact: n <= WINDOWS.countCap,
          });
        }
      }
    });
  }
});
