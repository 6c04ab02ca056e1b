import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RoleFilterValue, UserFilters } from '@shared/schemas/user-list';
import type { Db } from '../../db/client';
import { platformUsers } from '../../db/schema';

/**
 * What the users list and its facet counts match on: the search and the filters
 * (docs/product/admin-console.md#user-filters), as SQL over platform_users or over a
 * subquery of its rows.
 */

/** Escapes LIKE's wildcards so that a search for "50%" or "a_b" means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export type Search = {
  /** LIKE on the column: the form the trigram index serves. */
  like: (column: SQLWrapper) => SQL;
  /**
   * The same test as `like`, as strpos: for rows read one by one (a window, a range of the
   * table), where no index is asked and strpos costs less than LIKE's pattern matching.
   */
  contains: (column: SQLWrapper) => SQL;
  /** The test on platform_users in the form an index serves: what finds the matches. */
  indexed: SQL;
  /**
   * The test whose row estimate stands for the term's matches: the whole term. A term of several
   * words is looked up word by word (`indexed`), and the planner would multiply the words' shares
   * as if they were independent ("northwind talent": the same users twice).
   */
  estimated: SQL;
};

/** A run of three letters or digits: pg_trgm has a trigram to look up for it. */
const TRIGRAM_RUN = /[a-z0-9]{3}/i;
/** Every run of three or more letters or digits: the words whose trigrams the index holds. */
const TRIGRAM_WORDS = /[a-z0-9]{3,}/gi;

/**
 * The search: a case-insensitive substring of email, full name or organization
 * (docs/product/admin-console.md#user-search). `like` is the exact test on search_text
 * (lower(email \n full_name \n organization)); `indexed` adds what lets an index find the
 * candidates: the trigram index serves LIKE itself, and a term with no three letters or digits in
 * a row ("li", "qx", "a.b", "%") looks up its one- or two-character pieces instead.
 *
 * A term of several such words ("lucia.nakamura.9", "northwind talent") asks the trigram index
 * for each word on its own, then tests the whole term on the rows found. For one condition the
 * index reads its rarest trigram's list in full and looks each entry up in every other list, the
 * trigrams of the words' edges too ("  n", "ia "), which most users hold; a condition per word
 * has it intersect the words' lists instead (docs/decisions/010-user-search-at-a-million.md).
 * Whatever is looked up, the whole term decides, so the matches are the same.
 *
 * With `word`, the one word holding `q` (userWordSearch), the index of every user's words finds
 * exactly its users: one list, with no trigram to intersect and no row to recheck.
 */
export function searchOf(q: string, word?: string): Search {
  const pattern = sql`'%' || lower(${escapeLike(q)}) || '%'`;
  const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern}`;
  // Under a deterministic collation (a database's default always is) both compare bytes, so each
  // finds the substring the other does; strpos needs no escaping of % and _.
  const contains = (column: SQLWrapper) => sql`strpos(${column}, lower(${q})) > 0`;
  const column = platformUsers.searchText;
  const words = q.match(TRIGRAM_WORDS) ?? [];
  const estimated = TRIGRAM_RUN.test(q)
    ? like(column)
    : sql`user_search_pieces(${column}) @> user_search_term_pieces(lower(${q})) AND ${like(column)}`;
  const indexed =
    word !== undefined
      ? sql`user_search_words(${column}) @> ARRAY[${word}]::text[] AND ${contains(column)}`
      : words.length > 1
        ? sql`${sql.join(
            words.map((word) => sql`${column} LIKE ${`%${word.toLowerCase()}%`}`),
            sql` AND `,
          )} AND ${contains(column)}`
        : estimated;
  return { like, contains, indexed, estimated };
}

/**
 * ASCII's whitespace, digits and punctuation: the characters user_search_words splits
 * search_text's words at (0015_user_word_cube.sql), listed alike there.
 */
export const WORD_SEPARATOR = /[\t\n\r !-@[-`{-~]/;

/**
 * The one word any user holds that contains the search `q`, when the search's users are exactly
 * that word's: `q` has no separator (so it is found within a word or not at all) and a trigram
 * to look the words up by, and at most one word contains it. None does: `q` itself, which nobody
 * holds. The facet counts and the list's total are then the word's cells in user_word_cube, and
 * the list finds its users through the index of words (searchOf). Otherwise undefined: the
 * search's users are those of several words, who may hold more than one, found and counted from
 * their rows. Read in a statement of its own: a word added meanwhile that also contains `q`
 * (a user added or renamed at that moment) is not in the answer that follows.
 */
export async function userWordSearch(db: Db, q: string): Promise<string | undefined> {
  if (WORD_SEPARATOR.test(q) || !TRIGRAM_RUN.test(q)) return undefined;
  const words = await rowsOfQuery<{ word: string }>(
    db,
    sql`SELECT DISTINCT word FROM user_word_cube
         WHERE ${searchOf(q).like(sql.raw('word'))} AND n <> 0 LIMIT 2`,
  );
  if (words.length > 1) return undefined;
  return words[0]?.word ?? q;
}

/** The columns a filter reads, on the table itself or on a subquery of its rows. */
export type RowRefs = {
  id: SQL;
  isActive: SQL;
  organization: SQL;
  lastLoginAt: SQL;
  searchText: SQL;
  rolesUntil: SQL;
};

/** platform_users itself (the FROM names it without an alias). */
export const TABLE_ROWS: RowRefs = {
  id: sql.raw('platform_users.id'),
  isActive: sql.raw('platform_users.is_active'),
  organization: sql.raw('platform_users.organization'),
  lastLoginAt: sql.raw('platform_users.last_login_at'),
  searchText: sql.raw('platform_users.search_text'),
  rolesUntil: sql.raw('platform_users.roles_until'),
};

/** A subquery that selected those columns under their own names. */
export function rowsOf(alias: string): RowRefs {
  return {
    id: sql.raw(`${alias}.id`),
    isActive: sql.raw(`${alias}.is_active`),
    organization: sql.raw(`${alias}.organization`),
    lastLoginAt: sql.raw(`${alias}.last_login_at`),
    searchText: sql.raw(`${alias}.search_text`),
    rolesUntil: sql.raw(`${alias}.roles_until`),
  };
}

/** The select list a subquery needs for rowsOf() to find its columns. */
export const FILTER_COLUMNS = sql.raw(
  'platform_users.id, platform_users.is_active, platform_users.organization, platform_users.last_login_at, platform_users.search_text, platform_users.roles_until',
);

/** The facets, each a filter the others' counts apply (docs/product/admin-console.md#user-facets). */
export type Facet = 'role' | 'status' | 'org' | 'never';

/**
 * A role in force at `now`: the assignment is active and unexpired, checked here on every
 * read, so that a grant drops out the moment it expires (as activeRolesOf reads roles).
 */
function holdsRole(refs: RowRefs, now: Date, roles?: readonly string[]): SQL {
  const which =
    roles === undefined
      ? undefined
      : sql`a.role IN (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )})`;
  return sql`EXISTS (SELECT 1 FROM platform_role_assignments a
    WHERE a.user_id = ${refs.id} AND a.is_active
      AND (a.expires_at IS NULL OR a.expires_at > ${now.toISOString()}::timestamptz)
      ${which ? sql`AND ${which}` : sql``})`;
}

/**
 * No role in force at `now`: roles_until, the latest expiry of the user's active role records
 * ('infinity' for one without expiry, '-infinity' for none, kept by triggers on the records), is
 * not after `now`. One range of platform_users_roles_until_idx, and a grant that expires drops out
 * at its expiry with no write, as holdsRole's test does.
 */
function holdsNoRole(refs: RowRefs, now: Date): SQL {
  return sql`${refs.rolesUntil} <= ${now.toISOString()}::timestamptz`;
}

/** The test of one role filter value: holds that role in force, or (none) no role in force. */
function roleOption(refs: RowRefs, now: Date, value: RoleFilterValue): SQL {
  return value === 'none' ? holdsNoRole(refs, now) : holdsRole(refs, now, [value]);
}

/** The test of one organization value; null is no organization. */
function organizationOption(refs: RowRefs, value: string | null): SQL {
  return value === null ? sql`${refs.organization} IS NULL` : sql`${refs.organization} = ${value}`;
}

/**
 * The filters, combined with AND; within a filter its values with OR. `except` leaves one facet's
 * own filter out, as its counts need.
 */
export function filtersOf(
  filters: UserFilters,
  refs: RowRefs,
  now: Date,
  except?: Facet,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.role && except !== 'role') {
    const roles = filters.role.filter((r) => r !== 'none');
    parts.push(
      or(
        roles.length > 0 ? holdsRole(refs, now, roles) : undefined,
        filters.role.includes('none') ? roleOption(refs, now, 'none') : undefined,
      ),
    );
  }
  if (filters.status && except !== 'status') {
    parts.push(filters.status === 'active' ? sql`${refs.isActive}` : sql`NOT ${refs.isActive}`);
  }
  if (filters.org && except !== 'org') {
    const named = filters.org.filter((o): o is string => o !== null);
    parts.push(
      or(
        named.length > 0
          ? sql`${refs.organization} IN (${sql.join(
              named.map((o) => sql`${o}`),
              sql`, `,
            )})`
          : undefined,
        filters.org.includes(null) ? organizationOption(refs, null) : undefined,
      ),
    );
  }
  if (filters.never && except !== 'never') parts.push(sql`${refs.lastLoginAt} IS NULL`);
  return and(...parts);
}

/**
 * The administrator roles: few users hold one. Partial indexes list, in every order, the users
 * holding one without expiry (0013_user_list_admin_orders.sql); ADMIN_ROLES_HELD is their
 * predicate, written out as they have it so that the planner can prove a query's rows are in them.
 */
const ADMIN_ROLES: readonly RoleFilterValue[] = ['platform_admin', 'super_admin'];
const ADMIN_ROLES_HELD = sql.raw(
  `platform_users.forever_roles && '{platform_admin,super_admin}'::text[]`,
);

/**
 * When the role filter names administrator roles only: two conditions on platform_users whose
 * rows together are exactly those of filtersOf (a user may be in both), each served by few index
 * entries. The holders of one without expiry, from the partial index of the order (forever_roles
 * says it is in force, kept by triggers with the records); and the holders of one with an expiry
 * still after `now`, from platform_role_assignments_expiring_idx. Every other filter applies to
 * both. Otherwise undefined: the holders are many, and the order's full index finds a page.
 */
function adminHolders(filters: UserFilters, now: Date): [SQL, SQL] | undefined {
  const roles = filters.role;
  if (!roles || roles.length === 0 || !roles.every((r) => ADMIN_ROLES.includes(r))) {
    return undefined;
  }
  const list = sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );
  // Which of the administrator roles, when not all: tested with array_position, whose share the
  // planner guesses as most rows. With `&&` it would multiply that role's share of the table by
  // the index's own (1 in 400 of 1 in 400), expect a handful of rows, and read every holder
  // through a bitmap and sort them instead of walking the index in order.
  const which = ADMIN_ROLES.every((r) => roles.includes(r))
    ? undefined
    : or(...roles.map((r) => sql`array_position(platform_users.forever_roles, ${r}) IS NOT NULL`));
  const others = filtersOf(filters, TABLE_ROWS, now, 'role');
  return [
    and(ADMIN_ROLES_HELD, which, others)!,
    and(
      sql`platform_users.id IN (SELECT a.user_id FROM platform_role_assignments a
            WHERE a.is_active AND a.expires_at IS NOT NULL
              AND a.expires_at > ${now.toISOString()}::timestamptz AND a.role IN (${list}))`,
      others,
    )!,
  ];
}

/**
 * The conditions keysInOrder reads an order through, whose rows together are the matches (a row
 * may be in several): each of `walked` read from the cursor on in the order, where an index
 * lists its rows in it, and `few`, whose rows are found first and then sorted.
 */
export type InOrder = { walked: (SQL | undefined)[]; few?: SQL };

/**
 * What keysInOrder tests to walk an order for these filters (and `also`, a test every row must
 * pass too, such as a search). The two conditions of adminHolders when the filters allow; one
 * condition per organization when the filter names several, each served by an index of that
 * organization's users in the order (0014_user_list_filter_orders.sql), which the planner does
 * not use for a list of them; else the filters as one condition. The list's pages without a
 * search and every export batch read through it, so both take the same path for the same
 * filters.
 */
export function inOrderWhere(filters: UserFilters, now: Date, also?: SQL): InOrder {
  const holders = adminHolders(filters, now);
  if (holders) return { walked: [and(also, holders[0])], few: and(also, holders[1]) };
  if (filters.org && filters.org.length > 1) {
    const others = filtersOf(filters, TABLE_ROWS, now, 'org');
    return {
      walked: filters.org.map((o) => and(also, organizationOption(TABLE_ROWS, o), others)),
    };
  }
  return { walked: [and(also, filtersOf(filters, TABLE_ROWS, now))] };
}

/** `WHERE a AND b …`, or nothing when every part is undefined. */
export function whereOf(...parts: (SQL | undefined)[]): SQL {
  const all = and(...parts);
  return all ? sql`WHERE ${all}` : sql``;
}

/** The rows of one statement, on PGlite and on PostgreSQL alike. */
export async function rowsOfQuery<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A node of an EXPLAIN (FORMAT JSON) plan: the fields read here (Actual ones under ANALYZE). */
export type PlanNode = {
  'Plan Rows': number;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** The top node of the statement's EXPLAIN (FORMAT JSON) plan; with `analyze` it runs too. */
export async function planOf(
  db: Db,
  query: SQL,
  options: { analyze?: boolean } = {},
): Promise<PlanNode> {
  const [row] = await rowsOfQuery<{ 'QUERY PLAN': unknown }>(
    db,
    options.analyze
      ? sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`
      : sql`EXPLAIN (FORMAT JSON) ${query}`,
  );
  const raw = row?.['QUERY PLAN'];
  const [{ Plan: plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { Plan: PlanNode },
  ];
  return plan;
}
