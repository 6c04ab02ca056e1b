import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { pgliteWasmModule } from '../db/pglite-wasm';
import { templateStamp } from '../db/template';
import { projectRoot } from '../db/paths';

/**
 * Every test database starts as a copy of one migrated template, made once per set of
 * migrations (and PGlite version) rather than migrated again for each test file:
 * - embedded: a dump of a migrated in-memory PGlite, kept under node_modules/.cache and
 *   loaded into each new in-memory database (`loadDataDir`), which also skips creating
 *   the database cluster;
 * - PostgreSQL: a migrated database `ted_template_<stamp>` on the server, copied with
 *   `CREATE DATABASE … TEMPLATE`, one database per test file.
 * `ensureTestTemplates()` makes them before the workers start (Vitest's global set-up);
 * a test run outside Vitest makes them on first use.
 */
const cacheDir = path.join(projectRoot, 'node_modules/.cache/ted-test-db');

const stampOf = () => templateStamp().slice(0, 16);

/** Runs the migrations on a bare PGlite client (`migrate` needs these three). */
const pgliteMigrationTarget = (client: PGlite) => ({
  exec: async (sql: string) => {
    await client.exec(sql);
  },
  query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  withStartupLock: <T>(fn: () => Promise<T>) => fn(),
});

function pgliteTemplateFile(): string {
  return path.join(cacheDir, `pglite-${stampOf()}.tar`);
}

async function makePgliteTemplate(file: string): Promise<void> {
  const wasmModule = await pgliteWasmModule();
  const client = await PGlite.create({
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
    extensions: { pg_trgm },
  });
  try {
    await migrate(pgliteMigrationTarget(client));
    const dump = await client.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    // Written beside and renamed: a worker never reads half a file.
    const work = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(work, Buffer.from(await dump.arrayBuffer()));
    renameSync(work, file);
  } finally {
    await client.close();
  }
}

let pgliteDump: Promise<Blob> | undefined;

/** The migrated embedded template, as a dump to load; made when missing. */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = pgliteTemplateFile();
    if (!existsSync(file)) await makePgliteTemplate(file);
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

/** A URL naming another database on the same server. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresTemplateName = () => `ted_template_${stampOf()}`;

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const r = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return r.rowCount === 1;
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The migrated template on the server at `url`; made when missing. Made under another
 * name and renamed, so that a copy never starts from a half-migrated template; a run
 * that loses the race to make it drops its own.
 */
function postgresTemplate(url: string): Promise<string> {
  let made = postgresTemplates.get(url);
  if (!made) {
    made = (async () => {
      const name = postgresTemplateName();
      if (await onServer(url, (c) => databaseExists(c, name))) return name;
      const work = `${name}_${randomBytes(4).toString('hex')}`;
      await onServer(url, (c) => c.query(`CREATE DATABASE "${work}"`));
      // Two connections: the start-up lock holds one while the migrations run on the other.
      const database = await openDatabase({
        kind: 'postgres',
        url: withDatabase(url, work),
        max: 2,
      });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await onServer(url, async (c) => {
        try {
          await c.query(`ALTER DATABASE "${work}" RENAME TO "${name}"`);
        } catch (err) {
          if (!(await databaseExists(c, name))) throw err;
          await c.query(`DROP DATABASE "${work}"`);
        }
        // Templates of earlier migrations are not copied again.
        const stale = await c.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE 'ted\\_template\\_%' AND datname <> $1",
          [name],
        );
        for (const { datname } of stale.rows) {
          await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
        }
      });
      return name;
    })();
    postgresTemplates.set(url, made);
  }
  return made;
}

/** Makes the templates the test databases of this run are copied from (Vitest's global set-up). */
export async function ensureTestTemplates(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  await (url ? postgresTemplate(url) : pgliteTemplate());
}

export type TestDatabase = Database & {
  /** PostgreSQL: the URL of this test's own database (for a second connection); else null. */
  url: string | null;
};

/**
 * A database of the test's own: in-memory PGlite, or a database of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped on close). `migrated` copies the
 * template; otherwise the database is empty.
 */
export async function openTestDatabaseFrom(migrated: boolean): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const loadDataDir = migrated ? await pgliteTemplate() : undefined;
    return { ...(await openDatabase({ kind: 'pglite', loadDataDir })), url: null };
  }
  const name = `ted_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? ` TEMPLATE "${await postgresTemplate(url)}"` : '';
  await onServer(url, (c) => c.query(`CREATE DATABASE "${name}"${template}`));
  const own = withDatabase(url, name);
  const database = await openDatabase({ kind: 'postgres', url: own, max: 4 });
  return {
    ...database,
    url: own,
    async close() {
      await database.close();
      await onServer(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
