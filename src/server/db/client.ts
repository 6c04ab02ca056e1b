import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Client as PgClient } from 'pg';
import { pgliteWasmModule } from './pglite-wasm';

/**
 * The embedded database's buffer pool by default, in MB (`DATABASE_BUFFERS_MB`). PostgreSQL's
 * default pool (128 MB) lives inside PGlite's WebAssembly memory and is resident from the start:
 * most of the idle server's memory. The data files stay in the operating system's page cache
 * behind it, so a smaller pool costs a read call, not a disk read; a search that reads tens of
 * thousands of rows of a million-user table is faster with a larger one
 * (docs/operations.md#the-embedded-database-first-start-and-memory).
 */
export const PGLITE_BUFFERS_MB = 16;
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
  | {
      kind: 'pglite';
      dataDir?: string;
      buffersMb?: number;
      /** In memory only: start from this dump (`dumpDataDir`) instead of an empty database. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; schema?: string; max?: number };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.buffersMb, options.loadDataDir)
    : openPostgres(options);
}

/**
 * The types Drizzle reads as text on PGlite: with every query it passes a parser returning the
 * text as is for each of them (drizzle-orm/pglite/session.js). Four scalar types, and five array
 * types with the type of their elements.
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
const TEXT_ARRAY_TYPES: Record<number, number> = {
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
  1231: types.NUMERIC,
};
const DRIZZLE_PARSED = new Set([...TEXT_TYPES, ...Object.keys(TEXT_ARRAY_TYPES).map(Number)]);

type Parser = (text: string, typeId?: number) => unknown;
type Parsers = Record<number, Parser>;

/**
 * PGlite merges a query's own parsers into a copy of its table of every type's parser (some 300,
 * most of them arrays of the catalog's row types) for each query that passes any: about 0.3 ms and
 * 120 KiB of garbage per query, some 3 % of a search's CPU at a million users and two fifths of
 * what it allocates (docs/decisions/010-user-search-at-a-million.md). So the client's own table reads
 * Drizzle's types as text, and Drizzle's queries reach PGlite without parsers of their own (the
 * same parsing, without the copy). Returns the parsers that give the other readers of the client
 * (`Database.query`) what PGlite's own table gave them before.
 */
function textParsersOnClient(client: PGlite): Parsers {
  const table = (client as unknown as { parsers: Parsers }).parsers;
  const own: Parsers = {};
  for (const oid of TEXT_TYPES) own[oid] = table[oid]!;
  // Array parsers look their element's parser up in the table when they run: pin the original.
  for (const [oid, element] of Object.entries(TEXT_ARRAY_TYPES)) {
    const parse = element in own ? own[element]! : table[element]!;
    own[Number(oid)] = (text) => types.arrayParser(text, parse, Number(oid));
  }
  for (const oid of DRIZZLE_PARSED) table[oid] = (text) => text;
  return own;
}

/** Drizzle's own parsers, exactly the ones the client's table now holds, are left out. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const oids = Object.keys(parsers).map(Number);
  if (oids.length !== DRIZZLE_PARSED.size || !oids.every((oid) => DRIZZLE_PARSED.has(oid))) {
    return options;
  }
  const { parsers: _own, ...rest } = options;
  return rest;
}

type Queryable = Pick<Transaction, 'query'>;

/** The client as Drizzle sees it: its queries, in and out of transactions, without the copy. */
function drizzleClientOf(client: PGlite) {
  const queryOf =
    (target: Queryable) =>
    <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      target.query<T>(sql, params, withoutDrizzleParsers(options));
  return {
    query: queryOf(client),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) =>
        fn(Object.create(tx, { query: { value: queryOf(tx) } }) as Transaction),
      ),
  };
}

/**
 * A bytea parameter goes to the embedded database as its bytes, in binary format. PGlite
 * would spell it out in hex, and a long text parameter costs it two passes in JavaScript
 * to count its UTF-8 bytes (about 1 ms for 150 kB each): a large JSON parameter is cheaper
 * sent as bytes (audit/chain/append.ts).
 */
function byteaAsItIs(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  // PGlite sends a Uint8Array returned here as it is, in binary format.
  return value as unknown as string;
}

/** In memory when dataDir is undefined (tests); otherwise persisted under dataDir. */
async function openPglite(
  dataDir: string | undefined,
  buffersMb = PGLITE_BUFFERS_MB,
  loadDataDir?: Blob,
): Promise<Database> {
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
    ...(loadDataDir && !dir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`],
    serializers: { [types.BYTEA]: byteaAsItIs },
  });
  const rawParsers = textParsersOnClient(client);
  const db = drizzlePglite(drizzleClientOf(client) as unknown as PGlite, {
    schema,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query<T>(sql, params, { parsers: rawParsers })).rows;
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
  // An idle connection the server ends (a restart, a terminated backend) is dropped from the
  // pool, which opens another for the next query; unheard, its error would end the process.
  pool.on('error', () => {});
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
