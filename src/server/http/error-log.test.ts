import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness';
import { loggableError } from '../core/errors';

/** What the log keeps of an unexpected error: never a value a query carried. */
let t: TestContext;
const SECRET = 'do-not-log-this-value';

beforeAll(async () => {
  t = await createTestContext({ seed: false });
});
afterAll(() => t.close());

async function failedQuery(): Promise<unknown> {
  try {
    await t.db.execute(sql`SELECT ${SECRET}::uuid AS id, ${`${SECRET}-2`}::text AS other`);
  } catch (err) {
    return err;
  }
  throw new Error('the query was expected to fail');
}

describe('loggableError', () => {
  it('keeps the SQL text and the database code of a failed query, not its parameters', async () => {
    const err = await failedQuery();
    const text = JSON.stringify(loggableError(err));
    expect(text).not.toContain(SECRET);
    expect(text).toMatch(/Failed query: SELECT \$1::uuid/);
    expect(text).toContain('code 22P02');
  });
});
