import { inArray } from 'drizzle-orm';
import { USER_EXPORT_COLUMNS } from '@shared/schemas/users';
import {
  DEFAULT_SORT_DIRECTION,
  type SortDirection,
  type UserFilters,
  type UserSort,
} from '@shared/schemas/user-list';
import type { Db } from '../../db/client';
import { platformUsers } from '../../db/schema';
import { appendAuditEvents } from '../../audit/chain/append';
import { AUDIT_EVENTS } from '../../audit/event-types';
import type { Actor } from '../../audit/request-actor';
import { csvCell } from '../../audit/csv';
import { activeRolesOf } from '../roles-in-force';
import { keysInOrder } from './list';
import { inOrderWhere, searchOf, TABLE_ROWS } from './filters';
import { orderOf, segmentsAfter, type PageCursor } from './order';

/** Users read per query: the export holds at most this many rows (and their CSV) at a time. */
export const USER_EXPORT_BATCH = 2_000;

const encoder = new TextEncoder();
const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** What an export selects: the list's search, filters and order (no page). */
export type UserExportRequest = UserFilters & {
  sort?: UserSort | undefined;
  dir?: SortDirection | undefined;
};

/**
 * The users the list shows for the same search, filters and order (every user without them,
 * newest first), as CSV that spreadsheets cannot run as formulas. The export is audited, with
 * what it selected, before its first row leaves. Rows are read in keyset batches of the list's
 * own order as the client takes them: a million users stream through a few thousand rows of
 * memory, and a client that stops reading stops the reads.
 */
export async function exportUsersCsv(
  db: Db,
  actor: Actor,
  query: UserExportRequest,
  now: Date,
  batch: number = USER_EXPORT_BATCH,
): Promise<ReadableStream<Uint8Array>> {
  const sort = query.sort ?? 'newest';
  const dir = query.dir ?? DEFAULT_SORT_DIRECTION[sort];
  await db.transaction((tx) =>
    appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.usersExported,
          severity: 'medium',
          ...actor,
          details: {
            q: query.q ?? null,
            role: query.role ?? null,
            status: query.status ?? null,
            org: query.org ?? null,
            never: query.never ?? false,
            sort,
            dir,
          },
        },
      ],
      now,
    ),
  );
  // The list's own tests: the search as a substring, the filters with roles in force at `now`
  // (administrator roles through their few holders, as the list reads them).
  const where = inOrderWhere(
    query,
    now,
    query.q ? searchOf(query.q).like(TABLE_ROWS.searchText) : undefined,
  );
  const order = orderOf(sort, dir);
  let after: PageCursor | null = null;
  let headerSent = false;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(line(USER_EXPORT_COLUMNS)));
          return;
        }
        const keys = await keysInOrder(db, order, segmentsAfter(order, after), where, batch);
        if (keys.length === 0) {
          controller.close();
          return;
        }
        const found = await db
          .select()
          .from(platformUsers)
          .where(
            inArray(
              platformUsers.id,
              keys.map((k) => k.id),
            ),
          );
        const byId = new Map(found.map((row) => [row.id, row]));
        const roles = await activeRolesOf(
          db,
          keys.map((k) => k.id),
          now,
        );
        let chunk = '';
        for (const { id } of keys) {
          // A user deleted between the two reads is left out.
          const r = byId.get(id);
          if (!r) continue;
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
        const last = keys[keys.length - 1]!;
        after = { sort, dir, value: last.sv, id: last.id };
        if (keys.length < batch) controller.close();
      },
    },
    // One batch ahead at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  );
}
