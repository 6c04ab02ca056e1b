/**
 * npm run bench:users-queries -- <data dir> [runs] — the users list's filters, orders and facet
 * counts timed in process (no HTTP, no autocannon) on a kept embedded database, such as the one
 * `BENCH_ONLY=seed BENCH_SIZES=1000000 BENCH_KEEP=/some/dir npm run bench:api` seeds. Applies the
 * pending migrations first (and prints how long they took), calls every case once, then calls
 * listUsers and userFacets `runs` times per case after one more warm-up and prints the median and
 * the fastest, and the median CPU time of the process (PGlite runs in it: the figure to compare on
 * a loaded machine). A case whose warm-up takes more than 3 s is timed once. ONLY=<regexp> picks
 * cases by name. DATABASE_BUFFERS_MB sizes the database's buffer pool, as for the server.
 */
import os from 'node:os';
import type { UserFilters } from '../src/shared/schemas/user-list';
import { listUsers, userFacets } from '../src/server/users/directory';
import { loadConfig } from '../src/server/core/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/users-queries.ts <data dir> [runs]');
const runs = Number(process.argv[3] ?? 10);

type Case = [name: string, kind: 'list' | 'facets', filters: UserFilters & Record<string, unknown>];
const CASES: Case[] = [
  ['role platform_admin', 'list', { role: ['platform_admin'] }],
  [
    'role platform_admin by name desc',
    'list',
    { role: ['platform_admin'], sort: 'name', dir: 'desc' },
  ],
  [
    'role admins inactive by last_login asc',
    'list',
    { role: ['platform_admin', 'super_admin'], status: 'inactive', sort: 'last_login', dir: 'asc' },
  ],
  ['role none', 'list', { role: ['none'] }],
  ['status inactive', 'list', { status: 'inactive' }],
  ['org Zephyrine Labs', 'list', { org: ['Zephyrine Labs'] }],
  ['org none', 'list', { org: [null] }],
  ['never signed in', 'list', { never: true }],
  ['org Northwind Talent by name', 'list', { org: ['Northwind Talent'], sort: 'name' }],
  ['org Northwind Talent by email', 'list', { org: ['Northwind Talent'], sort: 'email' }],
  ['org HireHub by name desc', 'list', { org: ['HireHub'], sort: 'name', dir: 'desc' }],
  ['two orgs by name', 'list', { org: ['HireHub', 'Northwind Talent'], sort: 'name' }],
  [
    'org Northwind Talent or none by email',
    'list',
    { org: ['Northwind Talent', null], sort: 'email' },
  ],
  ['org none by name', 'list', { org: [null], sort: 'name' }],
  ['inactive by name', 'list', { status: 'inactive', sort: 'name' }],
  ['inactive by email', 'list', { status: 'inactive', sort: 'email' }],
  ['inactive by last sign-in', 'list', { status: 'inactive', sort: 'last_login' }],
  ['never signed in by name', 'list', { never: true, sort: 'name' }],
  ['never signed in oldest first', 'list', { never: true, sort: 'newest', dir: 'asc' }],
  ['role none by name', 'list', { role: ['none'], sort: 'name' }],
  ['search hirehub', 'list', { q: 'hirehub' }],
  ['search northwind talent', 'list', { q: 'northwind talent' }],
  ['search garcia', 'list', { q: 'garcia' }],
  ['search li', 'list', { q: 'li' }],
  ['search lucia.nakamura.9', 'list', { q: 'lucia.nakamura.9' }],
  ['search zzqx', 'list', { q: 'zzqx' }],
  [
    'northwind talent in Northwind Talent by name',
    'list',
    { q: 'northwind talent', org: ['Northwind Talent'], sort: 'name' },
  ],
  [
    'lucia.nakamura.9 active by email',
    'list',
    { q: 'lucia.nakamura.9', status: 'active', sort: 'email' },
  ],
  ['sort name', 'list', { sort: 'name' }],
  ['sort organization desc', 'list', { sort: 'organization', dir: 'desc' }],
  ['sort last_login asc', 'list', { sort: 'last_login', dir: 'asc' }],
  [
    'active HireHub garcia by name',
    'list',
    { status: 'active', org: ['HireHub'], q: 'garcia', sort: 'name' },
  ],
  [
    'org HireHub garcia by email desc',
    'list',
    { org: ['HireHub'], q: 'garcia', sort: 'email', dir: 'desc' },
  ],
  [
    'inactive garcia by organization',
    'list',
    { status: 'inactive', q: 'garcia', sort: 'organization' },
  ],
  ['facets no filter', 'facets', {}],
  ['facets role platform_admin', 'facets', { role: ['platform_admin'] }],
  ['facets search garcia', 'facets', { q: 'garcia' }],
  ['facets search li', 'facets', { q: 'li' }],
  ['facets search hirehub', 'facets', { q: 'hirehub' }],
  ['facets search zzqx', 'facets', { q: 'zzqx' }],
  ['facets search northwind talent', 'facets', { q: 'northwind talent' }],
  ['facets search lucia.nakamura.9', 'facets', { q: 'lucia.nakamura.9' }],
  [
    'facets search garcia active HireHub',
    'facets',
    { q: 'garcia', status: 'active', org: ['HireHub'] },
  ],
  ['facets search garcia role none', 'facets', { q: 'garcia', role: ['none'] }],
  ['facets role none', 'facets', { role: ['none'] }],
  ['facets status active', 'facets', { status: 'active' }],
  ['facets never', 'facets', { never: true }],
  [
    'facets inactive never org Zephyrine Labs',
    'facets',
    { status: 'inactive', never: true, org: ['Zephyrine Labs', null] },
  ],
  ['facets role user,none active', 'facets', { role: ['user', 'none'], status: 'active' }],
];

async function main() {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: dir!,
    buffersMb: loadConfig(process.env).databaseBuffersMb,
  });
  try {
    let t = performance.now();
    const applied = await migrate(database);
    console.log(
      `migrations applied: ${applied.join(', ') || 'none'} (${(performance.now() - t).toFixed(0)} ms)`,
    );
    const now = new Date();
    const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
    const picked = CASES.filter(([name]) => !only || only.test(name));
    // One pass over every case first: the first queries of a process also pay for compiling
    // PGlite's WebAssembly, which would land on whichever case comes first.
    for (const [, kind, filters] of picked) {
      if (kind === 'list') await listUsers(database.db, { limit: 25, ...filters }, now);
      else await userFacets(database.db, filters, now);
    }
    for (const [name, kind, filters] of picked) {
      const times: number[] = [];
      const cpu: number[] = [];
      let info = '';
      for (let i = 0; i <= runs; i++) {
        t = performance.now();
        const cpu0 = process.cpuUsage();
        if (kind === 'list') {
          const page = await listUsers(database.db, { limit: 25, ...filters }, now);
          info = `total ${page.total}${page.total_exact ? '' : '+'}`;
        } else {
          const facets = await userFacets(database.db, filters, now);
          const none = facets.role.find((o) => o.value === 'none');
          info = `none ${none?.count}${none?.exact ? '' : '+'}`;
        }
        const took = performance.now() - t;
        const used = process.cpuUsage(cpu0);
        if (i > 0 || took > 3000) {
          times.push(took);
          cpu.push((used.user + used.system) / 1000);
        }
        if (i === 0 && took > 3000) break;
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(32)} median ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(8)} ms` +
          `  fastest ${times[0]!.toFixed(1).padStart(8)} ms  CPU median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(1).padStart(8)} ms` +
          `  (${info}; load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
