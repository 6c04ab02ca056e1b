import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrate, readMigrations } from './migrate';
import * as schema from './schema';
import { seedIfEmpty } from './seed';
import { seedApps, seedRequests, seedUsers } from './seed-data';
import { openTestDatabase } from '../testing/harness';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrations', () => {
  it('apply once and are skipped on the next start', async () => {
    const first = await migrate(database);
    expect(first).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(database)).toEqual([]);
  });

  it('create every column the Drizzle schema declares', async () => {
    const rows = await database.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const actual = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      for (const column of Object.values(getTableColumns(table))) {
        expect(actual, `${getTableName(table)}.${column.name}`).toContain(
          `${getTableName(table)}.${column.name}`,
        );
      }
    }
  });
});

describe('seed', () => {
  it('fills an empty database with the sample data once', async () => {
    expect(await seedIfEmpty(database, { demoMode: true })).toBe(true);
    expect(await seedIfEmpty(database, { demoMode: true })).toBe(false);
    const [counts] = await database.query<{ users: number; apps: number; requests: number }>(
      `SELECT (SELECT count(*)::int FROM platform_users) AS users,
              (SELECT count(*)::int FROM applications) AS apps,
              (SELECT count(*)::int FROM admin_action_approvals) AS requests`,
    );
    expect(counts).toEqual({
      users: seedUsers.length,
      apps: seedApps.length,
      requests: seedRequests.length,
    });
  });

  it('signs the sample people in at varied clock times, each on the day it says', async () => {
    const [seeded] = await database.query<{ value: string }>(
      `SELECT value FROM app_settings WHERE key = 'seeded_at'`,
    );
    const now = Date.parse(seeded!.value);
    const rows = await database.query<{ email: string; last_login_at: Date }>(
      `SELECT email, last_login_at FROM platform_users WHERE last_login_at IS NOT NULL`,
    );
    const signedIn = seedUsers.filter((u) => u.lastLoginDaysAgo !== null);
    expect(rows).toHaveLength(signedIn.length);
    for (const row of rows) {
      const days = seedUsers.find((u) => u.email === row.email)!.lastLoginDaysAgo!;
      const before = (now - new Date(row.last_login_at).getTime()) / 86_400_000;
      expect(before, row.email).toBeGreaterThan(days);
      expect(before, row.email).toBeLessThan(days + 0.5);
    }
    // Not all at the start-up's clock time: nearly every sign-in reads a minute of its own.
    const minutes = new Set(rows.map((r) => new Date(r.last_login_at).toISOString().slice(11, 16)));
    expect(minutes.size).toBeGreaterThan(rows.length * 0.8);
  });

  it('covers the cases the console must display', () => {
    expect(seedUsers.length).toBeGreaterThanOrEqual(30);
    expect(seedUsers.some((u) => !u.isActive)).toBe(true);
    expect(seedUsers.some((u) => u.fullName === null)).toBe(true);
    expect(seedUsers.some((u) => u.organization === null)).toBe(true);
    expect(seedUsers.some((u) => u.lastLoginDaysAgo === null)).toBe(true);
    expect(new Set(seedUsers.map((u) => u.organization)).size).toBeGreaterThan(5);
    expect(new Set(seedRequests.map((r) => r.status))).toEqual(
      new Set(['pending', 'approved', 'denied']),
    );
    expect(seedApps.some((a) => a.hasApiKey) && seedApps.some((a) => !a.hasApiKey)).toBe(true);
  });

  it('keeps application secrets only as hashes', async () => {
    const rows = await database.db.select().from(schema.applications);
    const stored = rows
      .flatMap((row) => [row.apiKeyHash, row.webhookSecretHash])
      .filter((value) => value !== null);
    // One value per secret the seed gives, so the loop below checks every one of them.
    expect(stored).toHaveLength(
      seedApps.filter((a) => a.hasApiKey).length +
        seedApps.filter((a) => a.hasWebhookSecret).length,
    );
    for (const value of stored) expect(value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('indexes the user search so a substring query can use the trigram index', async () => {
    const rows = await database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'platform_users_search_trgm_idx'`,
    );
    expect(rows[0]?.indexdef).toContain('gin_trgm_ops');
    const [hit] = await database.db
      .execute(
        sql`SELECT count(*)::int AS n FROM platform_users WHERE search_text LIKE ${'%hirehub%'}`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(hit!.n).toBeGreaterThan(0);
  });

  it('answers a two-letter search from the index of one- and two-character pieces', async () => {
    const pieces = await database.query<{ p: string[] }>(`SELECT user_search_pieces('ab.c') AS p`);
    expect([...pieces[0]!.p].sort()).toEqual(['.', '.c', 'a', 'ab', 'b', 'b.', 'c'].sort());
    const term = await database.query<{ a: string[]; p: string[] }>(
      `SELECT user_search_term_pieces('qx') AS a, user_search_term_pieces('q') AS p`,
    );
    expect(term[0]).toEqual({ a: ['qx'], p: ['q'] });
    // With sequential scans off, the plan shows whether the index can serve the search at all.
    await database.exec('SET enable_seqscan = off');
    try {
      const plan = await database.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM platform_users
          WHERE user_search_pieces(search_text) @> user_search_term_pieces('qx')`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(
        'platform_users_search_pieces_idx',
      );
    } finally {
      await database.exec('RESET enable_seqscan');
    }
  });
});

describe('embedded database on disk', () => {
  it('keeps its data across a close and reopen, and is not seeded twice', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: dir });
      await migrate(first);
      expect(await seedIfEmpty(first, { demoMode: true })).toBe(true);
      await first.exec(
        `UPDATE platform_users SET full_name = 'Renamed Person' WHERE email = 'liam.chen@hirehub.example'`,
      );
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir: dir });
      expect(await migrate(second)).toEqual([]);
      expect(await seedIfEmpty(second, { demoMode: true })).toBe(false);
      const rows = await second.query<{ full_name: string; n: number }>(
        `SELECT full_name, (SELECT count(*)::int FROM platform_users) AS n FROM platform_users WHERE email = 'liam.chen@hirehub.example'`,
      );
      expect(rows[0]).toEqual({ full_name: 'Renamed Person', n: seedUsers.length });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
