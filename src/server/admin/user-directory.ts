import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PLATFORM_ROLES, type PlatformRole } from '@shared/constants';
import { USER_LIMITS, type AdminUser, type UserList } from '@shared/schemas/users';
import type { Db, Tx } from '../db/client';
import { platformRoleAssignments, platformUsers } from '../db/schema';
import { badRequest } from '../http/errors';

type UserRow = typeof platformUsers.$inferSelect;

/** Escapes LIKE's wildcards so that a search for "50%" or "a_b" means those characters. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The page cursor is the (created_at, id) of the last row shown, opaque to the
 * client. created_at travels as PostgreSQL's own text so that its
 * microseconds survive (a JavaScript Date would cut them and skip rows).
 */
export function encodeCursor(createdAtText: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAtText, id])).toString('base64url');
}

/** The one answer to any cursor that is not one this server handed out. */
export const INVALID_CURSOR = 'The page cursor is not valid; start again from the first page';

// PostgreSQL's text of a timestamptz: date, time, optional fraction, UTC offset (hours, minutes, seconds).
const CURSOR_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?|Z)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the text is a time PostgreSQL would read: every field in its range,
 * the day within its month, an offset of at most 15:59:59 (the database's limit).
 */
export function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match) return false;
  const fields = match.slice(1).map((field) => (field === undefined ? 0 : Number(field)));
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  const [offH = 0, offM = 0, offS = 0] = fields.slice(6);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysIn = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return (
    year >= 1 &&
    daysIn !== undefined &&
    day >= 1 &&
    day <= daysIn &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= 15 &&
    offM <= 59 &&
    offS <= 59
  );
}

/** Decodes a cursor and checks every field before any of it reaches the database. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      isCursorTime(parsed[0]) &&
      UUID.test(parsed[1])
    ) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the one message below.
  }
  throw badRequest(INVALID_CURSOR);
}

/**
 * How far the newest-first scans read before a search turns to its index. A term that many users
 * hold fills a page within the newest few hundred rows; one that few hold is cheaper to look up in
 * the index and sort.
 */
export type SearchWindows = {
  /** Rows read newest-first (from the cursor on) for a page before the index is asked. */
  page: number;
  /**
   * Rows read newest-first for the capped count of a term that filled its page within `page`
   * rows, before the index is asked. The index counts a rarer term faster than a scan would.
   */
  count: number;
  /**
   * The furthest a count reads newest-first: when the count window held fewer than the cap's
   * worth of matches, but the term is dense enough to reach the cap within this many rows.
   */
  countMax: number;
  /** Matches counted exactly; more reads "more than". */
  countCap: number;
};

export const SEARCH_WINDOWS: SearchWindows = {
  page: 1_000,
  count: 4_000,
  countMax: 16_000,
  countCap: USER_LIMITS.countCap,
};

type Search = { like: (column: SQLWrapper) => SQL; indexed: SQL };

/** A run of three letters or digits: pg_trgm has a trigram to look up for it. */
const TRIGRAM_RUN = /[a-z0-9]{3}/i;

/**
 * The search: a case-insensitive substring of email, full name or organization
 * (docs/product/admin-console.md#user-search). `like` is the exact test on search_text
 * (lower(email \n full_name \n organization)); `indexed` adds what lets an index find the
 * candidates: the trigram index serves LIKE itself, and a term with no three letters or digits in
 * a row ("li", "qx", "a.b", "%") looks up its one- or two-character pieces instead.
 */
function searchOf(q: string): Search {
  const pattern = sql`'%' || lower(${escapeLike(q)}) || '%'`;
  const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern}`;
  const indexed = TRIGRAM_RUN.test(q)
    ? like(platformUsers.searchText)
    : sql`user_search_pieces(${platformUsers.searchText}) @> user_search_term_pieces(lower(${q})) AND ${like(platformUsers.searchText)}`;
  return { like, indexed };
}

/** Newest first, as platform_users_created_idx is ordered; for the table or a subquery of it. */
const newestFirst = (rows: { createdAt: SQLWrapper; id: SQLWrapper }) => [
  // NULLS LAST as in the index: a plain DESC means NULLS FIRST, which the planner cannot serve
  // from that index.
  sql`${rows.createdAt} DESC NULLS LAST`,
  sql`${rows.id} DESC NULLS LAST`,
];

const NEWEST_FIRST = newestFirst(platformUsers);

type Key = { id: string; createdAtText: string };

/**
 * The keys of the next `take` matching rows, newest first, after `keyset`. First the newest
 * `windows.page` rows are read through platform_users_created_idx and tested: a term many users
 * hold fills the page there. Only when it does not (a rare term, or the end of the table) are the
 * matches looked up in the search index, all of them, and sorted: few, since the window held fewer
 * than a page of them. Either way the answer is exactly the first `take` rows of the plain query
 * (ORDER BY created_at DESC, id DESC with the LIKE), which the equivalence test checks.
 */
async function pageKeys(
  db: Db,
  search: Search,
  keyset: SQL | undefined,
  take: number,
  windowRows: number,
): Promise<{ keys: Key[]; common: boolean; matches?: number }> {
  const inWindow = async (rows: number) => {
    const recent = db
      .select({
        id: platformUsers.id,
        createdAt: platformUsers.createdAt,
        searchText: platformUsers.searchText,
      })
      .from(platformUsers)
      .where(keyset)
      .orderBy(...NEWEST_FIRST)
      .limit(rows)
      .as('recent');
    return db
      .select({ id: recent.id, createdAtText: sql<string>`${recent.createdAt}::text` })
      .from(recent)
      .where(search.like(recent.searchText))
      .orderBy(...newestFirst(recent))
      .limit(take);
  };
  const first = await inWindow(windowRows);
  if (first.length === take) return { keys: first, common: true };
  // Some matches but not a page: a term held by fewer than 1 user in 40 but not rare. Sorting all
  // its matches would cost thousands of rows at a million users; a window eight times wider fills
  // the page for a term held by 1 user in 300 or more.
  if (first.length > 0) {
    const wider = await inWindow(windowRows * 8);
    if (wider.length === take) return { keys: wider, common: false };
  }

  // OFFSET 0 keeps the planner from walking the created_at index again: the matches come from
  // the search index, then a top-N sort of the few there are. Having read them all, it counts
  // them too, which spares the count a second pass over the index.
  const matches = db
    .select({ id: platformUsers.id, createdAt: platformUsers.createdAt })
    .from(platformUsers)
    .where(and(search.indexed, keyset))
    .offset(0)
    .as('matches');
  const rows = await db
    .select({
      id: matches.id,
      createdAtText: sql<string>`${matches.createdAt}::text`,
      matches: sql<number>`count(*) OVER ()::int`,
    })
    .from(matches)
    .orderBy(...newestFirst(matches))
    .limit(take);
  const keys = rows.map(({ id, createdAtText }) => ({ id, createdAtText }));
  return { keys, common: false, matches: Number(rows[0]?.matches ?? 0) };
}

/**
 * Matches counted up to the cap. A common term (one that filled its page within the page window)
 * is counted newest-first within the count window, which holds the cap's worth of matches when
 * the term is very common; otherwise, and for rarer terms, the search index finds the matches and
 * the count stops at the cap.
 */
async function countMatches(
  db: Db,
  search: Search | undefined,
  common: boolean,
  windows: SearchWindows,
): Promise<number> {
  const cap = windows.countCap + 1;
  const count = async (rows: SQL) => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`(${rows}) AS capped`);
    return Number(counted?.n ?? 0);
  };
  if (!search) {
    return count(
      db
        .select({ one: sql`1` })
        .from(platformUsers)
        .limit(cap)
        .getSQL(),
    );
  }
  if (common) {
    const newest = (rows: number) => {
      const recent = db
        .select({ searchText: platformUsers.searchText })
        .from(platformUsers)
        .orderBy(...NEWEST_FIRST)
        .limit(rows)
        .as('recent');
      return count(
        db
          .select({ one: sql`1` })
          .from(recent)
          .where(search.like(recent.searchText))
          .limit(cap)
          .getSQL(),
      );
    };
    const inWindow = await newest(windows.count);
    if (inWindow >= cap) return inWindow;
    // A term this dense ("li": 1 user in 5) reaches the cap a little further down. Reading that
    // far costs what the rows cost; the index's list of such a term grows with the table.
    const reach = inWindow > 0 ? Math.ceil(((cap * windows.count) / inWindow) * 1.25) : Infinity;
    if (reach <= windows.countMax) {
      const further = await newest(reach);
      if (further >= cap) return further;
    }
  }
  return count(
    db
      .select({ one: sql`1` })
      .from(platformUsers)
      .where(search.indexed)
      .offset(0)
      .limit(cap)
      .getSQL(),
  );
}

/** Roles in force at `now` (active and unexpired), per user. */
export async function activeRolesOf(
  db: Db | Tx,
  userIds: string[],
  now: Date,
): Promise<Map<string, PlatformRole[]>> {
  const byUser = new Map<string, PlatformRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: platformRoleAssignments.userId, role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        inArray(platformRoleAssignments.userId, userIds),
        eq(platformRoleAssignments.isActive, true),
        or(
          isNull(platformRoleAssignments.expiresAt),
          sql`${platformRoleAssignments.expiresAt} > ${now}`,
        ),
      ),
    );
  for (const row of rows) byUser.get(row.userId)?.push(row.role);
  // Catalogue order (user, platform_admin, super_admin) reads the same on every row.
  for (const roles of byUser.values()) {
    roles.sort((a, b) => PLATFORM_ROLES.indexOf(a) - PLATFORM_ROLES.indexOf(b));
  }
  return byUser;
}

export function toAdminUser(row: UserRow, roles: PlatformRole[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    organization: row.organization,
    department: row.department,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    roles,
  };
}

/**
 * One page of users, newest first, optionally filtered by a search. Keyset
 * pagination on (created_at, id) starts from the cursor in the created_at index,
 * so a deep page costs what the first one does (no OFFSET scan). The page's keys
 * come first (see pageKeys), then the rows of those keys.
 */
export async function listUsers(
  db: Db,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
  now: Date,
  windows: SearchWindows = SEARCH_WINDOWS,
): Promise<UserList> {
  const search = query.q ? searchOf(query.q) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const keyset = after
    ? sql`(${platformUsers.createdAt}, ${platformUsers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;

  const { keys, common, matches } = search
    ? await pageKeys(db, search, keyset, query.limit + 1, windows.page)
    : {
        common: true,
        keys: await db
          .select({
            id: platformUsers.id,
            createdAtText: sql<string>`${platformUsers.createdAt}::text`,
          })
          .from(platformUsers)
          .where(keyset)
          .orderBy(...NEWEST_FIRST)
          .limit(query.limit + 1),
      };
  const pageKeysShown = keys.slice(0, query.limit);
  const found =
    pageKeysShown.length === 0
      ? []
      : await db
          .select()
          .from(platformUsers)
          .where(
            inArray(
              platformUsers.id,
              pageKeysShown.map((k) => k.id),
            ),
          );
  const byId = new Map(found.map((row) => [row.id, row]));
  const page = pageKeysShown.flatMap((k) => {
    const user = byId.get(k.id);
    return user ? [{ user, createdAtText: k.createdAtText }] : [];
  });
  const last = pageKeysShown[pageKeysShown.length - 1];
  const nextCursor =
    keys.length > query.limit && last ? encodeCursor(last.createdAtText, last.id) : null;

  let total: number | null = null;
  let totalExact = true;
  if (!after) {
    // Bounded count: exact up to the cap, then "more than". A first page that is not
    // full holds every match, and is its own count; a page sorted from the index counted them.
    const n =
      keys.length <= query.limit
        ? keys.length
        : (matches ?? (await countMatches(db, search, common, windows)));
    totalExact = n <= windows.countCap;
    total = Math.min(n, windows.countCap);
  }

  const roles = await activeRolesOf(
    db,
    page.map((r) => r.user.id),
    now,
  );
  return {
    users: page.map((r) => toAdminUser(r.user, roles.get(r.user.id) ?? [])),
    next_cursor: nextCursor,
    total,
    total_exact: totalExact,
  };
}
