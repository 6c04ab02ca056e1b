import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { analyzeChangedTables } from './maintenance';
import { planOf } from '../users/directory/filters';
import { openMigratedTestDatabase } from '../testing/harness';

let database: Database;

beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());

async function addUsers(from: number, to: number) {
  // Half of them in one organization: what the planner cannot know without statistics.
  await database.exec(`
    INSERT INTO platform_users (email, full_name, organization)
    SELECT 'm' || g || '@x.example', 'M ' || g, CASE WHEN g % 2 = 0 THEN 'Half' ELSE 'Org' || g END
      FROM generate_series(${from}, ${to}) AS g`);
}

/** The planner's estimate of the users of organization Half. */
async function estimatedHalf(): Promise<number> {
  const plan = await planOf(
    database.db,
    sql`SELECT 1 FROM platform_users WHERE organization = 'Half'`,
  );
  return plan['Plan Rows'];
}

describe('the statistics of the embedded database', () => {
  it('are taken for tables with rows and none, and again once a table has grown', async () => {
    await addUsers(1, 4_000);
    if (database.kind === 'postgres') {
      // A PostgreSQL server's autovacuum takes them; nothing to do here.
      expect(await analyzeChangedTables(database)).toEqual([]);
      return;
    }
    // Without statistics the planner guesses a few rows for any organization.
    expect(await estimatedHalf()).toBeLessThan(400);

    const first = await analyzeChangedTables(database);
    expect(first).toContain('platform_users');
    // With them it knows half the users are in it.
    expect(await estimatedHalf()).toBeGreaterThan(1_500);

    // Nothing changed since: nothing is analysed again.
    expect(await analyzeChangedTables(database)).not.toContain('platform_users');

    // Grown by half: analysed again, and the estimate follows.
    await addUsers(4_001, 6_000);
    expect(await analyzeChangedTables(database)).toContain('platform_users');
    expect(await estimatedHalf()).toBeGreaterThan(2_500);
  });
});
