import { and, or, sql, type SQL } from 'drizzle-orm';
import {
  FILTER_LIMITS,
  ROLE_FILTER_VALUES,
  USER_STATUSES,
  type UserFacets,
  type UserFilters,
} from '@shared/schemas/users';
import type { Db } from '../db/client';
import {
  countUpTo,
  filtersOf,
  organizationOption,
  roleOption,
  rowsOfQuery,
  searchOf,
  TABLE_ROWS,
  whereOf,
  type Facet,
} from './user-filters';

/**
 * The counts beside each filter option of the users list
 * (docs/product/admin-console.md#user-facets). An option's count is of the users matching the
 * search, every other facet's filter and that option; it is exact below the cap, and the cap
 * with exact false from there on. A facet whose users (search and the other filters) are few
 * (below the cap for roles, below GROUPED_PASS_FACTOR caps for status and organizations) is
 * counted in one grouped pass over them; otherwise each option is counted on its own, stopping
 * at the cap. Without a search, every facet is read from user_facet_cube, kept by triggers,
 * adding the grants with an expiry still in force
 * (docs/decisions/013-user-filters-and-sorting-at-a-million.md).
 */

/** Status and organization counts take one grouped pass over a base below this many caps. */
export const GROUPED_PASS_FACTOR = 5;

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
  if (!filters.q) return cubeFacets(db, filters, now, cap);
  const search = searchOf(filters.q);
  /** The users a facet's options are counted among: the search and every other facet's filter. */
  const conditionOf = (facet: Facet) =>
    and(search.indexed, filtersOf(filters, TABLE_ROWS, now, facet));
  // A base of fewer than GROUPED_PASS_FACTOR × cap users is cheaper to read once, grouped,
  // than option by option (each option's count would read the base again: its search index
  // list, or the heap pages of an organization's users). Roles test an EXISTS per option, so a
  // grouped pass over them pays four per user: they take it only below the cap.
  const groupedMax = cap * GROUPED_PASS_FACTOR;
  // Facets without a filter of their own share one base: count it once.
  const sizes = new Map<string, Promise<number>>();
  const sizeOf = (facet: Facet) => {
    const own = facet === 'org' ? filters.org : facet === 'role' ? filters.role : filters[facet];
    const key = own === undefined ? 'all' : facet;
    let size = sizes.get(key);
    if (!size) {
      size = countUpTo(db, whereOf(conditionOf(facet)), groupedMax);
      sizes.set(key, size);
    }
    return size;
  };
  const capped = (condition: SQL | undefined, option: SQL) =>
    countUpTo(db, whereOf(condition, option), cap);
  // One facet at a time: the embedded database answers one statement at a time anyway.
  const role = await roleFacet();
  const status = await statusFacet();
  const never = await neverFacet();
  const organization = await organizationFacet();
  return { role, status, ...organization, never_signed_in: never };

  async function roleFacet() {
    const condition = conditionOf('role');
    const base = whereOf(condition);
    if ((await sizeOf('role')) < cap) {
      const [row] = await rowsOfQuery<Record<string, number>>(
        db,
        sql`SELECT ${sql.join(
          ROLE_FILTER_VALUES.map(
            (value) =>
              sql`count(*) FILTER (WHERE ${roleOption(TABLE_ROWS, now, value)})::int AS ${sql.identifier(value)}`,
          ),
          sql`, `,
        )} FROM platform_users ${base}`,
      );
      return ROLE_FILTER_VALUES.map((value) => ({
        value,
        ...counted(Number(row?.[value] ?? 0), cap),
      }));
    }
    const options = [];
    for (const value of ROLE_FILTER_VALUES) {
      const n = await capped(condition, roleOption(TABLE_ROWS, now, value));
      options.push({ value, ...counted(n, cap) });
    }
    return options;
  }

  async function statusFacet() {
    const condition = conditionOf('status');
    const base = whereOf(condition);
    const test = (value: (typeof USER_STATUSES)[number]) =>
      value === 'active' ? sql`platform_users.is_active` : sql`NOT platform_users.is_active`;
    if ((await sizeOf('status')) < groupedMax) {
      const [row] = await rowsOfQuery<{ active: number; inactive: number }>(
        db,
        sql`SELECT count(*) FILTER (WHERE ${test('active')})::int AS active,
                   count(*) FILTER (WHERE ${test('inactive')})::int AS inactive
              FROM platform_users ${base}`,
      );
      return USER_STATUSES.map((value) => ({
        value,
        ...counted(Number(row?.[value] ?? 0), cap),
      }));
    }
    const options = [];
    for (const value of USER_STATUSES) {
      options.push({ value, ...counted(await capped(condition, test(value)), cap) });
    }
    return options;
  }

  async function neverFacet(): Promise<Counted> {
    return counted(
      await capped(conditionOf('never'), sql`platform_users.last_login_at IS NULL`),
      cap,
    );
  }

  async function organizationFacet(): Promise<{
    organization: OrganizationOption[];
    organization_more: boolean;
  }> {
    const condition = conditionOf('org');
    const base = whereOf(condition);
    const selected = filters.org ?? [];
    const limit = FILTER_LIMITS.facetOrganizations;
    /** The selected organizations, then the others in the order given, up to the limit. */
    const choose = (others: (string | null)[]) => {
      const chosen = [...selected];
      for (const value of others) {
        if (chosen.length >= limit) break;
        if (!chosen.includes(value)) chosen.push(value);
      }
      return chosen;
    };

    if ((await sizeOf('org')) < groupedMax) {
      // Few enough users: every organization among them, counted in one pass.
      const groups = await rowsOfQuery<{ value: string | null; n: number }>(
        db,
        sql`SELECT platform_users.organization AS value, count(*)::int AS n
              FROM platform_users ${base} GROUP BY platform_users.organization`,
      );
      const all = groups
        .map((g) => ({ value: g.value, ...counted(Number(g.n), cap) }))
        .sort(byCountThenName);
      const chosen = choose(all.map((o) => o.value));
      const options = chosen.map(
        (value) => all.find((o) => o.value === value) ?? { value, count: 0, exact: true },
      );
      return {
        organization: options.sort(byCountThenName),
        organization_more: all.some((o) => !chosen.includes(o.value)),
      };
    }

    // As many users as the cap or more: the organizations most frequent among the first cap's
    // worth of them (one capped read), each then counted up to the cap through the
    // organization index.
    const sample = await rowsOfQuery<{ value: string | null; n: number }>(
      db,
      sql`SELECT s.organization AS value, count(*)::int AS n
            FROM (SELECT platform_users.organization FROM platform_users ${base} LIMIT ${cap}) AS s
           GROUP BY s.organization
           ORDER BY n DESC, value ASC NULLS LAST`,
    );
    const chosen = choose(sample.map((g) => g.value));
    const named = chosen.filter((v): v is string => v !== null);
    const counts = new Map<string | null, number>();
    if (named.length > 0) {
      const rows = await rowsOfQuery<{ value: string; n: number }>(
        db,
        sql`SELECT v.value AS value,
                   (SELECT count(*)::int FROM (
                      SELECT 1 FROM platform_users
                      ${whereOf(condition, sql`platform_users.organization = v.value`)}
                      LIMIT ${cap}) AS c) AS n
              FROM unnest(ARRAY[${sql.join(
                named.map((v) => sql`${v}`),
                sql`, `,
              )}]::text[]) AS v(value)`,
      );
      for (const row of rows) counts.set(row.value, Number(row.n));
    }
    if (chosen.includes(null)) {
      counts.set(null, await capped(condition, organizationOption(TABLE_ROWS, null)));
    }
    const options = chosen
      .map((value) => ({ value, ...counted(counts.get(value) ?? 0, cap) }))
      .sort(byCountThenName);
    return {
      organization: options,
      organization_more:
        sample.some((g) => !chosen.includes(g.value)) ||
        (await tableHasOtherOrganizations(db, chosen)),
    };
  }
}

/**
 * Whether the table holds an organization (or users without one) outside `listed`: a skip scan
 * over the organization index, one index probe per distinct organization, at most one more
 * than are listed. It answers for the whole table, so past the cap "more" may name organizations
 * the search and filters leave with no users.
 */
async function tableHasOtherOrganizations(db: Db, listed: (string | null)[]): Promise<boolean> {
  const named = listed.filter((v): v is string => v !== null);
  const distinct = await rowsOfQuery<{ value: string }>(
    db,
    sql`WITH RECURSIVE o(value) AS (
          (SELECT organization FROM platform_users WHERE organization IS NOT NULL
            ORDER BY organization DESC NULLS LAST LIMIT 1)
          UNION ALL
          SELECT (SELECT p.organization FROM platform_users p WHERE p.organization < o.value
                   ORDER BY p.organization DESC NULLS LAST LIMIT 1)
            FROM o WHERE o.value IS NOT NULL)
        SELECT value FROM o WHERE value IS NOT NULL LIMIT ${named.length + 1}`,
  );
  if (distinct.some((d) => !named.includes(d.value))) return true;
  if (listed.includes(null)) return false;
  const [none] = await rowsOfQuery<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM platform_users WHERE organization IS NULL) AS found`,
  );
  return Boolean(none?.found);
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
 * `WITH … c AS (…)`: the cells of user_facet_cube as they stand at `now`, columns is_active,
 * never, organization, roles (all roles in force) and n. The users holding a grant with an expiry
 * in force at `now` (few: the expiring index finds them) are moved at read time from the cell of
 * their roles without expiry to one of all their roles in force. Those roles are distinct (one
 * record per user and role) but not sorted: the cells are only tested and unnested, never grouped
 * by roles. A query that follows reads `c`; cubeFilters tests its columns.
 */
function cubeCells(now: Date): SQL {
  const at = now.toISOString();
  return sql`WITH expiring AS (
          SELECT a.user_id, array_agg(a.role) AS roles FROM platform_role_assignments a
           WHERE a.is_active AND a.expires_at IS NOT NULL AND a.expires_at > ${at}::timestamptz
           GROUP BY a.user_id),
        moved AS (
          SELECT u.is_active, u.last_login_at IS NULL AS never, u.organization,
                 u.forever_roles AS was, u.forever_roles || e.roles AS roles
            FROM expiring e JOIN platform_users u ON u.id = e.user_id),
        c AS MATERIALIZED (
          SELECT is_active, never, organization, roles, n FROM user_facet_cube WHERE n <> 0
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
    sql`${cubeCells(now)}
        SELECT coalesce(sum(c.n), 0)::int AS n FROM c ${whereOf(cubeFilters(filters))}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every facet without a search, for any filters: sums of user_facet_cube's cells, one per
 * (status, never signed in, organization, roles in force), as cubeCells gives them. Exact
 * counts, shown up to the cap.
 */
async function cubeFacets(
  db: Db,
  filters: UserFilters,
  now: Date,
  cap: number,
): Promise<UserFacets> {
  const where = (facet: Facet) => {
    const condition = cubeFilters(filters, facet);
    return condition ? sql`WHERE ${condition}` : sql``;
  };
  const rows = await rowsOfQuery<{ kind: string; value: string | null; n: number }>(
    db,
    sql`${cubeCells(now)}
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
