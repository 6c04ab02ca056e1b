import type { Database } from './client';

/**
 * How much a table's heap may grow or shrink, as a share of its pages at the last ANALYZE, before
 * its statistics are taken again: autovacuum's own default share for ANALYZE.
 */
const ANALYZE_CHANGE = 0.1;

/** How often the embedded database's tables are looked at. */
export const ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * The embedded database runs no autovacuum worker, so nothing takes its tables' statistics: a
 * table the planner has never seen analysed is judged by fixed guesses (a LIKE or an organization
 * holding half a percent of the rows, whatever they hold), and the users list's choices built on
 * the planner's estimates (docs/decisions/013-user-filters-and-sorting-at-a-million.md) would rest
 * on them. This takes the statistics of each table of the schema that has rows but none, or whose
 * heap grew or shrank by more than ANALYZE_CHANGE of its pages since they were taken (pg_class
 * keeps the page count of the last ANALYZE). PostgreSQL's own autovacuum does this on a server;
 * there it returns at once. Returns the tables analysed.
 */
export async function analyzeChangedTables(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const tables = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r'
        AND pg_relation_size(c.oid) > 0
        AND (NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid)
             OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
                > greatest(c.relpages * $1::float8, 8))
      ORDER BY c.relname`,
    [ANALYZE_CHANGE],
  );
  for (const { name } of tables) await database.exec(`ANALYZE "${name.replaceAll('"', '""')}"`);
  return tables.map((t) => t.name);
}
