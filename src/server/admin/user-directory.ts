import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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

/** The search condition: a case-insensitive substring of email, full name or organization. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  // search_text is lower(email \n full_name \n organization) with a trigram GIN index.
  return sql`${platformUsers.searchText} LIKE '%' || lower(${escapeLike(q)}) || '%'`;
}

/** Matches counted up to `cap`; stops reading once it gets there. */
async function countMatches(db: Db, search: SQL | undefined, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(platformUsers)
    .where(search)
    .limit(cap)
    .as('capped');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Math.min(Number(counted?.n ?? 0), cap);
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
 * pagination on (created_at, id) walks the matching index from the cursor on,
 * so a deep page costs what the first one does (no OFFSET scan).
 */
export async function listUsers(
  db: Db,
  query: { q?: string | undefined; limit: number; cursor?: string | undefined },
  now: Date,
): Promise<UserList> {
  const search = searchCondition(query.q);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const keyset = after
    ? sql`(${platformUsers.createdAt}, ${platformUsers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;

  const rows = await db
    .select({ user: platformUsers, createdAtText: sql<string>`${platformUsers.createdAt}::text` })
    .from(platformUsers)
    .where(and(search, keyset))
    // NULLS LAST as in platform_users_created_idx: a plain DESC means NULLS FIRST, which the
    // planner cannot serve from that index, and it would sort every match instead.
    .orderBy(
      sql`${platformUsers.createdAt} DESC NULLS LAST`,
      sql`${platformUsers.id} DESC NULLS LAST`,
    )
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last ? encodeCursor(last.createdAtText, last.user.id) : null;

  let total: number | null = null;
  let totalExact = true;
  if (!after) {
    // Bounded count: exact up to the cap, then "more than". A first page that is not
    // full holds every match, and is its own count.
    const n =
      rows.length <= query.limit
        ? rows.length
        : await countMatches(db, search, USER_LIMITS.countCap + 1);
    totalExact = n <= USER_LIMITS.countCap;
    total = Math.min(n, USER_LIMITS.countCap);
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
