import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openMigratedTestDatabase } from '../../testing/harness';
import { listUsers } from './list';
import { userFacets } from './facets';
import { userWordSearch, WORD_SEPARATOR } from './filters';

// user_word_cube (0015_user_word_cube.sql): the facet counts kept per word of search_text, and
// when a search reads them.

const now = new Date('2026-06-01T12:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

/** The cube's rows with users, and the same counted from the users, both in one order. */
async function keptAndCounted() {
  const kept = await database.query(
    `SELECT word, is_active, never, organization, roles, n::int AS n FROM user_word_cube
      WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5`,
  );
  const counted = await database.query(
    `SELECT w.word, u.is_active, u.last_login_at IS NULL AS never, u.organization,
            u.forever_roles AS roles, count(DISTINCT u.id)::int AS n
       FROM platform_users u,
            regexp_split_to_table(u.search_text, '[\\t\\n\\r !-@[-\`{-~]+') AS w(word)
      WHERE w.word <> ''
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );
  return { kept, counted };
}

describe('user_word_cube', () => {
  it('splits at exactly the characters a search is tested for: every ASCII one, and others', async () => {
    const codes = [
      ...Array.from({ length: 127 }, (_, i) => i + 1),
      0xa0, // no-break space
      0xe9, // é
      0x130, // İ
      0x2014, // em dash
      0x4e2d, // 中
    ];
    const rows = await database.query<{ code: number; words: string[] }>(
      `SELECT c AS code, user_search_words('ab' || chr(c) || 'cd') AS words
         FROM unnest($1::int[]) AS c`,
      [codes],
    );
    expect(rows).toHaveLength(codes.length);
    for (const { code, words } of rows) {
      const ch = String.fromCodePoint(code);
      const separator = WORD_SEPARATOR.test(ch);
      expect({ code, words: [...words].sort() }).toEqual({
        code,
        words: separator ? ['ab', 'cd'] : [`ab${ch}cd`],
      });
      // A letter is never one: a search of letters is always looked up as a word.
      if (/\p{L}/u.test(ch)) expect(separator).toBe(false);
    }
  });

  it('keeps, per word, the users of each cell once, through inserts, edits, sign-ins, role changes, deletions and a truncate', async () => {
    await database.exec(`
      INSERT INTO platform_users (email, full_name, organization, is_active, last_login_at)
      VALUES ('maria.garcia@hirehub.example', 'Maria Garcia', 'HireHub', true, now()),
             ('garcia.garcia@hirehub.example', 'Garcia Garcia', 'HireHub', true, NULL),
             ('marcia.lee@sortstak.example', 'Marcia Lee', 'SortStak', false, NULL),
             ('bo@x.example', NULL, NULL, true, NULL);`);
    const [twice] = await database.query<{ n: number }>(
      `SELECT sum(n)::int AS n FROM user_word_cube WHERE word = 'garcia'`,
    );
    // Two users hold "garcia", one of them four times.
    expect(twice?.n).toBe(2);
    const steps = [
      `UPDATE platform_users SET full_name = 'Marcia Lee-Garcia' WHERE email = 'marcia.lee@sortstak.example'`,
      `UPDATE platform_users SET email = 'bo.garcia@x.example', organization = 'Zephyrine Labs' WHERE email = 'bo@x.example'`,
      `UPDATE platform_users SET last_login_at = now() WHERE last_login_at IS NULL`,
      `UPDATE platform_users SET last_login_at = now() + interval '1 minute'`,
      `INSERT INTO platform_role_assignments (user_id, role)
       SELECT id, 'platform_admin' FROM platform_users WHERE email LIKE 'garcia.%'`,
      `UPDATE platform_users SET is_active = NOT is_active WHERE organization = 'HireHub'`,
      `DELETE FROM platform_users WHERE email = 'maria.garcia@hirehub.example'`,
    ];
    for (const step of steps) {
      await database.exec(step);
      const { kept, counted } = await keptAndCounted();
      expect(kept.length).toBeGreaterThan(3);
      expect(kept).toEqual(counted);
    }
    await database.exec(`TRUNCATE platform_users CASCADE`);
    expect(await database.query(`SELECT * FROM user_word_cube WHERE n <> 0`)).toEqual([]);
  });

  it('answers a search within one kept word with that word, and any other with none', async () => {
    await database.exec(`
      INSERT INTO platform_users (email, full_name, organization)
      VALUES ('lucia.garcia@hirehub.example', 'Lucia Garcia', 'HireHub'),
             ('omar.marcia@sortstak.example', 'Omar Marcia', 'SortStak'),
             ('gone.quill@x.example', 'Gone Quillfeather', NULL);
      DELETE FROM platform_users WHERE email = 'gone.quill@x.example';`);
    expect(await userWordSearch(database.db, 'garcia')).toBe('garcia');
    expect(await userWordSearch(database.db, 'GARC')).toBe('garcia');
    // No user holds a word containing it: no cells (a word left with no users does not count).
    expect(await userWordSearch(database.db, 'quillfeather')).toBe('quillfeather');
    expect(await userWordSearch(database.db, 'nobody')).toBe('nobody');
    // Two words hold it ("garcia", "marcia"): some users could hold both, counted from rows.
    expect(await userWordSearch(database.db, 'arcia')).toBeUndefined();
    // A separator (the search may span words), or no trigram to look the words up by.
    for (const q of ['lucia garcia', 'lucia.garcia', 'garcia@', 'garcia1', 'li', 'é'])
      expect(await userWordSearch(database.db, q)).toBeUndefined();
  });

  it('gives the list of such a search its exact total from the kept cells, whichever path found the page', async () => {
    await database.exec(`
      INSERT INTO platform_users (email, full_name, organization, is_active)
      SELECT 'n' || g || '@quillon.example', 'Nadia Quillon', 'HireHub', g % 4 <> 0
        FROM generate_series(1, 8) AS g;`);
    for (const skip of ['never', 'estimate', 'always'] as const) {
      const windows = { page: 1_000, count: 25, countMax: 100, countCap: 1_000, skip };
      const all = await listUsers(database.db, { q: 'QUILLON', limit: 2 }, now, windows);
      expect(all.users.map((u) => u.full_name)).toEqual(['Nadia Quillon', 'Nadia Quillon']);
      expect({ total: all.total, exact: all.total_exact }).toEqual({ total: 8, exact: true });
      const active = await listUsers(
        database.db,
        { q: 'quillon', status: 'active', limit: 2 },
        now,
        windows,
      );
      expect(active.total).toBe(6);
    }
  });

  it('gives the facets of such a search from the kept cells', async () => {
    const before = await userFacets(database.db, { q: 'garcia' }, now);
    expect(before.organization).toEqual([{ value: 'HireHub', count: 1, exact: true }]);
    await database.exec(`UPDATE user_word_cube SET n = n + 40 WHERE word = 'garcia'`);
    try {
      const after = await userFacets(database.db, { q: 'garcia' }, now);
      expect(after.organization).toEqual([{ value: 'HireHub', count: 41, exact: true }]);
      // A search counted from the rows does not read them.
      const rows = await userFacets(database.db, { q: 'arcia' }, now);
      expect(rows.organization.find((o) => o.value === 'HireHub')?.count).toBe(1);
    } finally {
      await database.exec(`UPDATE user_word_cube SET n = n - 40 WHERE word = 'garcia'`);
    }
  });
});
