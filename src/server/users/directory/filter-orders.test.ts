import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserFilters, UserSort, SortDirection } from '@shared/schemas/user-list';
import type { Database, Db } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { keysInOrder, listUsers } from './list';
import { inOrderWhere, planOf, type PlanNode } from './filters';
import { orderOf, segmentsAfter } from './order';

/**
 * A page of a filter in an order reads about a page of rows, however the filter's users lie in
 * that order (0014_user_list_filter_orders.sql). The fixture puts each filter's users where a
 * walk of the order's full index meets them last: one organization's users have the names, the
 * emails and the sign-ins that sort last, the inactive users signed in longest ago, the users
 * never signed in sit in the middle of every order. Walking the order testing each row reads
 * thousands of rows before the page fills; the indexes of each filter's users read the page.
 */

const ROWS = 6_000;
const now = new Date('2026-06-01T12:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  await database.exec(`
    INSERT INTO platform_users (email, full_name, organization, is_active, created_at, last_login_at)
    SELECT 'e' || lpad(g::text, 5, '0') || '@x.example',
           'N' || lpad(g::text, 5, '0'),
           CASE WHEN g > 5400 THEN 'Late' WHEN g % 50 = 0 THEN NULL ELSE 'Org' || (g % 9) END,
           g <= 5800,
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
           CASE WHEN g BETWEEN 3000 AND 3400 THEN NULL
                ELSE timestamptz '2026-05-01 00:00:00+00' - g * interval '1 minute' END
      FROM generate_series(1, ${ROWS}) AS g;
    ANALYZE platform_users;
  `);
});
afterAll(() => database.close());

/** Rows of platform_users a plan's scans produced or threw away: what it read of the table. */
function rowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'platform_users'
      ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((n, child) => n + rowsRead(child), 0);
}

/**
 * The rows keysInOrder reads for the first page of `take` keys: each of its statements run
 * under EXPLAIN ANALYZE instead (what it then makes of the plans as keys is not looked at).
 */
async function rowsReadForPage(
  filters: UserFilters,
  sort: UserSort,
  dir: SortDirection,
  take: number,
): Promise<number> {
  let read = 0;
  const explaining = {
    execute: async (query: SQL) => {
      const plan = await planOf(database.db, query, { analyze: true });
      read += rowsRead(plan);
      return { rows: [] };
    },
  } as unknown as Db;
  const order = orderOf(sort, dir);
  await keysInOrder(
    explaining,
    order,
    segmentsAfter(order, null),
    inOrderWhere(filters, now),
    take,
  );
  return read;
}

const CASES: [name: string, filters: UserFilters, sort: UserSort, dir: SortDirection][] = [
  ['an organization by name', { org: ['Late'] }, 'name', 'asc'],
  ['an organization by email', { org: ['Late'] }, 'email', 'asc'],
  ['an organization, oldest sign-in last', { org: ['Late'] }, 'last_login', 'desc'],
  ['two organizations by name', { org: ['Late', 'Org3'] }, 'name', 'asc'],
  ['an organization or none by email', { org: ['Late', null] }, 'email', 'asc'],
  ['the inactive users by last sign-in', { status: 'inactive' }, 'last_login', 'desc'],
  ['the inactive users by name', { status: 'inactive' }, 'name', 'asc'],
  ['never signed in by name', { never: true }, 'name', 'asc'],
  ['never signed in, oldest first', { never: true }, 'newest', 'asc'],
  ['never signed in by organization', { never: true, org: ['Org4'] }, 'organization', 'asc'],
];

describe('a filter in an order', () => {
  it.each(CASES)('%s reads about a page of rows, not the order up to them', async (...c) => {
    const [, filters, sort, dir] = c;
    const take = 26;
    // Each organization of the filter gives up to a page; a row may be tested twice.
    const branches = Math.max(1, filters.org?.length ?? 1);
    expect(await rowsReadForPage(filters, sort, dir, take)).toBeLessThanOrEqual(
      4 * take * branches,
    );
  });

  it('gives those pages as the plain query does', async () => {
    for (const [, filters, sort, dir] of CASES) {
      const page = await listUsers(database.db, { ...filters, sort, dir, limit: 25 }, now);
      expect(page.users).toHaveLength(25);
      for (const user of page.users) {
        if (filters.org) expect(filters.org).toContain(user.organization);
        if (filters.status) expect(user.is_active).toBe(false);
        if (filters.never) expect(user.last_login_at).toBeNull();
      }
    }
  });
});
