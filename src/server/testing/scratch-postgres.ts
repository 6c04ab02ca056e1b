import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server that tests needing one use: TEST_DATABASE_URL (as in
 * `npm run test:api:pg`), else the local server that `.ci/run` finds.
 */
const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: postgresAdminUrl,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether that server answers. When it does not, says which test is skipped
 * and why, so a green run never hides a test that did not run.
 */
export async function postgresAnswers(skipping: string): Promise<boolean> {
  try {
    await onAdmin(async () => {});
    return true;
  } catch {
    console.warn(
      `Skipped ${skipping}: no PostgreSQL answers at ${new URL(postgresAdminUrl).host} (set TEST_DATABASE_URL, or run .ci/run where one is present).`,
    );
    return false;
  }
}

/** A database of its own for one test run (`<prefix>_<random>`), and a way to drop it. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
