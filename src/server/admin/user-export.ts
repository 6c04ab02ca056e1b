import { and, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformUsers } from '../db/schema';
import { appendAuditEvents } from '../audit/chain';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { Actor } from '../audit/request-actor';
import { csvCell } from '../audit/csv';
import { activeRolesOf, escapeLike } from './user-directory';

/** The columns of the users export, in order (docs/product/admin-console.md#users-export). */
export const USER_EXPORT_COLUMNS = [
  'id',
  'email',
  'full_name',
  'organization',
  'department',
  'is_active',
  'roles',
  'created_at',
  'last_login_at',
] as const;

/** Users read per query: the export holds at most this many rows (and their CSV) at a time. */
export const USER_EXPORT_BATCH = 2_000;

const encoder = new TextEncoder();
const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The users matching a search (every user without one), newest first, as CSV that spreadsheets
 * cannot run as formulas. The export is audited before its first row leaves. Rows are read in
 * keyset batches as the client takes them: a million users stream through a few hundred rows
 * of memory, and a client that stops reading stops the reads.
 */
export async function exportUsersCsv(
  db: Db,
  actor: Actor,
  query: { q?: string | undefined },
  now: Date,
): Promise<ReadableStream<Uint8Array>> {
  await db.transaction((tx) =>
    appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.usersExported,
          severity: 'medium',
          ...actor,
          details: { q: query.q ?? null },
        },
      ],
      now,
    ),
  );
  // The list's own test: a case-insensitive substring of email, name or organization.
  const search = query.q
    ? sql`${platformUsers.searchText} LIKE '%' || lower(${escapeLike(query.q)}) || '%'`
    : undefined;
  let after: { createdAt: string; id: string } | null = null;
  let headerSent = false;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(line(USER_EXPORT_COLUMNS)));
          return;
        }
        const keyset = after
          ? sql`(${platformUsers.createdAt}, ${platformUsers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined;
        const rows = await db
          .select({
            id: platformUsers.id,
            email: platformUsers.email,
            fullName: platformUsers.fullName,
            organization: platformUsers.organization,
            department: platformUsers.department,
            isActive: platformUsers.isActive,
            createdAt: platformUsers.createdAt,
            createdAtText: sql<string>`${platformUsers.createdAt}::text`,
            lastLoginAt: platformUsers.lastLoginAt,
          })
          .from(platformUsers)
          .where(and(search, keyset))
          .orderBy(
            sql`${platformUsers.createdAt} DESC NULLS LAST`,
            sql`${platformUsers.id} DESC NULLS LAST`,
          )
          .limit(USER_EXPORT_BATCH);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        const roles = await activeRolesOf(
          db,
          rows.map((r) => r.id),
          now,
        );
        let chunk = '';
        for (const r of rows) {
          chunk += line([
            r.id,
            r.email,
            r.fullName,
            r.organization,
            r.department,
            r.isActive,
            (roles.get(r.id) ?? []).join(' '),
            r.createdAt,
            r.lastLoginAt,
          ]);
        }
        controller.enqueue(encoder.encode(chunk));
        const last = rows[rows.length - 1]!;
        after = { createdAt: last.createdAtText, id: last.id };
        if (rows.length < USER_EXPORT_BATCH) controller.close();
      },
    },
    // One batch ahead at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  );
}
