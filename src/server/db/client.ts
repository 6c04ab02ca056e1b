import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Client as PgClient } from 'pg';
import { pgliteWasmModule } from './pglite-wasm';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of statements with no parameters (migrations, maintenance). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterized statement and returns its rows (maintenance and raw reads). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` holding a database-wide lock, so that several server processes
   * starting at once apply migrations and seeds one after the other.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every notification on `channel`
   * (NOTIFY, delivered when the notifying transaction commits), from this or
   * any other process on the database. PostgreSQL: one dedicated connection per
   * call, re-opened when it drops (`onNotify('')` then, since notifications may
   * have been missed). Resolves to the function that stops listening; close()
   * stops every listener.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** A channel name is an SQL identifier written into LISTEN: lower case letters and underscores. */
function assertChannel(channel: string) {
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'postgres'; url: string; schema?: string; max?: number };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir) : openPostgres(options);
}

/**
 * PostgreSQL's default shared buffer pool (128 MB) lives inside PGlite's
 * WebAssembly memory and is resident from the start: most of the idle server's
 * memory. The data files stay in the operating system's page cache behind it,
 * so a smaller pool costs a read call, not a disk read (docs/performance.md#start-up-and-idle-memory).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const PGLITE_SETTINGS = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** In memory when dataDir is undefined (tests); otherwise persisted under dataDir. */
async function openPglite(dataDir: string | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const wasmModule = await pgliteWasmModule();
  // Options object only: a positional dataDir makes PGlite ignore the extensions.
  const client = await PGlite.create({
    ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
    dataDir: dir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query<T>(sql, params)).rows;
    },
    // One process owns a PGlite directory; there is nobody to wait for.
    withStartupLock: (fn) => fn(),
    async listen(channel, onNotify) {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/**
 * PostgreSQL's driver is loaded when a server uses it: the embedded database's
 * start does without the time it takes to load.
 */
async function loadPostgresDriver() {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  return { pg, drizzle };
}

type PostgresDriver = Awaited<ReturnType<typeof loadPostgresDriver>>;

async function openPostgres(options: {
  url: string;
  schema?: string;
  max?: number;
}): Promise<Database> {
  const driver = await loadPostgresDriver();
  const { pg } = driver;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A dedicated schema isolates test files sharing one server.
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  });
  if (options.schema) {
    const c = await pool.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`);
    } finally {
      c.release();
    }
  }
  const db = driver.drizzle(pool, { schema }) as unknown as Db;
  const listeners = new Set<ReturnType<typeof listenOnOwnConnection>>();
  return {
    db,
    kind: 'postgres',
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async withStartupLock(fn) {
      const c = await pool.connect();
      try {
        await c.query("SELECT pg_advisory_lock(hashtext('talent-ecosystem-startup'))");
        return await fn();
      } finally {
        await c
          .query("SELECT pg_advisory_unlock(hashtext('talent-ecosystem-startup'))")
          .catch(() => {});
        c.release();
      }
    },
    async listen(channel, onNotify) {
      assertChannel(channel);
      const listener = listenOnOwnConnection(driver, options.url, channel, onNotify);
      listeners.add(listener);
      await listener.ready;
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/** How long a dropped LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 1_000;

/**
 * A connection of its own (not from the pool: a pooled one would be handed to
 * other queries) that LISTENs on `channel`. When it drops, it connects again
 * after LISTEN_RETRY_MS and reports an empty payload, so that listeners look
 * for what they may have missed. Its timers and socket do not keep the process alive.
 */
function listenOnOwnConnection(
  { pg }: PostgresDriver,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
) {
  let current: PgClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  const connect = async (again: boolean) => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    c.on('error', () => {});
    c.on('end', () => {
      if (current === c) current = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      if (!again) {
        stopped = true;
        throw err;
      }
      schedule();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    // The socket of a listener alone should not keep the process running.
    (
      c as unknown as { connection?: { stream?: { unref?: () => void } } }
    ).connection?.stream?.unref?.();
    if (again) onNotify('');
  };
  return {
    ready: connect(false),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = current;
      current = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** Rejects when the database does not answer a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
