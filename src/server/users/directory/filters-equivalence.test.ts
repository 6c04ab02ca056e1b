import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILTER_LIMITS,
  ROLE_FILTER_VALUES,
  USER_SORTS,
  USER_STATUSES,
  type RoleFilterValue,
  type SortDirection,
  type UserFilters,
  type UserSort,
} from '@shared/schemas/user-list';
import type { Database } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { parseCsv } from '../../testing/csv-parse';
import { escapeLike, listUsers } from './list';
import { windowCannotFill, type SearchWindows } from './search-page';
import { filtersOf, searchOf, TABLE_ROWS } from './filters';
import { exportUsersCsv } from './export';
import { userFacets } from './facets';

// Small windows over a small table, so that every path runs: pages that fill within the window
// of the order's index, pages that fall back to the search index, counts either way and past
// the cap. The facets take caps below, around and above the table's size.
const WINDOWS: SearchWindows = { page: 6, count: 25, countMax: 100, countCap: 12 };
const ROWS = 240;
const now = new Date('2026-06-01T12:00:00Z');

// Organizations: more than the facet lists (61 names), some users without one.
const ORGS = Array.from({ length: 61 }, (_, i) => `Org ${String(i).padStart(2, '0')}`);

let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  // Ties everywhere: names, organizations, sign-in times and creation times repeat, so the id
  // tie-break matters; every sort column but email has NULLs.
  await database.exec(`
    INSERT INTO platform_users (email, full_name, organization, is_active, created_at, last_login_at)
    SELECT 'u' || g || '@' || (ARRAY['ab','li','qx','zi'])[1 + g % 4] || '.example',
           CASE WHEN g % 9 = 0 THEN NULL
                ELSE (ARRAY['Ana Li','ana li','Bo Qx','Zed','Émile Ab','zed','Al'])[1 + g % 7] END,
           CASE WHEN g % 6 = 0 THEN NULL
                WHEN g % 4 = 1 THEN 'Org 00'
                ELSE 'Org ' || lpad((g % 61)::text, 2, '0') END,
           g % 5 <> 0,
           timestamptz '2026-01-01 00:00:00+00' + (g / 4) * interval '1.000001 second',
           CASE WHEN g % 3 = 0 THEN NULL
                ELSE timestamptz '2026-05-01 00:00:00+00' + (g % 17) * interval '1 hour' END
      FROM generate_series(1, ${ROWS}) AS g;
    -- Role records in every state: in force, expired (an active record past its expiry, which
    -- must drop out with no write), revoked, and expiring after "now".
    INSERT INTO platform_role_assignments (user_id, role, is_active, expires_at)
    SELECT id, 'user', n % 8 <> 0,
           CASE WHEN n % 10 = 3 THEN timestamptz '2026-05-31 00:00:00+00' END
      FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM platform_users) AS u
     WHERE n % 4 <> 0;
    INSERT INTO platform_role_assignments (user_id, role, is_active, expires_at)
    SELECT id, 'platform_admin', true,
           CASE WHEN n % 3 = 0 THEN timestamptz '2026-06-01 11:59:59+00'
                WHEN n % 3 = 1 THEN timestamptz '2026-06-02 00:00:00+00' END
      FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM platform_users) AS u
     WHERE n % 5 = 2;
    INSERT INTO platform_role_assignments (user_id, role, is_active)
    SELECT id, 'super_admin', n % 2 = 0
      FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM platform_users) AS u
     WHERE n % 13 = 0;
  `);
});
afterAll(() => database.close());

const SORT_COLUMN: Record<UserSort, string> = {
  newest: 'created_at',
  name: 'full_name',
  email: 'email',
  organization: 'organization',
  last_login: 'last_login_at',
};
const DEFAULT_DIR: Record<UserSort, SortDirection> = {
  newest: 'desc',
  name: 'asc',
  email: 'asc',
  organization: 'asc',
  last_login: 'desc',
};

type Facet = 'role' | 'status' | 'org' | 'never';

/** The plain WHERE: LIKE, EXISTS for roles in force, IN for organizations; one facet left out. */
function plainWhere(
  f: UserFilters,
  except?: Facet,
  at: Date = now,
): { where: string; params: unknown[] } {
  const params: unknown[] = [at.toISOString()];
  const inForce = `a.user_id = u.id AND a.is_active AND (a.expires_at IS NULL OR a.expires_at > $1)`;
  // $1 (now) is bound whether or not a role filter reads it.
  const parts: string[] = ['$1::timestamptz IS NOT NULL'];
  if (f.q) {
    params.push(escapeLike(f.q));
    parts.push(`u.search_text LIKE '%' || lower($${params.length}) || '%'`);
  }
  if (f.role && except !== 'role') {
    const either: string[] = [];
    const roles = f.role.filter((r) => r !== 'none');
    if (roles.length > 0) {
      params.push(roles);
      either.push(
        `EXISTS (SELECT 1 FROM platform_role_assignments a WHERE ${inForce} AND a.role = ANY($${params.length}))`,
      );
    }
    if (f.role.includes('none')) {
      either.push(`NOT EXISTS (SELECT 1 FROM platform_role_assignments a WHERE ${inForce})`);
    }
    parts.push(`(${either.join(' OR ')})`);
  }
  if (f.status && except !== 'status') parts.push(`u.is_active = ${f.status === 'active'}`);
  if (f.org && except !== 'org') {
    const either: string[] = [];
    const named = f.org.filter((o) => o !== null);
    if (named.length > 0) {
      params.push(named);
      either.push(`u.organization = ANY($${params.length})`);
    }
    if (f.org.includes(null)) either.push('u.organization IS NULL');
    parts.push(`(${either.join(' OR ')})`);
  }
  if (f.never && except !== 'never') parts.push('u.last_login_at IS NULL');
  return { where: `WHERE ${parts.join(' AND ')}`, params };
}

/** The plain query the list must equal: ORDER BY the column, NULLs last, then id; no limit. */
async function plainList(
  f: UserFilters,
  sort: UserSort,
  dir: SortDirection,
  at: Date = now,
): Promise<string[]> {
  const { where, params } = plainWhere(f, undefined, at);
  const k = `u.${SORT_COLUMN[sort]}`;
  const d = dir.toUpperCase();
  const rows = await database.query<{ id: string }>(
    `SELECT u.id FROM platform_users u ${where} ORDER BY ${k} IS NULL, ${k} ${d}, u.id ${d}`,
    params,
  );
  return rows.map((r) => r.id);
}

async function plainCount(f: UserFilters, except: Facet | undefined, test: string, at: Date) {
  const { where, params } = plainWhere(f, except, at);
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM platform_users u ${where} AND ${test}`,
    params,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every facet option of `f` at `at` against the plain count(*), capped; the organizations listed
 * counted exactly, the selected ones always, at most the limit, and "more" whenever one with
 * users is left out.
 */
async function expectFacets(f: UserFilters, cap: number, at: Date) {
  const facets = await userFacets(database.db, f, at, cap);
  const capped = (n: number) => ({ count: Math.min(n, cap), exact: n < cap });
  const inForce = `a.user_id = u.id AND a.is_active AND (a.expires_at IS NULL OR a.expires_at > $1)`;
  const roleTest = (value: RoleFilterValue) =>
    value === 'none'
      ? `NOT EXISTS (SELECT 1 FROM platform_role_assignments a WHERE ${inForce})`
      : `EXISTS (SELECT 1 FROM platform_role_assignments a WHERE ${inForce} AND a.role = '${value}')`;
  for (const value of ROLE_FILTER_VALUES) {
    expect(facets.role.find((o) => o.value === value)).toEqual({
      value,
      ...capped(await plainCount(f, 'role', roleTest(value), at)),
    });
  }
  for (const value of USER_STATUSES) {
    expect(facets.status.find((o) => o.value === value)).toEqual({
      value,
      ...capped(await plainCount(f, 'status', `u.is_active = ${value === 'active'}`, at)),
    });
  }
  expect(facets.never_signed_in).toEqual(
    capped(await plainCount(f, 'never', 'u.last_login_at IS NULL', at)),
  );

  const { where, params } = plainWhere(f, 'org', at);
  const groups = await database.query<{ value: string | null; n: number }>(
    `SELECT u.organization AS value, count(*)::int AS n FROM platform_users u ${where}
        GROUP BY u.organization`,
    params,
  );
  const listed = facets.organization.map((o) => o.value);
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed.length).toBeLessThanOrEqual(FILTER_LIMITS.facetOrganizations);
  for (const selected of f.org ?? []) expect(listed).toContain(selected);
  for (const option of facets.organization) {
    const n = Number(groups.find((g) => g.value === option.value)?.n ?? 0);
    expect(option).toEqual({ value: option.value, ...capped(n) });
  }
  // Exactly the organizations with users, the most first, as many as fit, at any cap, with a
  // search or without.
  const leftOut = groups.filter((g) => !listed.includes(g.value));
  expect(facets.organization_more).toBe(leftOut.length > 0);
  const room = FILTER_LIMITS.facetOrganizations - (f.org?.length ?? 0);
  const others = groups.filter((g) => !(f.org ?? []).includes(g.value));
  expect(leftOut.length).toBe(Math.max(0, others.length - room));
  const smallestListed = Math.min(
    ...facets.organization.filter((o) => !(f.org ?? []).includes(o.value)).map((o) => o.count),
  );
  for (const g of leftOut) expect(Math.min(Number(g.n), cap)).toBeLessThanOrEqual(smallestListed);
}

const ALPHABET = ['a', 'b', 'q', 'x', 'l', 'i', 'z', 'Z', 'é', '%', '_', '.', '@', ' '];
const term = fc.oneof(
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 3 }).map((c) => c.join('')),
  fc.constantFrom('ana li', 'org 0', 'org 00', 'zed', '.example', 'u1', 'u17@'),
  // Within one word of every user's (their facet counts are that word's kept cells), and within
  // none.
  fc.constantFrom('example', 'XAMPL', 'émile', 'mile', 'org', 'ana', 'nobody'),
);
const filters: fc.Arbitrary<UserFilters> = fc.record(
  {
    q: term,
    role: fc.subarray([...ROLE_FILTER_VALUES], { minLength: 1 }),
    status: fc.constantFrom(...USER_STATUSES),
    org: fc.subarray([...ORGS.slice(0, 6), 'Nobody Inc', null], { minLength: 1, maxLength: 4 }),
    never: fc.constant(true as const),
  },
  { requiredKeys: [] },
);

describe('users list filters and orders', () => {
  it('pages exactly as the plain query, for any filters, search, order, direction and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.constantFrom(...USER_SORTS),
        fc.option(fc.constantFrom<SortDirection>('asc', 'desc'), { nil: undefined }),
        fc.integer({ min: 1, max: 9 }),
        // The windows read first, skipped when the estimates say they cannot fill the page
        // (a search with rare filters), or skipped: the search index alone, sorted.
        fc.constantFrom<SearchWindows['skip']>('never', 'estimate', 'always'),
        async (f, sort, dir, limit, skip) => {
          const expected = await plainList(f, sort, dir ?? DEFAULT_DIR[sort]);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pageNo = 0; ; pageNo++) {
            const page = await listUsers(database.db, { ...f, sort, dir, limit, cursor }, now, {
              ...WINDOWS,
              skip,
            });
            if (pageNo === 0) {
              expect(page.total).toBe(Math.min(expected.length, WINDOWS.countCap));
              expect(page.total_exact).toBe(expected.length <= WINDOWS.countCap);
            }
            expect(page.users.length).toBeLessThanOrEqual(limit);
            seen.push(...page.users.map((u) => u.id));
            if (!page.next_cursor) break;
            expect(page.users).toHaveLength(limit);
            cursor = page.next_cursor;
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 120, seed: 20261126 },
    );
  });

  it('exports exactly the plain query, for any filters, search, order, direction and batch size', async () => {
    const actor = { userId: null, sessionId: null, ipAddress: null, userAgent: null };
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.constantFrom(...USER_SORTS),
        fc.option(fc.constantFrom<SortDirection>('asc', 'desc'), { nil: undefined }),
        fc.integer({ min: 1, max: 40 }),
        async (f, sort, dir, batch) => {
          const expected = await plainList(f, sort, dir ?? DEFAULT_DIR[sort]);
          const csv = await new Response(
            await exportUsersCsv(database.db, actor, { ...f, sort, dir }, now, batch),
          ).text();
          const [, ...rows] = parseCsv(csv);
          expect(rows.map((r) => r[0])).toEqual(expected);
        },
      ),
      { numRuns: 80, seed: 20261128 },
    );
  });

  it('shows only the roles in force, and filters on them alone', async () => {
    const holders = await listUsers(
      database.db,
      { role: ['platform_admin'], limit: 100 },
      now,
      WINDOWS,
    );
    expect(holders.users.length).toBeGreaterThan(0);
    for (const user of holders.users) expect(user.roles).toContain('platform_admin');
    const none = await listUsers(database.db, { role: ['none'], limit: 100 }, now, WINDOWS);
    expect(none.users.length).toBeGreaterThan(0);
    for (const user of none.users) expect(user.roles).toEqual([]);
    // A grant that expires later is in force now, and out once its time has passed, with no write.
    const later = new Date('2026-06-03T00:00:00Z');
    const afterExpiry = await listUsers(
      database.db,
      { role: ['platform_admin'], limit: 100 },
      later,
      WINDOWS,
    );
    expect(afterExpiry.users.length).toBeLessThan(holders.users.length);
  });

  it('counts every facet option as the plain count(*), capped, below, at and above the cap', async () => {
    await fc.assert(
      fc.asyncProperty(filters, fc.constantFrom(5, 30, 1_000), async (f, cap) => {
        await expectFacets(f, cap, now);
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });

  it('lists the organizations with the most users first, at most the limit, and says there are more', async () => {
    const facets = await userFacets(database.db, {}, now, 1_000);
    expect(facets.organization).toHaveLength(FILTER_LIMITS.facetOrganizations);
    expect(facets.organization_more).toBe(true);
    expect(facets.organization[0]).toMatchObject({ value: 'Org 00', exact: true });
    const counts = facets.organization.map((o) => o.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    // Past the cap the counts stop there and say so.
    const capped = await userFacets(database.db, {}, now, 5);
    expect(capped.status).toEqual([
      { value: 'active', count: 5, exact: false },
      { value: 'inactive', count: 5, exact: false },
    ]);
    expect(capped.organization_more).toBe(true);
  });

  it('pages every order without a repeat or a gap while users are added between pages', async () => {
    try {
      for (const sort of USER_SORTS) {
        for (const dir of ['asc', 'desc'] as const) {
          const before = await plainList({}, sort, dir);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pageNo = 0; ; pageNo++) {
            const page = await listUsers(
              database.db,
              { sort, dir, limit: 40, cursor },
              now,
              WINDOWS,
            );
            seen.push(...page.users.map((u) => u.id));
            if (!page.next_cursor) break;
            cursor = page.next_cursor;
            // Newcomers land anywhere in the order: before the cursor, after it, among the NULLs.
            await database.exec(`
              INSERT INTO platform_users (email, full_name, organization, created_at, last_login_at)
              SELECT 'new${sort}.${dir}.${pageNo}.' || g || '@late.example',
                     CASE WHEN g % 3 = 0 THEN NULL ELSE (ARRAY['Ana Li', 'Zed', 'Al'])[1 + g % 3] END,
                     CASE WHEN g % 2 = 0 THEN NULL ELSE 'Org 00' END,
                     timestamptz '2026-01-01 00:00:30+00',
                     CASE WHEN g % 2 = 0 THEN NULL ELSE timestamptz '2026-05-01 05:00:00+00' END
                FROM generate_series(1, 4) AS g`);
          }
          // Every user there at the start, once each and in order; newcomers may show or not.
          expect(seen.filter((id) => before.includes(id))).toEqual(before);
          expect(new Set(seen).size).toBe(seen.length);
        }
      }
    } finally {
      await database.exec(`DELETE FROM platform_users WHERE email LIKE '%@late.example'`);
    }
  });
});

// The changes an administrator or an import makes to role records, each over a few users at once.
type RoleChange = {
  kind:
    | 'grant'
    | 'revoke'
    | 'reactivate'
    | 'expire'
    | 'extend'
    | 'unexpire'
    | 'delete'
    | 'move'
    | 'addUsers'
    | 'deactivate'
    | 'signIn'
    | 'changeOrganization'
    | 'removeUsers';
  pick: number;
  span: number;
  role: 'user' | 'platform_admin' | 'super_admin';
};

/** The statement of one change; `users` are the `span` users from the `pick`-th by email. */
function roleChangeSql({ kind, pick, span, role }: RoleChange): string {
  const users = `(SELECT id FROM platform_users ORDER BY email OFFSET ${pick} LIMIT ${span})`;
  const records = `user_id IN ${users} AND role = '${role}'`;
  switch (kind) {
    case 'addUsers':
      // New users, some with a role at once (one statement each).
      return `INSERT INTO platform_users (email, organization, is_active, last_login_at)
              SELECT 'churn' || ${pick} || '.' || g || '.' || floor(random() * 1e9) || '@churn.example',
                     CASE WHEN g % 3 = 0 THEN NULL ELSE 'Org 0' || (g % 3) END, g % 2 = 0,
                     CASE WHEN g % 2 = 1 THEN timestamptz '2026-05-01 00:00:00+00' END
                FROM generate_series(1, ${span}) AS g;
              INSERT INTO platform_role_assignments (user_id, role)
              SELECT id, '${role}' FROM platform_users
               WHERE email LIKE 'churn${pick}.%' ON CONFLICT DO NOTHING`;
    case 'deactivate':
      return `UPDATE platform_users SET is_active = NOT is_active WHERE id IN ${users}`;
    case 'signIn':
      return `UPDATE platform_users
                 SET last_login_at = CASE WHEN last_login_at IS NULL THEN timestamptz '2026-06-01 10:00:00+00' END
               WHERE id IN ${users}`;
    case 'changeOrganization':
      return `UPDATE platform_users
                 SET organization = CASE WHEN organization IS NULL THEN 'Org 0${pick % 3}' WHEN ${pick % 2} = 0 THEN NULL ELSE 'Org 59' END
               WHERE id IN ${users}`;
    case 'removeUsers':
      return `DELETE FROM platform_users WHERE email LIKE '%@churn.example' AND id IN
                (SELECT id FROM platform_users WHERE email LIKE '%@churn.example' ORDER BY email LIMIT ${span})`;
    case 'grant':
      return `INSERT INTO platform_role_assignments (user_id, role, expires_at)
              SELECT id, '${role}', ${pick % 2 === 0 ? 'NULL' : `timestamptz '2026-06-02 00:00:00+00'`}
                FROM ${users} AS u
              ON CONFLICT (user_id, role) DO UPDATE SET is_active = true, expires_at = excluded.expires_at`;
    case 'revoke':
      return `UPDATE platform_role_assignments SET is_active = false WHERE ${records}`;
    case 'reactivate':
      return `UPDATE platform_role_assignments SET is_active = true WHERE ${records}`;
    case 'expire':
      return `UPDATE platform_role_assignments SET expires_at = timestamptz '2026-06-01 11:00:00+00' WHERE ${records}`;
    case 'extend':
      return `UPDATE platform_role_assignments SET expires_at = timestamptz '2026-06-02 12:00:00+00' WHERE ${records}`;
    case 'unexpire':
      return `UPDATE platform_role_assignments SET expires_at = NULL WHERE ${records}`;
    case 'delete':
      return `DELETE FROM platform_role_assignments WHERE ${records}`;
    case 'move':
      // A record handed to another user (who does not hold that role yet).
      return `UPDATE platform_role_assignments a
                 SET user_id = (SELECT id FROM platform_users ORDER BY email OFFSET ${(pick + 7) % ROWS} LIMIT 1)
               WHERE a.id IN (SELECT b.id FROM platform_role_assignments b WHERE b.${records.replace('role =', 'b.role =')})
                 AND NOT EXISTS (SELECT 1 FROM platform_role_assignments c
                                  WHERE c.role = a.role
                                    AND c.user_id = (SELECT id FROM platform_users ORDER BY email OFFSET ${(pick + 7) % ROWS} LIMIT 1))
                 AND a.ctid = (SELECT min(d.ctid) FROM platform_role_assignments d WHERE d.role = '${role}' AND d.user_id IN ${users})`;
  }
}

/**
 * Any combination of the filters but the search, which the kept counts answer; one in two names
 * administrator roles only, whose pages come from the holders' own indexes.
 */
const filtersWithoutSearch: fc.Arbitrary<UserFilters> = fc
  .tuple(
    filters,
    fc.option(fc.subarray<RoleFilterValue>(['platform_admin', 'super_admin'], { minLength: 1 }), {
      nil: undefined,
    }),
  )
  .map(([{ q: _q, ...f }, admins]) => (admins ? { ...f, role: admins } : f));

/** Every page of the list at `at` against the plain query, and the first page's total. */
async function expectList(
  f: UserFilters,
  sort: UserSort,
  dir: SortDirection,
  limit: number,
  at: Date,
) {
  const expected = await plainList(f, sort, dir, at);
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pageNo = 0; ; pageNo++) {
    const page = await listUsers(database.db, { ...f, sort, dir, limit, cursor }, at, WINDOWS);
    if (pageNo === 0) {
      expect(page.total).toBe(Math.min(expected.length, WINDOWS.countCap));
      expect(page.total_exact).toBe(expected.length <= WINDOWS.countCap);
    }
    seen.push(...page.users.map((u) => u.id));
    if (!page.next_cursor) break;
    expect(page.users).toHaveLength(limit);
    cursor = page.next_cursor;
  }
  expect(seen).toEqual(expected);
}

const roleChanges: fc.Arbitrary<RoleChange[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<RoleChange['kind']>(
      'grant',
      'revoke',
      'reactivate',
      'expire',
      'extend',
      'unexpire',
      'delete',
      'move',
      'addUsers',
      'deactivate',
      'signIn',
      'changeOrganization',
      'removeUsers',
    ),
    pick: fc.integer({ min: 0, max: ROWS - 1 }),
    span: fc.integer({ min: 1, max: 5 }),
    role: fc.constantFrom<RoleChange['role']>('user', 'platform_admin', 'super_admin'),
  }),
  { minLength: 1, maxLength: 6 },
);

/** Every facet without a search or filter against the plain count(*), capped. */
async function expectUnfilteredFacets(at: Date, cap: number) {
  const facets = await userFacets(database.db, {}, at, cap);
  const capped = (n: number) => ({ count: Math.min(n, cap), exact: n < cap });
  const [plain] = await database.query<Record<string, number>>(
    `SELECT count(*) FILTER (WHERE is_active)::int AS active,
            count(*) FILTER (WHERE NOT is_active)::int AS inactive,
            count(*) FILTER (WHERE last_login_at IS NULL)::int AS never,
            ${ROLE_FILTER_VALUES.map(
              (value) =>
                `count(*) FILTER (WHERE ${value === 'none' ? 'NOT ' : ''}EXISTS (
                   SELECT 1 FROM platform_role_assignments a WHERE a.user_id = u.id AND a.is_active
                      AND (a.expires_at IS NULL OR a.expires_at > $1)
                      ${value === 'none' ? '' : `AND a.role = '${value}'`}))::int AS "${value}"`,
            ).join(', ')}
       FROM platform_users u`,
    [at.toISOString()],
  );
  for (const value of ROLE_FILTER_VALUES) {
    expect(facets.role.find((o) => o.value === value)).toEqual({
      value,
      ...capped(Number(plain?.[value])),
    });
  }
  expect(facets.status).toEqual(
    USER_STATUSES.map((value) => ({ value, ...capped(Number(plain?.[value])) })),
  );
  expect(facets.never_signed_in).toEqual(capped(Number(plain?.never)));
  const groups = await database.query<{ value: string | null; n: number }>(
    `SELECT organization AS value, count(*)::int AS n FROM platform_users GROUP BY organization`,
  );
  const listed = facets.organization.map((o) => o.value);
  expect(listed.length).toBe(Math.min(groups.length, FILTER_LIMITS.facetOrganizations));
  for (const option of facets.organization) {
    const n = Number(groups.find((g) => g.value === option.value)?.n ?? 0);
    expect(option).toEqual({ value: option.value, ...capped(n) });
  }
  const leftOut = groups.filter((g) => !listed.includes(g.value));
  expect(facets.organization_more).toBe(leftOut.length > 0);
  const smallest = Math.min(...facets.organization.map((o) => o.count));
  for (const g of leftOut) expect(Math.min(Number(g.n), cap)).toBeLessThanOrEqual(smallest);
}

describe('role records and users changing between reads', () => {
  it('lists and counts the users with no role in force as the plain NOT EXISTS, every facet (with a search or without) and the list of any filters as the plain query, after grants, revocations, expiries, moves, deletions and user changes', async () => {
    // Before, at and after the expiries the changes write: a grant drops out with no write.
    const times = [now, new Date('2026-06-01T11:30:00Z'), new Date('2026-06-02T06:00:00Z')];
    await database.exec(`
      CREATE TABLE saved_role_assignments AS SELECT * FROM platform_role_assignments;
      CREATE TABLE saved_users AS SELECT id, is_active, organization, last_login_at FROM platform_users;`);
    try {
      await fc.assert(
        fc.asyncProperty(
          roleChanges,
          fc.array(filtersWithoutSearch, { minLength: 1, maxLength: 3 }),
          // With a search, the roles are read from the user rows too (forever_roles and the
          // expiring grants), or from the cells kept per word, so they must follow the same
          // changes.
          fc.array(fc.tuple(fc.constantFrom('e', 'example', 'churn', 'org', 'zed'), filters), {
            minLength: 1,
            maxLength: 2,
          }),
          fc.constantFrom(5, 1_000),
          fc.array(
            fc.tuple(
              filtersWithoutSearch,
              fc.constantFrom(...USER_SORTS),
              fc.constantFrom<SortDirection>('asc', 'desc'),
              fc.integer({ min: 1, max: 7 }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          async (changes, drawn, searched, cap, listed) => {
            for (const change of changes) {
              await database.exec(roleChangeSql(change));
              for (const at of times) {
                const [wrong] = await database.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM platform_users u
                  WHERE (u.roles_until <= $1) <> NOT EXISTS (
                          SELECT 1 FROM platform_role_assignments a WHERE a.user_id = u.id
                             AND a.is_active AND (a.expires_at IS NULL OR a.expires_at > $1))`,
                  [at.toISOString()],
                );
                expect(Number(wrong?.n)).toBe(0);
              }
            }
            for (const at of times) {
              const [plain] = await database.query<{ ids: string[] | null }>(
                `SELECT array_agg(u.id ORDER BY u.created_at DESC, u.id DESC) AS ids
                 FROM platform_users u
                WHERE NOT EXISTS (SELECT 1 FROM platform_role_assignments a WHERE a.user_id = u.id
                         AND a.is_active AND (a.expires_at IS NULL OR a.expires_at > $1))`,
                [at.toISOString()],
              );
              const expected = plain?.ids ?? [];
              const seen: string[] = [];
              let cursor: string | undefined;
              for (;;) {
                const page = await listUsers(
                  database.db,
                  { role: ['none'], limit: 9, cursor },
                  at,
                  WINDOWS,
                );
                seen.push(...page.users.map((u) => u.id));
                if (!page.next_cursor) break;
                cursor = page.next_cursor;
              }
              expect(seen).toEqual(expected);
              const facets = await userFacets(database.db, {}, at, 1_000);
              expect(facets.role.find((o) => o.value === 'none')).toEqual({
                value: 'none',
                count: expected.length,
                exact: true,
              });
              for (const cap of [5, 1_000]) await expectUnfilteredFacets(at, cap);
              for (const f of drawn) await expectFacets(f, 1_000, at);
              for (const [q, f] of searched) await expectFacets({ ...f, q }, cap, at);
              // The list's pages and total (from the kept counts) for the same kinds of filters.
              for (const [f, sort, dir, limit] of listed) await expectList(f, sort, dir, limit, at);
            }
          },
        ),
        { numRuns: 25, seed: 20261128 },
      );
    } finally {
      await database.exec(`
        DELETE FROM platform_users WHERE email LIKE '%@churn.example';
        UPDATE platform_users u SET is_active = s.is_active, organization = s.organization,
               last_login_at = s.last_login_at FROM saved_users s WHERE s.id = u.id;
        DELETE FROM platform_role_assignments;
        INSERT INTO platform_role_assignments SELECT * FROM saved_role_assignments;
        DROP TABLE saved_role_assignments;
        DROP TABLE saved_users;`);
    }
  }, 300_000);
});

describe('users list: when a search skips its window', () => {
  const cannotFill = (f: UserFilters, rows: number, take: number) =>
    windowCannotFill(
      database.db,
      searchOf(f.q!),
      { table: filtersOf(f, TABLE_ROWS, now) },
      rows,
      take,
    );

  it('skips it only when even the rarer of the search and the filters cannot fill the page', async () => {
    await database.exec('ANALYZE platform_users');
    // Everyone matches the term: 20 rows of 240 hold a page of 3.
    expect(await cannotFill({ q: '.example' }, 20, 3)).toBe(false);
    // No one is in that organization: the window would be read for nothing.
    expect(await cannotFill({ q: '.example', org: ['Nobody Inc'] }, 20, 3)).toBe(true);
    // A term and a filter that go together (1 user in 4 each, the same users): the product of
    // their shares would say 1 in 16, under a page in 20 rows; the smaller share says 5.
    expect(await cannotFill({ q: 'org 00', org: ['Org 00'] }, 20, 3)).toBe(false);
  });
});
