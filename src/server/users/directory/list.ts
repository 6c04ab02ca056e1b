import { inArray, sql, type SQL } from 'drizzle-orm';
import { type UserList } from '@shared/schemas/users';
import {
  DEFAULT_SORT_DIRECTION,
  type SortDirection,
  type UserFilters,
  type UserSort,
} from '@shared/schemas/user-list';
import type { Db } from '../../db/client';
import { platformUsers } from '../../db/schema';
import { badRequest } from '../../core/errors';
import { activeRolesOf, toAdminUser } from '../roles-in-force';
import { wordMatches } from './facets';
import {
  inOrderWhere,
  type InOrder,
  rowsOfQuery,
  searchOf,
  userWordSearch,
  whereOf,
} from './filters';
import {
  decodePageCursor,
  encodePageCursor,
  INVALID_CURSOR,
  orderOf,
  orderOver,
  segmentsAfter,
  type Order,
  type PageCursor,
  type Segment,
} from './order';
import {
  countMatches,
  matchOf,
  SEARCH_WINDOWS,
  searchPageKeys,
  type Key,
  type SearchWindows,
} from './search-page';

export { escapeLike } from './filters';

/** The newest-first cursor after the row (created_at as PostgreSQL's text, id). */
export function encodeCursor(createdAtText: string, id: string): string {
  return encodePageCursor({ sort: 'newest', dir: 'desc', value: createdAtText, id });
}

/** Decodes a cursor of any order; 400 with INVALID_CURSOR when it is not one of ours. */
export function decodeCursor(cursor: string): PageCursor {
  return decodePageCursor(cursor);
}

/**
 * The keys of the next `take` rows matching `where`, in the order: each segment of the order in
 * turn, from its index, the conditions tested on the way (the planner picks the path for each).
 * The list reads a page without a search this way, and the export every batch.
 *
 * With several conditions (inOrderWhere: an organization each, or the few holders of an
 * administrator role), each gives its first `take` rows of the segment, the walked ones in the
 * order from their indexes, the `few` found and sorted, and the page is the first `take` of them
 * all, merged in the order.
 */
export async function keysInOrder(
  db: Db,
  order: Order,
  segments: Segment[],
  where: InOrder,
  take: number,
): Promise<Key[]> {
  const keys: Key[] = [];
  for (const segment of segments) {
    if (keys.length >= take) break;
    const n = take - keys.length;
    const inOrder = (condition: SQL | undefined) =>
      sql`SELECT platform_users.id AS id, ${order.key} AS k, ${order.keyText} AS sv
          FROM platform_users ${whereOf(segment.where, condition)}`;
    const [only, ...more] = where.walked;
    const query =
      more.length === 0 && !where.few
        ? sql`${inOrder(only)} ORDER BY ${segment.orderBy} LIMIT ${n}`
        : sql`SELECT m.id, m.sv FROM (${sql.join(
            [
              ...where.walked.map(
                (condition) => sql`(${inOrder(condition)} ORDER BY ${segment.orderBy} LIMIT ${n})`,
              ),
              // OFFSET 0: the few holders of a grant with an expiry are found first, then
              // sorted; the planner would otherwise walk the order's full index testing each row.
              ...(where.few
                ? [
                    sql`(SELECT e.id, e.k, e.sv FROM (${inOrder(where.few)} OFFSET 0) AS e
                          ORDER BY ${orderOver('e', order)} LIMIT ${n})`,
                  ]
                : []),
            ],
            sql` UNION `,
          )}) AS m
          ORDER BY ${orderOver('m', order)} LIMIT ${n}`;
    keys.push(...(await rowsOfQuery<Key>(db, query)));
  }
  return keys;
}

/** The list's query as the server reads it: the search, the filters, the order and the page. */
export type UserListRequest = UserFilters & {
  sort?: UserSort | undefined;
  dir?: SortDirection | undefined;
  limit: number;
  cursor?: string | undefined;
};

/**
 * One page of users, filtered and searched, in one of the list's orders
 * (docs/product/admin-console.md#user-sort). Keyset pagination starts from the cursor in the
 * order's index, so a deep page costs what the first one does (no OFFSET scan). The page's keys
 * come first (keysInOrder, searchPageKeys), then the rows of those keys.
 */
export async function listUsers(
  db: Db,
  query: UserListRequest,
  now: Date,
  windows: SearchWindows = SEARCH_WINDOWS,
): Promise<UserList> {
  const sort = query.sort ?? 'newest';
  const dir = query.dir ?? DEFAULT_SORT_DIRECTION[sort];
  const after = query.cursor ? decodePageCursor(query.cursor) : null;
  // A cursor marks a place in one order only.
  if (after && (after.sort !== sort || after.dir !== dir)) throw badRequest(INVALID_CURSOR);
  const order = orderOf(sort, dir);
  const segments = segmentsAfter(order, after);
  const word = query.q ? await userWordSearch(db, query.q) : undefined;
  const search = query.q ? searchOf(query.q, word) : undefined;
  // A search within one word only: its matches, counted from the word's kept cells.
  const counted =
    search && word !== undefined
      ? await wordMatches(db, query, now, { word, search: search.like(sql.raw('u.search_text')) })
      : undefined;
  const match = matchOf(query, now);
  const take = query.limit + 1;

  const { keys, common, matches } = search
    ? await searchPageKeys(
        db,
        order,
        segments,
        search,
        match,
        take,
        windows.page,
        windows.skip,
        counted,
      )
    : {
        keys: await keysInOrder(db, order, segments, inOrderWhere(query, now), take),
        common: true,
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
    return user ? [user] : [];
  });
  const last = pageKeysShown[pageKeysShown.length - 1];
  const nextCursor =
    keys.length > query.limit && last
      ? encodePageCursor({ sort, dir, value: last.sv, id: last.id })
      : null;

  let total: number | null = null;
  let totalExact = true;
  if (!after) {
    // Bounded count: exact up to the cap, then "more than". A first page that is not
    // full holds every match, and is its own count; a page sorted from the index counted them.
    const n =
      keys.length <= query.limit
        ? keys.length
        : (matches ??
          counted?.matches ??
          (await countMatches(db, search, query, now, match, common, windows)));
    totalExact = n <= windows.countCap;
    total = Math.min(n, windows.countCap);
  }

  const roles = await activeRolesOf(
    db,
    page.map((u) => u.id),
    now,
  );
  return {
    users: page.map((u) => toAdminUser(u, roles.get(u.id) ?? [])),
    next_cursor: nextCursor,
    total,
    total_exact: totalExact,
  };
}
