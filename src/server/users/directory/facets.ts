import { and, or, sql, type SQL } from 'drizzle-orm';
import {
  FILTER_LIMITS,
  ROLE_FILTER_VALUES,
  USER_STATUSES,
  type UserFacets,
  type UserFilters,
} from '@shared/schemas/user-list';
import type { Db } from '../../db/client';
import { rowsOfQuery, searchOf, userWordSearch, whereOf, type Facet } from './filters';

/**
 * The counts beside each filter option of the users list
 * (docs/product/admin-console.md#user-facets). An option's count is of the users matching the
 * search, every other facet's filter and that option; it is exact below the cap, and the cap
 * with exact false from there on. Every facet is one grouped sum over cells, one per (status,
 * never signed in, organization, roles in force) with how many users are there. Without a search
 * the cells are user_facet_cube's, kept by triggers; with a search found within one kept word
 * only, that word's cells in user_word_cube; with any other, they are counted in one grouped
 * pass over the search's matches, reading only the user rows (docs/decisions/013-user-filters-and-sorting-at-a-million.md).
 */

type Counted = { count: number; exact: boolean };
const counted = (n: number, cap: number): Counted => ({
  count: Math.min(n, cap),
  exact: n < cap,
});

type OrganizationOption = { value: string | null } & Counted;

/** Most users first, then A to Z, no organization last. */
function byCountThenName(a: OrganizationOption, b: OrganizationOption): number {
  if (a.count !== b.count) return b.count - a.count;
  if (a.value === b.value) return 0;
  if (a.value === null) return 1;
  if (b.value === null) return -1;
  return a.value < b.value ? -1 : 1;
}

export async function userFacets(
  db: Db,
  filters: UserFilters,
  now: Date,
  cap: number = FILTER_LIMITS.facetCap,
): Promise<UserFacets> {
  const q = filters.q;
  if (!q) return cellFacets(db, cubeCells(now), filters, cap);
  const word = await userWordSearch(db, q);
  const cells =
    word === undefined
      ? matchCells(q, now)
      : cubeCells(now, { word, search: searchOf(q).like(sql.raw('u.search_text')) });
  return cellFacets(db, cells, filters, cap);
}

/**
 * The CTEs ending in `c(is_active, never, organization, roles, n)` for the search `q`, counted in
 * one pass over its matches, reading the user rows only: the roles without expiry are on the row;
 * the few users with an expiring grant in force are told apart by a hashed IN (the planner cannot
 * turn it into a loop per match, whatever its estimates) and given those roles after grouping. No
 * role record is read per user.
 */
function matchCells(q: string, now: Date): SQL {
  return sql`${expiringGrants(now)},
        m AS (
          SELECT platform_users.is_active, platform_users.last_login_at IS NULL AS never,
                 platform_users.organization, platform_users.forever_roles,
                 CASE WHEN platform_users.id IN (SELECT user_id FROM expiring)
                      THEN platform_users.id END AS expiring_id,
                 count(*) AS n
            FROM platform_users
           WHERE ${searchOf(q).indexed}
           GROUP BY 1, 2, 3, 4, 5),
        c AS MATERIALIZED (
          SELECT m.is_active, m.never, m.organization,
                 CASE WHEN e.user_id IS NULL THEN m.forever_roles
                      ELSE m.forever_roles || e.roles END AS roles,
                 m.n
            FROM m LEFT JOIN expiring e ON e.user_id = m.expiring_id)`;
}

/**
 * The CTE `expiring(user_id, roles)`: the users holding a grant with an expiry in force at `now`
 * (few: the expiring index finds them), with those roles.
 */
function expiringGrants(now: Date): SQL {
  return sql`expiring AS (
          SELECT a.user_id, array_agg(a.role) AS roles FROM platform_role_assignments a
           WHERE a.is_active AND a.expires_at IS NOT NULL AND a.expires_at > ${now.toISOString()}::timestamptz
           GROUP BY a.user_id)`;
}

/** One word's cells, and the search within it alone, as a test of `u.search_text`. */
export type WordCells = { word: string; search: SQL };

/**
 * The CTEs ending in `c(is_active, never, organization, roles, n)`: the cells of user_facet_cube
 * as they stand at `now`, or with `of`, those of one word in user_word_cube, whose users are the
 * search's. The users holding a grant with an expiry in force (of the search, with one) are moved
 * at read time from the cell of their roles without expiry to one of all their roles in force.
 */
function cubeCells(now: Date, of?: WordCells): SQL {
  const kept = of
    ? sql`SELECT is_active, never, organization, roles, n FROM user_word_cube
           WHERE word = ${of.word} AND n <> 0`
    : sql`SELECT is_active, never, organization, roles, n FROM user_facet_cube WHERE n <> 0`;
  return sql`${expiringGrants(now)},
        moved AS (
          SELECT u.is_active, u.last_login_at IS NULL AS never, u.organization,
                 u.forever_roles AS was, u.forever_roles || e.roles AS roles
            FROM expiring e JOIN platform_users u ON u.id = e.user_id
            ${of ? sql`WHERE ${of.search}` : sql``}),
        c AS MATERIALIZED (
          ${kept}
          UNION ALL
          SELECT is_active, never, organization, was, -1 FROM moved
          UNION ALL
          SELECT is_active, never, organization, roles, 1 FROM moved)`;
}

/**
 * How many users match the filters (no search) at `now`, exactly: the sum of the cube's cells
 * that match them (cubeCells). The users list's total without a search reads it instead of
 * counting rows, the facets' own reader with no facet left out.
 */
export async function cubeCount(db: Db, filters: UserFilters, now: Date): Promise<number> {
  const [row] = await rowsOfQuery<{ n: number }>(
    db,
    sql`WITH ${cubeCells(now)}
        SELECT coalesce(sum(c.n), 0)::int AS n FROM c ${whereOf(cubeFilters(filters))}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * For a search within one word only (`of`): how many users match it and the filters at `now`,
 * exactly, from the word's kept cells as cubeCount sums the cube's; and how many users there are.
 * The users list's total and its choice of path read it instead of counting rows or estimating.
 */
export async function wordMatches(
  db: Db,
  filters: UserFilters,
  now: Date,
  of: WordCells,
): Promise<{ matches: number; users: number }> {
  const [row] = await rowsOfQuery<{ matches: number; users: number }>(
    db,
    sql`WITH ${cubeCells(now, of)}
        SELECT (SELECT coalesce(sum(c.n), 0) FROM c ${whereOf(cubeFilters(filters))})::int AS matches,
               (SELECT coalesce(sum(n), 0) FROM user_facet_cube)::int AS users`,
  );
  return { matches: Number(row?.matches ?? 0), users: Number(row?.users ?? 0) };
}

/** The cube's columns, filtered as filtersOf filters the users (one facet left out, or none). */
function cubeFilters(filters: UserFilters, except?: Facet): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.role && except !== 'role') {
    const roles = filters.role.filter((r) => r !== 'none');
    parts.push(
      or(
        roles.length > 0
          ? sql`c.roles && ARRAY[${sql.join(
              roles.map((r) => sql`${r}`),
              sql`, `,
            )}]::text[]`
          : undefined,
        filters.role.includes('none') ? sql`cardinality(c.roles) = 0` : undefined,
      ),
    );
  }
  if (filters.status && except !== 'status') {
    parts.push(filters.status === 'active' ? sql`c.is_active` : sql`NOT c.is_active`);
  }
  if (filters.org && except !== 'org') {
    const named = filters.org.filter((o): o is string => o !== null);
    parts.push(
      or(
        named.length > 0
          ? sql`c.organization IN (${sql.join(
              named.map((o) => sql`${o}`),
              sql`, `,
            )})`
          : undefined,
        filters.org.includes(null) ? sql`c.organization IS NULL` : undefined,
      ),
    );
  }
  if (filters.never && except !== 'never') parts.push(sql`c.never`);
  return and(...parts);
}

/**
 * Every facet, for any filters: sums of the cells `cells` defines (the CTEs ending in
 * `c(is_active, never, organization, roles, n)`), each cell's users matching the search. A
 * cell's roles are those in force: distinct (one record per user and role) but not sorted, so
 * they are only tested and unnested here, and no role in force is an empty set. Exact counts,
 * shown up to the cap.
 */
async function cellFacets(
  db: Db,
  cells: SQL,
  filters: UserFilters,
  cap: number,
): Promise<UserFacets> {
  const where = (facet: Facet) => {
    const condition = cubeFilters(filters, facet);
    return condition ? sql`WHERE ${condition}` : sql``;
  };
  const rows = await rowsOfQuery<{ kind: string; value: string | null; n: number }>(
    db,
    sql`WITH ${cells}
        SELECT 'role' AS kind, r.value, sum(c.n)::int AS n
          FROM c CROSS JOIN LATERAL unnest(
                 CASE WHEN cardinality(c.roles) = 0 THEN ARRAY['none'] ELSE c.roles END) AS r(value)
          ${where('role')} GROUP BY r.value
        UNION ALL
        SELECT 'status', CASE WHEN c.is_active THEN 'active' ELSE 'inactive' END, sum(c.n)::int
          FROM c ${where('status')} GROUP BY 2
        UNION ALL
        SELECT 'never', '', coalesce(sum(c.n), 0)::int
          FROM c ${whereOf(cubeFilters(filters, 'never'), sql`c.never`)}
        UNION ALL
        SELECT 'org', c.organization, sum(c.n)::int
          FROM c ${where('org')} GROUP BY c.organization HAVING sum(c.n) > 0`,
  );
  const countOf = (kind: string, value: string | null) =>
    Number(rows.find((r) => r.kind === kind && r.value === value)?.n ?? 0);

  const all = rows
    .filter((r) => r.kind === 'org')
    .map((r) => ({ value: r.value, ...counted(Number(r.n), cap) }))
    .sort(byCountThenName);
  const chosen = [...(filters.org ?? [])];
  for (const option of all) {
    if (chosen.length >= FILTER_LIMITS.facetOrganizations) break;
    if (!chosen.includes(option.value)) chosen.push(option.value);
  }
  return {
    role: ROLE_FILTER_VALUES.map((value) => ({ value, ...counted(countOf('role', value), cap) })),
    status: USER_STATUSES.map((value) => ({ value, ...counted(countOf('status', value), cap) })),
    organization: chosen
      .map((value) => ({ value, ...counted(countOf('org', value), cap) }))
      .sort(byCountThenName),
    organization_more: all.some((o) => !chosen.includes(o.value)),
    never_signed_in: counted(countOf('never', ''), cap),
  };
}
