/**
 * npm run bench:users — latency of the users API on a million users.
 *
 * Seeds 1,000,000 users (and their roles) into a throw-away embedded database
 * in a temporary folder with INSERT … SELECT … FROM generate_series, then
 * times GET /api/admin/users through app.request() (the whole request path:
 * principal, validation, search, count, roles) and prints p50/p95 per case.
 *
 *   BENCH_USERS=200000 BENCH_RUNS=20 npm run bench:users   (smaller, faster)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import type { UserList } from '../src/shared/schemas/users';
import { encodeCursor } from '../src/server/admin/user-directory';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

const FIRST = [
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Priya',
  'Ethan',
  'Yuki',
  'Oliver',
  'Fatima',
  'Lucas',
  'Grace',
  'Mateo',
  'Hannah',
  'David',
  'Chloe',
  'Arjun',
  'Isabella',
  'Kwame',
  'Emma',
  'Jonas',
  'Mei',
  'Rachel',
  'Tom',
  'Aisha',
  'Pierre',
  'Sara',
  'Jordan',
  'Elena',
  'Omar',
  'Nina',
  'Hugo',
  'Zara',
  'Felix',
  'Ines',
  'Ravi',
  'Lena',
  'Tariq',
  'Maya',
  'Sven',
  'Lucia',
];
const LAST = [
  'Okafor',
  'Chen',
  'Martinez',
  'Williams',
  'Sharma',
  'Brown',
  'Tanaka',
  'Smith',
  'Hassan',
  'Dubois',
  'Kim',
  'Rossi',
  'Muller',
  'Nguyen',
  'Johnson',
  'Patel',
  'Garcia',
  'Mensah',
  'Wilson',
  'Lindqvist',
  'Ling',
  'Adler',
  'Becker',
  'Bello',
  'Laurent',
  'Haddad',
  'Lee',
  'Novak',
  'Costa',
  'Silva',
  'Ivanova',
  'Kowalski',
  'Jensen',
  'Moreau',
  'Rahman',
  'Schmidt',
  'Yilmaz',
  'Alvarez',
  'Fischer',
  'Nakamura',
];
const ORGS = [
  'HireHub',
  'SortStak',
  'Role Builder',
  'Quick Role Check',
  'TalentMLS',
  'TalentSpark',
  'Acme Staffing',
  'Northwind Talent',
  'BrightPath Careers',
  'Summit Ventures',
  'Globex Recruiting',
  'Initech Careers',
  'Umbrella Talent',
  'Stark Staffing',
  'Wayne Recruiting',
  'Hooli Jobs',
  'Pied Piper Hiring',
  'Vandelay Talent',
  'Soylent Careers',
  'Tyrell Staffing',
  'Cyberdyne Jobs',
  'Oceanic Hiring',
  'Aperture Careers',
  'Monarch Talent',
  'Gringotts Staffing',
];

const sqlArray = (values: string[]) =>
  `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])`;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-users-'));
  const started = performance.now();
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await migrate(database);
    await seedIfEmpty(database);

    console.log(`Seeding ${USERS.toLocaleString('en-US')} users into ${dir} …`);
    let t0 = performance.now();
    // Indexes are built once after the load (far faster than row by row), from their own
    // definitions as the migrations made them.
    const indexes = await database.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname IN
         ('platform_users_search_trgm_idx', 'platform_users_created_idx', 'platform_users_email_key')`,
    );
    await database.exec(`
      DROP INDEX platform_users_search_trgm_idx;
      DROP INDEX platform_users_created_idx;
      DROP INDEX platform_users_email_key;
      INSERT INTO platform_users (email, full_name, organization, department, is_active, created_at, last_login_at)
      SELECT lower(f || '.' || l || '.' || g || '@' || replace(o, ' ', '') || '.example'),
             CASE WHEN g % 50 = 0 THEN NULL ELSE f || ' ' || l END,
             CASE WHEN g % 33 = 0 THEN NULL ELSE o END,
             (ARRAY['Engineering','Sales','Recruiting','Finance','Operations'])[1 + g % 5],
             g % 40 <> 0,
             timestamptz '2026-06-01 00:00:00+00' - g * interval '1 second' - (g % 997) * interval '1 microsecond',
             CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2026-06-01 00:00:00+00' - (g % 9000) * interval '1 minute' END
        FROM (
          SELECT g,
                 ${sqlArray(FIRST)}[1 + g % ${FIRST.length}] AS f,
                 CASE WHEN g % 50000 = 7 THEN 'Quillfeather'
                      ELSE ${sqlArray(LAST)}[1 + (g / ${FIRST.length}) % ${LAST.length}] END AS l,
                 ${sqlArray(ORGS)}[1 + (g * 7) % ${ORGS.length}] AS o
            FROM generate_series(1, ${USERS}) AS g
        ) AS s;
      INSERT INTO platform_role_assignments (user_id, role, granted_at)
      SELECT id, 'user', created_at FROM platform_users WHERE hashtext(email) % 20 <> 0
      ON CONFLICT DO NOTHING;
      INSERT INTO platform_role_assignments (user_id, role, granted_at)
      SELECT id, 'platform_admin', created_at FROM platform_users WHERE hashtext(email) % 200 = 1
      ON CONFLICT DO NOTHING;
    `);
    const loadSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await database.exec(`${indexes.map((i) => `${i.indexdef};`).join('\n')}\nANALYZE;`);
    const indexSeconds = (performance.now() - t0) / 1000;
    console.log(
      `Loaded in ${loadSeconds.toFixed(0)} s, indexed and analysed in ${indexSeconds.toFixed(0)} s.`,
    );

    const app = createApp({
      database,
      db: database.db,
      config: testConfig({ demoMode: true }),
      now: () => new Date(),
      log: { info() {}, warn() {}, error() {} },
    });
    const headers = { authorization: `Bearer demo-token-${Date.now()}` };
    const get = async (query: string) => {
      const res = await app.request(`/api/admin/users?${query}`, { headers });
      const body = (await res.json()) as UserList;
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    };

    // A cursor half-way down the table: what "page 20,000" costs without OFFSET.
    const [middle] = await database.query<{ ts: string; id: string }>(
      `SELECT created_at::text AS ts, id FROM platform_users
        ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST OFFSET ${Math.floor(USERS / 2)} LIMIT 1`,
    );
    const deepCursor = encodeCursor(middle!.ts, middle!.id);
    const firstPage = await get('limit=25');
    const searchPage = await get('q=garcia&limit=25');

    const cases: [string, string][] = [
      ['first page, no search (with count)', 'limit=25'],
      ['next page (cursor)', `limit=25&cursor=${firstPage.next_cursor}`],
      ['deep page, half-way down (cursor)', `limit=25&cursor=${deepCursor}`],
      ['search email domain "hirehub" (common)', 'q=hirehub'],
      ['search name "garcia" (common)', 'q=garcia'],
      ['search name "garcia", next page (cursor)', `q=garcia&cursor=${searchPage.next_cursor}`],
      ['search organization "northwind talent"', 'q=northwind%20talent'],
      ['search name "quillfeather" (rare)', 'q=quillfeather'],
      ['search email "lucia.nakamura.9" (rare)', 'q=lucia.nakamura.9'],
      ['search "zzqx" (no match)', 'q=zzqx'],
      ['search "li" (2 letters: no trigram)', 'q=li'],
      ['search "qx" (2 letters, no match: full scan)', 'q=qx'],
    ];

    const rows: { name: string; matches: string; p50: number; p95: number }[] = [];
    for (const [name, query] of cases) {
      let body = await get(query);
      for (let i = 1; i < WARMUP; i++) await get(query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        body = await get(query);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      const matches =
        body.total === null
          ? '(later page)'
          : `${body.total.toLocaleString('en-US')}${body.total_exact ? '' : '+'}`;
      rows.push({ name, matches, p50: percentile(times, 50), p95: percentile(times, 95) });
      console.log(`  ${name}: p50 ${percentile(times, 50).toFixed(1)} ms`);
    }

    const cpus = os.cpus();
    console.log(
      `\nGET /api/admin/users on ${USERS.toLocaleString('en-US')} users, PGlite ${database.kind === 'pglite' ? '(embedded, on disk)' : ''}, ${RUNS} runs each after ${WARMUP} warm-up`,
    );
    console.log(
      `Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    const w = Math.max(...rows.map((r) => r.name.length));
    console.log(`| ${'case'.padEnd(w)} | matches      | p50 ms | p95 ms |`);
    console.log(`| ${'-'.repeat(w)} | ------------ | -----: | -----: |`);
    for (const r of rows) {
      console.log(
        `| ${r.name.padEnd(w)} | ${r.matches.padEnd(12)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} |`,
      );
    }
    console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
