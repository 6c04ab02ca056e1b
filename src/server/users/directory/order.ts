import { or, sql, type SQL } from 'drizzle-orm';
import {
  SORT_DIRECTIONS,
  USER_SORTS,
  type SortDirection,
  type UserSort,
} from '@shared/schemas/user-list';
import { badRequest } from '../../core/errors';
import { isUnstorable } from '../../http/storable-text';

/**
 * The orders of the users list (docs/product/admin-console.md#user-sort) and their page
 * cursors. Each order is a column, then id; rows without a value (no name, no organization,
 * never signed in) come last whichever the direction. Each column has a btree index on
 * (column DESC NULLS LAST, id DESC NULLS LAST) (migrations 0000 and 0008), read forwards for
 * desc and backwards for asc, so a page starts at its cursor in the index.
 */

/** The one answer to any cursor that is not one this server handed out for this order. */
export const INVALID_CURSOR = 'The page cursor is not valid; start again from the first page';

type SortKey = { column: string; nullable: boolean; time: boolean };

const SORT_KEYS: Record<UserSort, SortKey> = {
  newest: { column: 'created_at', nullable: false, time: true },
  name: { column: 'full_name', nullable: true, time: false },
  email: { column: 'email', nullable: false, time: false },
  organization: { column: 'organization', nullable: true, time: false },
  last_login: { column: 'last_login_at', nullable: true, time: true },
};

/**
 * The cursor is the order, its direction, the last row's sort value and its id, opaque to the
 * client. A time travels as PostgreSQL's own text so that its microseconds survive (a
 * JavaScript Date would cut them and skip rows).
 */
export type PageCursor = { sort: UserSort; dir: SortDirection; value: string | null; id: string };

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.dir, cursor.value, cursor.id])).toString(
    'base64url',
  );
}

// PostgreSQL's text of a timestamptz: date, time, optional fraction, UTC offset (hours, minutes, seconds).
const CURSOR_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?|Z)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the text is a time PostgreSQL would read: every field in its range,
 * the day within its month, an offset of at most 15:59:59 (the database's limit).
 */
function isCursorTime(text: string): boolean {
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

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Longest text a cursor carries: well past any name, email or organization the API saves. */
const CURSOR_TEXT_MAX = 1_000;

/**
 * Whether a sort value fits its column: a time PostgreSQL reads, or text of a bounded length
 * that a text column can hold (no NUL, no unpaired surrogate: the request's own text is held to
 * the same rule by rejectUnstorableText, and the database would refuse it mid-query).
 */
function isSortValue(sort: UserSort, value: unknown): value is string | null {
  const key = SORT_KEYS[sort];
  if (value === null) return key.nullable;
  if (typeof value !== 'string') return false;
  if (key.time) return isCursorTime(value);
  return value.length <= CURSOR_TEXT_MAX && !isUnstorable(value);
}

/**
 * Decodes a cursor and checks every field before any of it reaches the database. A cursor of
 * two fields, [created_at, id], is the newest-first cursor of earlier releases.
 */
export function decodePageCursor(cursor: string): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed)) {
      const [sort, dir, value, id] =
        parsed.length === 2 ? ['newest', 'desc', parsed[0], parsed[1]] : parsed;
      if (
        (parsed.length === 2 || parsed.length === 4) &&
        isOneOf(USER_SORTS, sort) &&
        isOneOf(SORT_DIRECTIONS, dir) &&
        isSortValue(sort, value) &&
        typeof id === 'string' &&
        UUID.test(id)
      ) {
        return { sort, dir, value, id };
      }
    }
  } catch {
    // Falls through to the one message below.
  }
  throw badRequest(INVALID_CURSOR);
}

/** One order of the list, as SQL on platform_users. */
export type Order = {
  sort: UserSort;
  dir: SortDirection;
  /** The sort column on platform_users. */
  key: SQL;
  /** The sort value as text, as the cursor carries it. */
  keyText: SQL;
  nullable: boolean;
  /** ASC or DESC, with the NULLS placement the index has in that direction. */
  direction: SQL;
  /** The value of a cursor as SQL of the column's type. */
  valueOf: (value: string) => SQL;
};

export function orderOf(sort: UserSort, dir: SortDirection): Order {
  const { column, nullable, time } = SORT_KEYS[sort];
  const key = sql.raw(`platform_users.${column}`);
  return {
    sort,
    dir,
    key,
    keyText: sql`${key}::text`,
    nullable,
    // The indexes are (column DESC NULLS LAST, id DESC NULLS LAST): these read them either way.
    direction: sql.raw(dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'),
    valueOf: (value) => (time ? sql`${value}::timestamptz` : sql`${value}::text`),
  };
}

/**
 * A stretch of the order that one index range serves: the rows with a value, in (value, id)
 * order, then the rows without one, in id order.
 */
export type Segment = { where: SQL | undefined; orderBy: SQL };

/** The segments of the order that come after the cursor (all of it without one). */
export function segmentsAfter(order: Order, after: PageCursor | null): Segment[] {
  const id = sql.raw('platform_users.id');
  const cmp = sql.raw(order.dir === 'desc' ? '<' : '>');
  const withValue: Segment = {
    where: after
      ? sql`(${order.key}, ${id}) ${cmp} (${order.valueOf(after.value ?? '')}, ${after.id}::uuid)`
      : order.nullable
        ? sql`${order.key} IS NOT NULL`
        : undefined,
    orderBy: sql`${order.key} ${order.direction}, ${id} ${order.direction}`,
  };
  const withoutValue: Segment = {
    where:
      after && after.value === null
        ? sql`${order.key} IS NULL AND ${id} ${cmp} ${after.id}::uuid`
        : sql`${order.key} IS NULL`,
    // In id order; the column (NULL throughout) is named too, so that the order is the index's
    // and the planner reads the range in order instead of fetching and sorting all of it.
    orderBy: sql`${order.key} ${order.direction}, ${id} ${order.direction}`,
  };
  if (after && after.value === null) return [withoutValue];
  return order.nullable ? [withValue, withoutValue] : [withValue];
}

/** The rows of every segment at once: for a scan that does not follow an index. */
export function anySegment(segments: Segment[]): SQL | undefined {
  if (segments.some((s) => s.where === undefined)) return undefined;
  return or(...segments.map((s) => s.where));
}

/**
 * The whole order over a subquery with columns k (the sort value) and id. A column that is never
 * NULL needs no `k IS NULL` first: without it the order is the one its index reads, so the
 * planner keeps the order a subquery read from that index instead of sorting its rows again.
 */
export function orderOver(alias: string, order: Order): SQL {
  const k = sql.raw(`${alias}.k`);
  const id = sql.raw(`${alias}.id`);
  const byValue = sql`${k} ${order.direction}, ${id} ${order.direction}`;
  return order.nullable ? sql`(${k} IS NULL), ${byValue}` : byValue;
}
