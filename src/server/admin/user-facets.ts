import { and, sql, type SQL } from 'drizzle-orm';
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
  holdsNoRole,
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
 * at the cap. A facet with neither search nor other filter reads its counts from
 * user_facet_counts, kept by triggers, adding the grants with an expiry still in force
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
  const search = filters.q ? searchOf(filters.q) : undefined;
  /** The users a facet's options are counted among: the search and every other facet's filter. */
  const conditionOf = (facet: Facet) =>
    and(search?.indexed, filtersOf(filters, TABLE_ROWS, now, facet));
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
  // The kept counts, read once for the facets with neither search nor other filter.
  let kept: Promise<Map<string, number>> | undefined;
  const keptCount = async (facet: string, value = '') => {
    kept ??= rowsOfQuery<{ facet: string; value: string; n: number }>(
      db,
      sql`SELECT facet, value, n FROM user_facet_counts WHERE facet <> 'org'`,
    ).then((rows) => new Map(rows.map((r) => [`${r.facet}:${r.value}`, Number(r.n)])));
    return (await kept).get(`${facet}:${value}`) ?? 0;
  };

  // One facet at a time: the embedded database answers one statement at a time anyway.
  const role = await roleFacet();
  const status = await statusFacet();
  const never = await neverFacet();
  const organization = await organizationFacet();
  return { role, status, ...organization, never_signed_in: never };

  async function roleFacet() {
    const condition = conditionOf('role');
    if (!condition) return keptRoleFacet();
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

  /**
   * Every user: the records of a role without expiry are kept counted; those with one are counted
   * here, up to the cap, those still in force at `now` (one per user and role). No role in force is
   * one range of the roles_until index, up to the cap.
   */
  async function keptRoleFacet() {
    const options = [];
    for (const value of ROLE_FILTER_VALUES) {
      if (value === 'none') {
        options.push({
          value,
          ...counted(await capped(undefined, holdsNoRole(TABLE_ROWS, now)), cap),
        });
        continue;
      }
      const forever = await keptCount('role_forever', value);
      let expiring = 0;
      if (forever < cap) {
        const [row] = await rowsOfQuery<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM platform_role_assignments
                WHERE role = ${value} AND is_active AND expires_at IS NOT NULL
                  AND expires_at > ${now.toISOString()}::timestamptz
                LIMIT ${cap - forever}) AS capped`,
        );
        expiring = Number(row?.n ?? 0);
      }
      options.push({ value, ...counted(forever + expiring, cap) });
    }
    return options;
  }

  async function statusFacet() {
    const condition = conditionOf('status');
    if (!condition) {
      const inactive = await keptCount('inactive');
      const active = (await keptCount('users')) - inactive;
      return USER_STATUSES.map((value) => ({
        value,
        ...counted(value === 'active' ? active : inactive, cap),
      }));
    }
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
    if (!conditionOf('never')) return counted(await keptCount('never'), cap);
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

    if (!condition) {
      // Every user: the kept counts, the most users first (capped, as the answer shows them).
      const top = await rowsOfQuery<{ value: string | null; n: number }>(
        db,
        sql`SELECT value, n FROM (
              SELECT value, n FROM user_facet_counts WHERE facet = 'org' AND n > 0
              UNION ALL
              SELECT NULL, n FROM user_facet_counts WHERE facet = 'no_org' AND n > 0) AS o
            ORDER BY least(n, ${cap}) DESC, value ASC NULLS LAST
            LIMIT ${limit + 1}`,
      );
      const named = selected.filter((v): v is string => v !== null);
      const picked =
        named.length > 0
          ? await rowsOfQuery<{ value: string; n: number }>(
              db,
              sql`SELECT value, n FROM user_facet_counts WHERE facet = 'org' AND value IN (${sql.join(
                named.map((v) => sql`${v}`),
                sql`, `,
              )})`,
            )
          : [];
      const countOf = async (value: string | null) => {
        const found = [...top, ...picked].find((o) => o.value === value);
        if (found) return Number(found.n);
        return value === null ? keptCount('no_org') : 0;
      };
      const chosen = choose(top.map((o) => o.value));
      const options = [];
      for (const value of chosen) options.push({ value, ...counted(await countOf(value), cap) });
      return {
        organization: options.sort(byCountThenName),
        organization_more: top.some((o) => !chosen.includes(o.value)),
      };
    }

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
