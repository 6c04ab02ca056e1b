import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '@shared/schemas/users';
import type { Database } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { decodeCursor, encodeCursor, escapeLike, listUsers } from './list';

let database: Database;
const TOTAL = USER_LIMITS.countCap + 50;
const now = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  database = await openMigratedTestDatabase();
  // Timestamps with microseconds, and runs of identical ones, as a busy import makes them:
  // the cursor must neither skip nor repeat a row.
  await database.exec(`
    INSERT INTO platform_users (email, full_name, organization, created_at)
    SELECT 'person' || g || '@load.example',
           CASE WHEN g % 100 = 0 THEN 'Rare Zephyrine ' || g ELSE 'Person ' || g END,
           'Org ' || (g % 7),
           timestamptz '2026-01-01 00:00:00+00' + ((g / 3) * interval '1.000001 second')
      FROM generate_series(1, ${TOTAL}) AS g;
  `);
});
afterAll(() => database.close());

describe('user directory', () => {
  it('walks every row once in (created_at, id) descending order, across identical timestamps', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await listUsers(database.db, { limit: USER_LIMITS.pageSizeMax, cursor }, now);
      seen.push(...page.users.map((u) => u.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    const expected = await database.query<{ id: string }>(
      `SELECT id FROM platform_users ORDER BY created_at DESC, id DESC`,
    );
    expect(seen).toHaveLength(TOTAL);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('counts exactly up to the cap and says when there are more', async () => {
    const all = await listUsers(database.db, { limit: 5 }, now);
    expect(all).toMatchObject({ total: USER_LIMITS.countCap, total_exact: false });
    const rare = await listUsers(database.db, { q: 'zephyrine', limit: 5 }, now);
    expect(rare).toMatchObject({ total: Math.floor(TOTAL / 100), total_exact: true });
    expect(rare.users).toHaveLength(5);
    const rest = await listUsers(
      database.db,
      { q: 'zephyrine', limit: 50, cursor: rare.next_cursor! },
      now,
    );
    expect(rest.users).toHaveLength(Math.floor(TOTAL / 100) - 5);
    expect(rest.next_cursor).toBeNull();
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
  });

  it('round-trips cursors and refuses tampered ones', () => {
    const id = '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11';
    const cursor = encodeCursor('2026-01-01 00:00:01.000001+00', id);
    expect(decodeCursor(cursor)).toEqual({
      sort: 'newest',
      dir: 'desc',
      value: '2026-01-01 00:00:01.000001+00',
      id,
    });
    // The two-field cursor of earlier releases still reads as newest first.
    const legacy = Buffer.from(JSON.stringify(['2026-01-01 00:00:01+00', id])).toString(
      'base64url',
    );
    expect(decodeCursor(legacy)).toMatchObject({ sort: 'newest', dir: 'desc' });
    const byName = (value: unknown, sort = 'name') =>
      Buffer.from(JSON.stringify([sort, 'asc', value, id])).toString('base64url');
    expect(decodeCursor(byName(null))).toMatchObject({ sort: 'name', value: null });
    expect(decodeCursor(byName("O'Brien; DROP TABLE x"))).toMatchObject({ sort: 'name' });
    for (const bad of [
      byName(null, 'email'),
      byName(null, 'newest'),
      byName('not a time', 'last_login'),
      byName(42),
      byName('x'.repeat(1_001)),
      byName('Ann', 'age'),
      Buffer.from(JSON.stringify(['name', 'up', 'Ann', id])).toString('base64url'),
      'x',
      Buffer.from('["2026-01-01", "not-a-uuid"]').toString('base64url'),
      Buffer.from(`["'; DROP TABLE x; --", "${id}"]`).toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from(`["9999-99-99 99:99:99Z", "${id}"]`).toString('base64url'),
      Buffer.from(`["2025-02-29 00:00:00+00", "${id}"]`).toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(/cursor is not valid/);
    }
  });
});
