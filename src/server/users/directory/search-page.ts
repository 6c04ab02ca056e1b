import { and, sql, type SQL } from 'drizzle-orm';
import { USER_LIMITS } from '@shared/schemas/users';
import { type UserFilters } from '@shared/schemas/user-list';
import type { Db } from '../../db/client';
import { cubeCount } from './facets';
import {
  FILTER_COLUMNS,
  filtersOf,
  planOf,
  rowsOf,
  rowsOfQuery,
  TABLE_ROWS,
  whereOf,
  type Search,
} from './filters';
import { anySegment, orderOver, type Order, type Segment } from './order';

// A page with a search: the windows of newest rows it reads before asking the index, and the
// capped count of its matches. list.ts reads the page and its rows.

/**
 * How far the scans read before a search turns to its index. A term that many users hold fills a
 * page within the newest few hundred rows, and shows the cap's worth of matches within some tens
 * of thousands of rows read in any order; one that few hold is cheaper to look up in the index.
 */
export type SearchWindows = {
  /** Rows read newest-first (from the cursor on) for a page before the index is asked. */
  page: number;
  /**
   * Rows (by the table's statistics) read in the table's last pages, all of them, for the capped
   * count of a term that filled its page within `page` rows: they tell the term's density.
   */
  count: number;
  /**
   * The furthest back the count reads, in rows as dense as the last pages: only when the term's
   * density there puts the cap's worth of matches (and a quarter more) within it. Beyond about
   * this many rows, the index's lists of a term that dense cost less at a million users than
   * reading the rows; a term of several words, whose index count the planner makes a sequential
   * scan from the heap's start, gains up to this bound (docs/performance.md).
   */
  countMax: number;
  /** Matches counted exactly; more reads "more than". */
  countCap: number;
  /**
   * When a search skips its windows for the search index: when the planner's estimates say the
   * window cannot hold a page of matches ('estimate'), always or never (tests drive each path).
   */
  skip?: 'estimate' | 'always' | 'never';
};

export const SEARCH_WINDOWS: SearchWindows = {
  page: 1_000,
  count: 2_000,
  countMax: 45_000,
  countCap: USER_LIMITS.countCap,
  skip: 'estimate',
};

/**
 * The planner's estimates of the rows of platform_users matching each condition (undefined: the
 * whole table), from one EXPLAIN of their UNION ALL: planned, not run, so no row is read.
 */
async function estimatedRows(db: Db, conditions: (SQL | undefined)[]): Promise<number[]> {
  const plan = await planOf(
    db,
    sql.join(
      conditions.map((c) => sql`(SELECT 1 FROM platform_users ${whereOf(c)})`),
      sql` UNION ALL `,
    ),
  );
  // One condition is the plan itself; several are the children of its Append.
  return conditions.length === 1
    ? [plan['Plan Rows']]
    : (plan.Plans ?? []).map((child) => child['Plan Rows']);
}

/**
 * Whether the window of `rows` rows cannot hold `take` matches: even if every user matching the
 * rarer of the search and the filters lay in the window in their share of the table, fewer than
 * `take` would. The bound takes the smaller of the two estimates rather than their product, so a
 * term and filters that go together (q=hirehub with org=HireHub) keep their window. When it
 * holds, the window would be read for nothing and the search index asked anyway.
 */
export async function windowCannotFill(
  db: Db,
  search: Search,
  match: Pick<Match, 'table'>,
  rows: number,
  take: number,
): Promise<boolean> {
  const [table = 0, term = 0, filtered = Infinity] = await estimatedRows(db, [
    undefined,
    search.estimated,
    ...(match.table ? [match.table] : []),
  ]);
  if (table <= 0) return false;
  return (rows * Math.min(term, filtered)) / table < take;
}

/** A row's place in an order: its id and its sort value as text (a cursor's value). */
export type Key = { id: string; sv: string | null };

/** The filters over platform_users, and over a subquery of its rows named `alias`. */
export type Match = { table: SQL | undefined; over: (alias: string) => SQL | undefined };

export function matchOf(filters: UserFilters, now: Date): Match {
  return {
    table: filtersOf(filters, TABLE_ROWS, now),
    over: (alias) => filtersOf(filters, rowsOf(alias), now),
  };
}

/** How many times the first window's rows the second window reads. */
const WIDER_WINDOW = 8;

/**
 * The keys of the next `take` rows matching the search and the filters, in the order, after the
 * cursor. First the next `windowRows` rows of the order are read through its index and tested:
 * a term many users hold fills the page there. Only when it does not (a rare term, or the end of
 * the table) are the matches looked up in the search index, all of them, and sorted: few, since
 * the window held fewer than a page of them. Either way the answer is exactly the first `take`
 * rows of the plain query (ORDER BY the column with NULLs last, then id, with the LIKE and the
 * filters), which the equivalence tests check (docs/decisions/010-user-search-at-a-million.md).
 */
export async function searchPageKeys(
  db: Db,
  order: Order,
  segments: Segment[],
  search: Search,
  match: Match,
  take: number,
  windowRows: number,
  skip: SearchWindows['skip'] = 'estimate',
  counted?: { matches: number; users: number },
): Promise<{ keys: Key[]; common: boolean; matches?: number }> {
  const inWindow = async (rows: number) => {
    // Each segment's first rows from its index; together, the first `rows` of the order. The
    // second segment (the rows without a value) is read only for what the first leaves of the
    // window: most windows end among the rows with a value, and reading the others' first rows
    // anyway cost a thousand heap pages at a million users.
    const branch = (segment: Segment, limit: SQL | number) =>
      sql`SELECT ${order.key} AS k, ${FILTER_COLUMNS} FROM platform_users
          ${whereOf(segment.where)} ORDER BY ${segment.orderBy} LIMIT ${limit}`;
    const [head, tail] = segments as [Segment, Segment?];
    const windowed = tail
      ? sql`WITH head AS MATERIALIZED (${branch(head, rows)})
          SELECT w.id AS id, w.k::text AS sv
            FROM (SELECT * FROM (SELECT * FROM head UNION ALL
                    (${branch(tail, sql`(${rows} - (SELECT count(*) FROM head))`)})) AS u
                   ORDER BY ${orderOver('u', order)} LIMIT ${rows}) AS w`
      : sql`SELECT w.id AS id, w.k::text AS sv FROM (${branch(head, rows)}) AS w`;
    return rowsOfQuery<Key>(
      db,
      sql`${windowed}
        ${whereOf(search.contains(rowsOf('w').searchText), match.over('w'))}
        ORDER BY ${orderOver('w', order)} LIMIT ${take}`,
    );
  };
  // With the matches counted (a search within one word only), the windows are skipped when even
  // the wider one would hold fewer than a page of them in their share of the users. Otherwise only
  // a search with filters asks: without them a common term fills its page from the window, which
  // the estimate's planning (about 1 ms) would only delay.
  const skipped =
    skip === 'always' ||
    (skip === 'estimate' &&
      (counted
        ? (windowRows * WIDER_WINDOW * counted.matches) / Math.max(counted.users, 1) < take
        : match.table !== undefined &&
          (await windowCannotFill(db, search, match, windowRows, take))));
  if (!skipped) {
    const first = await inWindow(windowRows);
    if (first.length === take) return { keys: first, common: true };
    // Some matches but not a page: a term held by fewer than 1 user in 40 but not rare. Sorting
    // all its matches would cost thousands of rows at a million users; a window eight times
    // wider fills the page for a term held by 1 user in 300 or more.
    if (first.length > 0) {
      const wider = await inWindow(windowRows * WIDER_WINDOW);
      if (wider.length === take) return { keys: wider, common: false };
    }
  }

  // OFFSET 0 keeps the planner from walking the order's index again: the matches come from the
  // search index (or a filter's), then a top-N sort of the few there are. Having read them all,
  // it counts them too, which spares the count a second pass over the index.
  const rows = await rowsOfQuery<Key & { matches: number }>(
    db,
    sql`SELECT m.id AS id, m.k::text AS sv, count(*) OVER ()::int AS matches
      FROM (SELECT platform_users.id AS id, ${order.key} AS k FROM platform_users
             ${whereOf(search.indexed, match.table, anySegment(segments))} OFFSET 0) AS m
      ORDER BY ${orderOver('m', order)} LIMIT ${take}`,
  );
  const keys = rows.map(({ id, sv }) => ({ id, sv }));
  return { keys, common: false, matches: Number(rows[0]?.matches ?? 0) };
}

/**
 * Rows per heap page when the table has no statistics yet (a new database before its first
 * ANALYZE): about what a seeded table holds, each row written twice (the insert, then the role
 * trigger's update of roles_until).
 */
const ROWS_PER_PAGE_UNKNOWN = 16;

/**
 * Matches of a common term counted in the heap's last pages, stopping at `cap`. First the pages
 * that hold about `windows.count` rows (by the table's statistics), all of them; when they hold
 * some matches but fewer than `cap`, the pages before them, back to where the term's density
 * there says the cap's worth of matches lies, if that is within `windows.countMax` rows (as many
 * as the first pages held per page) and within the table.
 *
 * Any rows that hold `cap` matches prove "more than", whatever their order, so the rows are read
 * in the table's own order (TID range scans, page by page): at a million users about half the
 * cost per row of walking the created_at index newest-first, and far less than the index's lists
 * for a term held by 1 user in 25 (docs/performance.md). One statement, so one snapshot: a row
 * updated meanwhile (its new version on another page) is not counted twice. Returns what it
 * counted, below `cap` when the pages held fewer; the caller then asks the index.
 */
async function countInLastPages(
  db: Db,
  search: Search,
  match: Match,
  windows: SearchWindows,
  cap: number,
): Promise<number> {
  const test = and(search.contains(TABLE_ROWS.searchText), match.table);
  const [counted] = await rowsOfQuery<{ n: number }>(
    db,
    sql`WITH span AS MATERIALIZED (
        SELECT pg_relation_size('platform_users') / current_setting('block_size')::int AS pages,
               CASE WHEN reltuples > 0 AND relpages > 0 THEN reltuples / relpages
                    ELSE ${ROWS_PER_PAGE_UNKNOWN} END AS per_page
          FROM pg_class WHERE oid = 'platform_users'::regclass),
      near AS MATERIALIZED (
        SELECT greatest(pages - greatest(ceil(${windows.count}::float8 / per_page), 1), 0)::bigint
                 AS first_page,
               pages FROM span),
      first AS MATERIALIZED (
        SELECT count(*) AS rows, count(*) FILTER (WHERE ${test}) AS n FROM platform_users
          WHERE ctid >= format('(%s,0)', (SELECT first_page FROM near))::tid),
      reach AS MATERIALIZED (
        SELECT ceil(${cap}::float8 * (near.pages - near.first_page) / first.n * 1.25) AS pages_back,
               first.rows::float8 / (near.pages - near.first_page) AS per_page
          FROM first, near WHERE first.n > 0 AND first.n < ${cap} AND near.pages > near.first_page),
      far AS MATERIALIZED (
        SELECT (near.pages - pages_back)::bigint AS first_page FROM reach, near
          WHERE pages_back <= near.pages AND pages_back * reach.per_page <= ${windows.countMax})
    SELECT least((SELECT n FROM first), ${cap})::int + (SELECT count(*)::int FROM (
          SELECT 1 FROM platform_users
            WHERE ctid >= format('(%s,0)', coalesce((SELECT first_page FROM far),
                                                    (SELECT first_page FROM near)))::tid
              AND ctid < format('(%s,0)', (SELECT first_page FROM near))::tid
              AND ${test}
            LIMIT (SELECT greatest(${cap} - n, 0) FROM first)) AS capped) AS n`,
  );
  return Number(counted?.n ?? 0);
}

/**
 * Matches counted up to the cap. Without a search, the cube of kept counts knows the total
 * exactly (cubeCount, as the facets read it), whatever the filters, without reading the users
 * (a search within one word only has its total from the word's cells: wordMatches). A
 * common term (one that filled its page within the page window) is counted in the table's last
 * pages (countInLastPages), which hold the cap's worth of matches when the term is common there;
 * otherwise, and for rarer terms, the search index finds
 * the matches and the count stops at the cap.
 */
export async function countMatches(
  db: Db,
  search: Search | undefined,
  filters: UserFilters,
  now: Date,
  match: Match,
  common: boolean,
  windows: SearchWindows,
): Promise<number> {
  const cap = windows.countCap + 1;
  if (!search) return cubeCount(db, filters, now);
  if (common) {
    const inPages = await countInLastPages(db, search, match, windows, cap);
    if (inPages >= cap) return inPages;
  }
  const [counted] = await rowsOfQuery<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM platform_users ${whereOf(search.indexed, match.table)} OFFSET 0 LIMIT ${cap}) AS capped`,
  );
  return Number(counted?.n ?? 0);
}
