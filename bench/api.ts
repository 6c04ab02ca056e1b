/**
 * npm run bench:api — the admin API under load, at 10,000 and at 1,000,000 users.
 *
 * For each size: seeds the users (and their roles) into a throw-away embedded
 * database with INSERT … SELECT … FROM generate_series, starts the real server on
 * it (bench/api-server.ts) and measures with autocannon, over HTTP:
 * GET /api/admin/users (first and deep pages, searches by email, name and
 * organization with common and rare terms, each filter, each order, a filter with a search
 * and an order) and GET /api/admin/users/facets, a role toggle
 * (PUT /api/admin/users/:id/roles) and audit batches of 50 events
 * (POST /api/audit/events), printing p50, p95 and p99 latency per case. Then
 * times the same searches done the naive way (docs/product/quality.md#search-at-scale: download every user
 * with their roles, filter in memory), and measures start-up and idle memory of
 * `node dist/server/index.js` on the built tree (building it first when the
 * sources changed) through bench/startup.ts, which prints them beside their targets.
 *
 *   BENCH_SIZES=10000,200000   sizes to measure (default 10000,1000000)
 *   BENCH_SECONDS=5            autocannon duration per case (default 5)
 *   BENCH_CONNECTIONS=1        concurrent connections per case (default 1)
 *   BENCH_KEEP=/some/dir       keep the seeded databases there and reuse them next time
 *   BENCH_ONLY=ingest          only the audit ingest runs below (no users seeded, no searches)
 *   BENCH_ONLY=seed            only seed (or migrate) the databases of BENCH_SIZES in BENCH_KEEP
 *   BENCH_INGEST_CONNECTIONS=8 concurrent connections per server for the ingest runs (default 8)
 *   BENCH_CPU_PROF=/some/dir   each server process writes a CPU profile there when it stops
 *   DATABASE_BUFFERS_MB=256    the embedded database's buffer pool of every server it starts
 *                              (default 16; docs/operations.md, the embedded database's memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *                              also measure ingest on that PostgreSQL server: a scratch database
 *                              bench_ingest_<random> is created there, two server processes
 *                              share it, and it is dropped afterwards
 *
 * The ingest runs (after the sizes, or alone with BENCH_ONLY=ingest) post batches of 50
 * new events over BENCH_INGEST_CONNECTIONS connections: to one server on a new embedded
 * database (target ≥ 10,000 events/s), and with BENCH_DATABASE_URL to two server processes
 * on one PostgreSQL database at once (target ≥ 20,000 events/s). After each, the chain is
 * verified with the product's verification (verifyAuditChain, as `npm run audit:verify`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import type { UserList } from '../src/shared/schemas/users';
import type { UserFacets } from '../src/shared/schemas/user-list';
import { encodeCursor } from '../src/server/users/directory/list';
import { useAuditChainKey } from '../src/server/audit/chain/link';
import { verifyAuditChain } from '../src/server/audit/chain/verify';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import { ensureBuilt } from '../scripts/build/build-stamp.mjs';
import {
  builtServerFootprint,
  cpuMs,
  firstStartFootprint,
  IDLE_MS,
  printStartupTargets,
  rssMiB,
  startProcess,
  STARTUP_TARGETS,
  stop,
  type Started,
} from './startup';
import { printTable } from './markdown-table';
import { seedUsers } from './seed-users';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const KEEP = process.env.BENCH_KEEP;
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest';
const ONLY_SEED = process.env.BENCH_ONLY === 'seed';
const INGEST_CONNECTIONS = Number(process.env.BENCH_INGEST_CONNECTIONS ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL;

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** Nearest-rank percentile of an ascending list; NaN when the list is empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

type Prepared = { dir: string; throwAway: boolean; deepCursor: string; searchDeepCursor: string };

/** The cursor of the row half-way down the list (or down the matches of a search). */
async function halfwayCursor(database: Database, q?: string): Promise<string> {
  const where = q ? `WHERE search_text LIKE '%' || $1 || '%'` : '';
  const params = q ? [q] : [];
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM platform_users ${where}`,
    params,
  );
  const [row] = await database.query<{ ts: string; id: string }>(
    `SELECT created_at::text AS ts, id FROM platform_users ${where}
      ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
     OFFSET ${Math.floor(Number(count?.n ?? 0) / 2)} LIMIT 1`,
    params,
  );
  if (!row) throw new Error(`no rows${q ? ` match ${q}` : ''}`);
  return encodeCursor(row.ts, row.id);
}

/** A seeded data folder for `users` users: made anew, or reused from BENCH_KEEP. */
async function prepareDataDir(users: number, searchDeepTerm: string): Promise<Prepared> {
  const dir = KEEP
    ? path.resolve(KEEP, `users-${users}`)
    : mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await migrate(database);
    await seedIfEmpty(database, { demoMode: true });
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM platform_users`,
    );
    if (Number(row?.n) >= users) {
      console.log(`Reusing ${fmt(Number(row?.n))} users in ${dir}`);
      await database.exec('ANALYZE;');
    } else {
      console.log(`Seeding ${fmt(users)} users into ${dir} …`);
      const t0 = performance.now();
      await seedUsers(database, users);
      console.log(
        `  seeded, indexed and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    return {
      dir,
      throwAway: !KEEP,
      deepCursor: await halfwayCursor(database),
      searchDeepCursor: await halfwayCursor(database, searchDeepTerm),
    };
  } finally {
    await database.close();
  }
}

type SpecUser = {
  id: string;
  email: string;
  full_name: string | null;
  organization: string | null;
  roles: string[];
};

/**
 * The naive way (docs/product/quality.md#search-at-scale): the console downloads every user with their role records and
 * filters in the browser. Timed here without a network: the query, the JSON the
 * wire would carry (serialised and parsed again), then the filter per search.
 */
async function specWay(dir: string, size: number, terms: string[]) {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    // A million rows take a while to download: once is enough to see the difference.
    const runs = size > 100_000 ? 1 : 3;
    const downloads: number[] = [];
    let users: SpecUser[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const rows = await database.query<SpecUser>(
        `SELECT u.id, u.email, u.full_name, u.organization, u.department, u.is_active,
                u.created_at, u.last_login_at,
                coalesce(array_agg(r.role) FILTER (WHERE r.is_active), '{}') AS roles
           FROM platform_users u LEFT JOIN platform_role_assignments r ON r.user_id = u.id
          GROUP BY u.id ORDER BY u.created_at DESC`,
      );
      users = JSON.parse(JSON.stringify(rows)) as SpecUser[];
      downloads.push(performance.now() - t0);
    }
    downloads.sort((a, b) => a - b);
    const filters = new Map<string, number>();
    for (const term of terms) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const q = term.toLowerCase();
        users.filter(
          (u) =>
            u.email.toLowerCase().includes(q) ||
            (u.full_name ?? '').toLowerCase().includes(q) ||
            (u.organization ?? '').toLowerCase().includes(q),
        );
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      filters.set(term, percentile(times, 50));
    }
    return { download: percentile(downloads, 50), filters };
  } finally {
    await database.close();
  }
}

type Row = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpu: number;
  errors: number;
};

/** The instance's per-response event, which src/types/autocannon.d.ts does not declare. */
type ResponseEvents = {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, latencyMs: number) => void,
  ): unknown;
};

/**
 * One autocannon case. Besides wall-clock latency it reports the server's CPU time
 * per request, which does not grow when other work shares the machine's cores.
 *
 * Percentiles come from every 2xx response's own latency (the responses autocannon's
 * histogram counts too): its result has no p95 (it jumps from p90 to p97.5), and its
 * histogram keeps whole milliseconds only.
 */
async function cannon(name: string, opts: AutocannonOptions, serverPid: number): Promise<Row> {
  const cpuBefore = cpuMs(serverPid);
  const latencies: number[] = [];
  const run = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }) as ReturnType<
    typeof autocannon
  > &
    ResponseEvents;
  run.on('response', (_client, status, _bytes, latencyMs) => {
    if (status >= 200 && status < 300) latencies.push(latencyMs);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  const row = {
    name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpu: (cpuMs(serverPid) - cpuBefore) / Math.max(1, result.requests.total),
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(
    `  ${name}: ${ms(row.rps)} req/s, p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms, server CPU ${ms(row.cpu)} ms/req${row.errors ? `, ${row.errors} failed` : ''}`,
  );
  return row;
}

type SearchCase = {
  name: string;
  query: string;
  q?: string;
  path?: string;
  /** The p99 target at every size, in ms (the API targets of docs/performance.md). */
  p99TargetMs: number;
};

/** Searches and paging stay under 25 ms at p99; filters, orders and facet counts under 50. */
const SEARCH_P99_MS = 25;
const FILTER_P99_MS = 50;
/** p99 at the largest size over p99 at the smallest, for every case. */
const GROWTH_TARGET = 2;

/** Audit batches of 50 new events (new client ids, so every one is stored). */
function auditRequests(base: string): AutocannonOptions {
  const token = `demo-token-${Date.now()}`;
  const batch = () =>
    JSON.stringify({
      source: 'console',
      events: Array.from({ length: 50 }, (_, i) => ({
        id: randomUUID(),
        event_type: 'admin.panel.access',
        severity: 'low',
        details: { tab: 'users', n: i },
        timestamp: new Date().toISOString(),
        session_id: token.slice(-8),
      })),
    });
  return {
    url: base,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: '/api/audit/events',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: batch(),
        }),
      },
    ],
  };
}

type IngestResult = {
  name: string;
  target: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  cpuMsPerBatch: number;
  errors: number;
  chain: string;
};

/**
 * Posts audit batches at every server at once (INGEST_CONNECTIONS each) for SECONDS;
 * events/s counts the 2xx answers of all of them; CPU is the servers' together.
 */
async function driveIngest(servers: Started[]) {
  const cpuBefore = servers.map((s) => cpuMs(s.child.pid!));
  const latencies: number[] = [];
  const runs = servers.map((s) => {
    const run = autocannon({
      connections: INGEST_CONNECTIONS,
      duration: SECONDS,
      ...auditRequests(s.base),
    }) as ReturnType<typeof autocannon> & ResponseEvents;
    run.on('response', (_client, status, _bytes, latencyMs) => {
      if (status >= 200 && status < 300) latencies.push(latencyMs);
    });
    return run;
  });
  const results = await Promise.all(runs);
  const cpu = servers.reduce((sum, s, i) => sum + cpuMs(s.child.pid!) - cpuBefore[i]!, 0);
  latencies.sort((a, b) => a - b);
  const batches = latencies.length;
  return {
    eventsPerSecond: (batches * 50) / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMsPerBatch: cpu / Math.max(1, batches),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
  };
}

const chainText = (v: Awaited<ReturnType<typeof verifyAuditChain>>) =>
  v.ok ? `intact, ${fmt(v.checked)} events` : `BROKEN (${v.check}: ${v.reason})`;

/** One server on a new embedded database. */
async function ingestEmbedded(): Promise<IngestResult> {
  console.log(`\n== Audit ingest, embedded database, ${INGEST_CONNECTIONS} connections ==`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  try {
    const server = await startProcess(['--import', 'tsx', 'bench/api-server.ts', dir], () => ({}));
    let run;
    try {
      run = await driveIngest([server]);
    } finally {
      await stop(server.child);
    }
    const chain = await checkChain(
      { kind: 'pglite', dataDir: dir },
      readFileSync(path.join(dir, 'audit-chain-key'), 'utf8').trim(),
    );
    return { name: 'embedded (PGlite), one process', target: 10_000, ...run, chain };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The trail's verification after a run, under the key its servers wrote with. */
async function checkChain(
  options: Parameters<typeof openDatabase>[0],
  key: string,
): Promise<string> {
  const database = await openDatabase(options);
  try {
    useAuditChainKey(key);
    return chainText(await verifyAuditChain(database.db));
  } finally {
    await database.close();
  }
}

/** Two server processes on one scratch database of the PostgreSQL server at PG_URL. */
async function ingestPostgres(url: string): Promise<IngestResult> {
  const name = `bench_ingest_${randomBytes(4).toString('hex')}`;
  console.log(
    `\n== Audit ingest, PostgreSQL (${name}), two processes × ${INGEST_CONNECTIONS} connections ==`,
  );
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const key = randomBytes(32).toString('hex');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-pg-'));
  try {
    const env = () => ({ DATABASE_URL: dbUrl.toString(), AUDIT_CHAIN_KEY: key });
    const args = ['--import', 'tsx', 'bench/api-server.ts', dir];
    // One after the other: the first applies the migrations and seeds.
    const a = await startProcess(args, env);
    let run;
    try {
      const b = await startProcess(args, env);
      try {
        run = await driveIngest([a, b]);
      } finally {
        await stop(b.child);
      }
    } finally {
      await stop(a.child);
    }
    const chain = await checkChain({ kind: 'postgres', url: dbUrl.toString() }, key);
    return { name: 'PostgreSQL, two processes', target: 20_000, ...run, chain };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measureIngest(): Promise<IngestResult[]> {
  const results = [await ingestEmbedded()];
  if (PG_URL) results.push(await ingestPostgres(PG_URL));
  return results;
}

function printIngest(results: IngestResult[]) {
  console.log(
    `\nAudit ingest, batches of 50 events, ${INGEST_CONNECTIONS} connections per server, ${SECONDS} s:`,
  );
  printTable(
    [
      'database',
      'events/s',
      'target',
      'met',
      'p50 ms',
      'p99 ms',
      'CPU ms/batch',
      'failed',
      'chain',
    ],
    results.map((r) => [
      r.name,
      fmt(Math.round(r.eventsPerSecond)),
      `≥ ${fmt(r.target)}`,
      r.eventsPerSecond >= r.target ? 'yes' : 'no',
      ms(r.p50),
      ms(r.p99),
      ms(r.cpuMsPerBatch),
      String(r.errors),
      r.chain,
    ]),
  );
}

const SEARCH_DEEP_TERM = 'garcia';

async function measureApi(base: string, serverPid: number, prepared: Prepared) {
  const headers = { authorization: `Bearer demo-token-${Date.now()}` };
  const get = async (query: string) => {
    const res = await fetch(`${base}/api/admin/users?${query}`, { headers });
    const body = (await res.json()) as UserList;
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };

  const first = await get('limit=25');

  const searchCases: Omit<SearchCase, 'p99TargetMs'>[] = [
    { name: 'first page, no search (with count)', query: 'limit=25' },
    { name: 'next page (cursor)', query: `limit=25&cursor=${first.next_cursor}` },
    { name: 'deep page, half-way down (cursor)', query: `limit=25&cursor=${prepared.deepCursor}` },
    { name: 'email domain "hirehub" (common)', query: 'q=hirehub', q: 'hirehub' },
    { name: 'email "lucia.nakamura.9" (rare)', query: 'q=lucia.nakamura.9', q: 'lucia.nakamura.9' },
    { name: 'name "garcia" (common)', query: 'q=garcia', q: 'garcia' },
    {
      name: 'name "garcia", deep page (cursor)',
      query: `q=${SEARCH_DEEP_TERM}&cursor=${prepared.searchDeepCursor}`,
      q: 'garcia',
    },
    { name: 'name "quillfeather" (rare)', query: 'q=quillfeather', q: 'quillfeather' },
    {
      name: 'organization "northwind talent" (common)',
      query: 'q=northwind%20talent',
      q: 'northwind talent',
    },
    { name: 'organization "zephyrine" (rare)', query: 'q=zephyrine', q: 'zephyrine' },
    { name: '"zzqx" (no match)', query: 'q=zzqx', q: 'zzqx' },
    { name: '"li" (2 letters)', query: 'q=li', q: 'li' },
    { name: '"qx" (2 letters, no match)', query: 'q=qx', q: 'qx' },
  ];
  const filterCases: Omit<SearchCase, 'p99TargetMs'>[] = [
    // Filters, orders and facets (docs/decisions/013-user-filters-and-sorting-at-a-million.md).
    { name: 'role platform_admin (1 in 200)', query: 'role=platform_admin' },
    { name: 'role none (1 in 20)', query: 'role=none' },
    { name: 'status inactive (1 in 40)', query: 'status=inactive' },
    { name: 'org "Zephyrine Labs" (rare)', query: 'org=Zephyrine%20Labs' },
    { name: 'org none (1 in 33)', query: 'org=' },
    { name: 'never signed in (1 in 4)', query: 'never=true' },
    { name: 'sort name A-Z', query: 'sort=name' },
    { name: 'sort name Z-A', query: 'sort=name&dir=desc' },
    { name: 'sort email', query: 'sort=email' },
    { name: 'sort organization', query: 'sort=organization' },
    { name: 'sort organization Z-A', query: 'sort=organization&dir=desc' },
    { name: 'sort last sign-in', query: 'sort=last_login' },
    { name: 'sort last sign-in, oldest first', query: 'sort=last_login&dir=asc' },
    // Filters within an order: the filter's users are not spread evenly over every order (an
    // organization's names, the inactive users' sign-ins), so walking the order's full index
    // can read most of the table before a page fills.
    { name: 'org "Northwind Talent" by name', query: 'org=Northwind%20Talent&sort=name' },
    {
      name: 'orgs HireHub and none by email Z-A',
      query: 'org=HireHub&org=&sort=email&dir=desc',
    },
    { name: 'inactive by last sign-in', query: 'status=inactive&sort=last_login' },
    { name: 'never signed in by name', query: 'never=true&sort=name' },
    {
      name: 'active, org HireHub, "garcia", by name',
      query: 'status=active&org=HireHub&q=garcia&sort=name',
    },
    { name: 'facets, no filter', query: '', path: '/api/admin/users/facets' },
    {
      name: 'facets, role platform_admin',
      query: 'role=platform_admin',
      path: '/api/admin/users/facets',
    },
    { name: 'facets, search "garcia"', query: 'q=garcia', path: '/api/admin/users/facets' },
  ];
  const cases: SearchCase[] = [
    ...searchCases.map((c) => ({ ...c, p99TargetMs: SEARCH_P99_MS })),
    ...filterCases.map((c) => ({ ...c, p99TargetMs: FILTER_P99_MS })),
  ];

  // The floor: the cheapest call through the same stack (no caller, one trivial query).
  const floor = await cannon('GET /api/health (floor)', { url: `${base}/api/health` }, serverPid);

  const rows: (Row & { matches: string })[] = [];
  for (const c of cases) {
    let matches: string;
    if (c.path) {
      const facets = async () => {
        const res = await fetch(`${base}${c.path}?${c.query}`, { headers });
        const body = (await res.json()) as UserFacets;
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${JSON.stringify(body)}`);
        return body;
      };
      const body = await facets();
      for (let i = 0; i < 5; i++) await facets(); // warm-up
      const counted = body.status.reduce((n, o) => n + o.count, 0);
      matches = `${fmt(counted)}${body.status.every((o) => o.exact) ? '' : '+'} (status)`;
    } else {
      const body = await get(c.query);
      for (let i = 0; i < 5; i++) await get(c.query); // warm-up
      matches =
        body.total === null ? '(later page)' : `${fmt(body.total)}${body.total_exact ? '' : '+'}`;
    }
    const row = await cannon(
      `GET ${c.path ? 'facets' : 'users'}: ${c.name}`,
      { url: `${base}${c.path ?? '/api/admin/users'}?${c.query}`, headers },
      serverPid,
    );
    rows.push({ ...row, matches });
  }

  // A role toggle: platform_admin on, then off, on a few ordinary users in turn.
  const targets = (await get('q=hirehub&limit=50')).users
    .filter((u) => !u.roles.includes('super_admin'))
    .map((u) => u.id);
  let turn = 0;
  const toggle = await cannon(
    'PUT roles: toggle platform_admin',
    {
      url: base,
      requests: [
        {
          method: 'PUT',
          setupRequest: (req) => {
            const id = targets[Math.floor(turn / 2) % targets.length]!;
            const on = turn % 2 === 0;
            turn++;
            return {
              ...req,
              path: `/api/admin/users/${id}/roles`,
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ changes: { platform_admin: on } }),
            };
          },
        },
      ],
    },
    serverPid,
  );

  const audit = await cannon('POST audit: batch of 50 events', auditRequests(base), serverPid);
  return { floor, searches: rows, cases, toggle, audit };
}

type SizeResult = Awaited<ReturnType<typeof measureApi>> & {
  users: number;
  spec: Awaited<ReturnType<typeof specWay>>;
  benchServer: { startupMs: number; startupCpuMs: number; idleRss: number; loadedRss: number };
  built: { startupMs: number; startupCpuMs: number; idleRss: number };
};

async function measureSize(users: number): Promise<SizeResult> {
  console.log(`\n== ${fmt(users)} users ==`);
  const prepared = await prepareDataDir(users, SEARCH_DEEP_TERM);
  try {
    const server = await startProcess(
      ['--import', 'tsx', 'bench/api-server.ts', prepared.dir],
      () => ({}),
    );
    let api;
    let benchServer;
    try {
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const idleRss = rssMiB(server.child.pid!);
      api = await measureApi(server.base, server.child.pid!, prepared);
      benchServer = {
        startupMs: server.startupMs,
        startupCpuMs: server.startupCpuMs,
        idleRss,
        loadedRss: rssMiB(server.child.pid!),
      };
    } finally {
      await stop(server.child);
    }
    console.log('  the naive way: download every user, filter in memory …');
    const spec = await specWay(
      prepared.dir,
      users,
      api.cases.flatMap((c) => (c.q ? [c.q] : [])),
    );
    console.log(`  built server start-up on ${fmt(users)} users …`);
    const built = await builtServerFootprint(prepared.dir);
    return { ...api, users, spec, benchServer, built };
  } finally {
    if (prepared.throwAway) rmSync(prepared.dir, { recursive: true, force: true });
  }
}

async function main() {
  const startedAt = performance.now();
  if (ONLY_INGEST) {
    printIngest(await measureIngest());
    console.log(
      `load average now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    return;
  }
  if (ONLY_SEED) {
    if (!KEEP) throw new Error('BENCH_ONLY=seed needs BENCH_KEEP');
    for (const users of SIZES) await prepareDataDir(users, SEARCH_DEEP_TERM);
    return;
  }
  if (!ensureBuilt(root, (m) => console.log(m))) process.exit(1);
  console.log('Start-up of the built server on a new, empty data folder …');
  const firstStart = await firstStartFootprint();

  const results: SizeResult[] = [];
  for (const users of SIZES) results.push(await measureSize(users));
  const ingest = await measureIngest();

  const cpus = os.cpus();
  console.log(
    `\nMachine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()}; load average now ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `autocannon: ${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}, ${SECONDS} s per case; embedded database (PGlite, on disk); demo token as the caller.\n`,
  );

  const small = results[0]!;
  const large = results[results.length - 1]!;
  const both = results.length > 1;
  const sizes = results.map((r) => fmt(r.users));
  const all = (r: SizeResult): (Row & { matches?: string })[] => [
    r.floor,
    ...r.searches,
    r.toggle,
    r.audit,
  ];
  printTable(
    [
      'case',
      ...sizes.flatMap((n) => [`${n}: req/s`, 'p50 ms', 'p95 ms', 'p99 ms', 'CPU ms/req']),
      ...(both ? [`p99 ${sizes.at(-1)}/${sizes[0]}`, `CPU ${sizes.at(-1)}/${sizes[0]}`] : []),
      `matches (${sizes.at(-1)})`,
    ],
    all(large).map((row, i) => [
      row.name,
      ...results.flatMap((r) => {
        const x = all(r)[i]!;
        return [
          ms(x.rps),
          ms(x.p50),
          ms(x.p95),
          ms(x.p99) + (x.errors ? ` (${x.errors} failed)` : ''),
          ms(x.cpu),
        ];
      }),
      ...(both
        ? [
            `${(row.p99 / Math.max(1, all(small)[i]!.p99)).toFixed(2)}×`,
            `${(row.cpu / all(small)[i]!.cpu).toFixed(2)}×`,
          ]
        : []),
      row.matches ?? '',
    ]),
  );

  console.log(
    '\nTargets: p99 at every size, and its growth from the smallest to the largest size:',
  );
  printTable(
    [
      'case',
      ...sizes.map((n) => `p99 ${n} ms`),
      'target ms',
      ...(both ? [`growth ${sizes.at(-1)}/${sizes[0]}`, `target`] : []),
      'met?',
    ],
    large.cases.map((c, i) => {
      const p99s = results.map((r) => r.searches[i]!.p99);
      const growth = p99s.at(-1)! / Math.max(1, p99s[0]!);
      const met = p99s.every((p) => p <= c.p99TargetMs) && (!both || growth <= GROWTH_TARGET);
      return [
        c.name,
        ...p99s.map(ms),
        `≤ ${c.p99TargetMs}`,
        ...(both ? [`${growth.toFixed(2)}×`, `≤ ${GROWTH_TARGET}×`] : []),
        met ? 'yes' : '**no**',
      ];
    }),
  );

  console.log('\nAudit ingest (batches of 50 events):');
  for (const r of results) {
    console.log(
      `  ${fmt(r.users)} users, one connection: ${fmt(Math.round(r.audit.rps * 50))} events/s`,
    );
  }
  printIngest(ingest);

  console.log('\nThe same searches done the naive way (download every user, filter in memory):');
  printTable(
    [
      'search',
      ...sizes.flatMap((n) => [`${n}: download ms`, 'filter ms', 'API p50 ms', 'naive way / API']),
    ],
    large.cases
      .filter((c) => c.q && !c.query.includes('cursor='))
      .map((c) => [
        c.q!,
        ...results.flatMap((r) => {
          const filter = r.spec.filters.get(c.q!)!;
          const api = r.searches[r.cases.indexOf(r.cases.find((x) => x.query === c.query)!)]!.p50;
          return [
            ms(r.spec.download),
            ms(filter),
            ms(api),
            `${((r.spec.download + filter) / api).toFixed(0)}×`,
          ];
        }),
      ]),
  );

  console.log(
    '\nStart-up (spawn to the first 200 from /api/health; its CPU time then) and resident memory:',
  );
  const startRow = (
    name: string,
    x: { startupMs: number; startupCpuMs: number; idleRss: number; loadedRss?: number },
  ) => [
    name,
    ms(x.startupMs),
    ms(x.startupCpuMs),
    ms(x.idleRss),
    x.loadedRss === undefined ? '' : ms(x.loadedRss),
  ];
  printTable(
    ['server', 'start-up ms', 'start-up CPU ms', 'idle RSS MiB', 'RSS after the load MiB'],
    [
      startRow('node dist/server/index.js, new empty data folder', firstStart),
      ...results.flatMap((r) => [
        startRow(`node dist/server/index.js, ${fmt(r.users)} users`, r.built),
        startRow(`benchmark server (tsx), ${fmt(r.users)} users`, r.benchServer),
      ]),
    ],
  );
  console.log('');
  printStartupTargets([
    {
      name: 'new, empty data folder',
      footprint: firstStart,
      targetMs: STARTUP_TARGETS.newFolderMs,
    },
    ...results.map((r) => ({
      name: `${fmt(r.users)} users`,
      footprint: r.built,
      targetMs: STARTUP_TARGETS.existingMs,
    })),
  ]);
  console.log(`\nTotal time ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
