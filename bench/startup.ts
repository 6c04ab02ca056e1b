/**
 * npm run bench:startup — start-up time and idle memory of the built server
 * (`node dist/server/index.js`, as `npm start` runs it), beside their targets:
 * spawn to the first 200 from /api/health, the CPU time used by then, and the
 * resident memory 2 s later, idle. Two data folders: a new, empty one (the first
 * start creates the database) and one holding 10,000 users.
 *
 *   BENCH_RUNS=3          starts per case; the median is printed (default 3)
 *   BENCH_CPU_PROF=<dir>  each server process writes a CPU profile into <dir> when it stops
 *                         (also for npm run bench:api, which starts its servers here)
 *
 * `npm run bench:api` measures the same way on its own data folders.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import { ensureBuilt } from '../scripts/build/build-stamp.mjs';
import { printTable } from './markdown-table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Targets: start to healthy with existing data, on a new data folder; idle resident memory. */
export const STARTUP_TARGETS = { existingMs: 1000, newFolderMs: 2000, idleRssMiB: 200 };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls /api/health until it answers 200; returns the milliseconds since `since`. */
export async function waitForHealth(
  base: string,
  child: ChildProcess,
  since: number,
  limitMs: number,
) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > limitMs) throw new Error(`${base} did not answer in time`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resident memory of a process in MiB (Linux /proc; ps elsewhere). */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout;
  return Number(out.trim()) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms; NaN where /proc is missing. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export type Started = {
  child: ChildProcess;
  base: string;
  startupMs: number;
  startupCpuMs: number;
};

export async function startProcess(
  args: string[],
  env: (port: number) => Record<string, string>,
): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_CPU_PROF=<dir>: every server process writes a CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF;
  const profArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [];
  const child = spawn(process.execPath, [...profArgs, ...args], {
    cwd: root,
    env: { ...process.env, ...env(port), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const startupMs = await waitForHealth(base, child, started, 120_000);
    return { child, base, startupMs, startupCpuMs: cpuMs(child.pid!) };
  } catch (err) {
    await stop(child);
    throw err;
  }
}

export const IDLE_MS = 2000;

export type Footprint = { startupMs: number; startupCpuMs: number; idleRss: number };

/** The Node flags of `npm start` (its script is `node <flags> scripts/dev/start.mjs`). */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = pkg.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start does not run node: ${pkg.scripts.start}`);
  return words.filter((w) => w.startsWith('--'));
}

/**
 * `node <npm start's flags> dist/server/index.js` on a data folder: time to a 200 from
 * /api/health, then idle RSS.
 */
export async function builtServerFootprint(dataDir: string): Promise<Footprint> {
  const started = await startProcess([...startFlags(), 'dist/server/index.js'], () => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
  }));
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleRss = rssMiB(started.child.pid!);
  await stop(started.child);
  return { startupMs: started.startupMs, startupCpuMs: started.startupCpuMs, idleRss };
}

/** The first start of the built server on a new, empty data folder (removed afterwards). */
export async function firstStartFootprint(): Promise<Footprint> {
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-empty-'));
  try {
    return await builtServerFootprint(emptyDir);
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
  }
}

/** A data folder as a first start leaves it, plus `users` sample users with roles. */
async function dataDirWithUsers(users: number): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-users-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await migrate(database);
    await seedIfEmpty(database, { demoMode: true });
    await database.exec(`
      INSERT INTO platform_users (email, full_name, organization, is_active, created_at)
      SELECT 'user' || g || '@bench.example', 'Bench User ' || g, 'Bench Org ' || g % 97, true,
             timestamptz '2026-06-01 00:00:00+00' - g * interval '1 second'
        FROM generate_series(1, ${users}) AS g;
      INSERT INTO platform_role_assignments (user_id, role, granted_at)
      SELECT id, 'user', created_at FROM platform_users WHERE email LIKE '%@bench.example'
      ON CONFLICT DO NOTHING;
      ANALYZE;`);
  } finally {
    await database.close();
  }
  return dir;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function medianOf(runs: number, one: () => Promise<Footprint>): Promise<Footprint> {
  const all: Footprint[] = [];
  for (let i = 0; i < runs; i++) all.push(await one());
  return {
    startupMs: median(all.map((f) => f.startupMs)),
    startupCpuMs: median(all.map((f) => f.startupCpuMs)),
    idleRss: median(all.map((f) => f.idleRss)),
  };
}

const verdict = (value: number, target: number) => (value <= target ? 'met' : 'missed');

/** Prints each figure beside its target. */
export function printStartupTargets(
  cases: { name: string; footprint: Footprint; targetMs: number }[],
) {
  const rows = cases.flatMap(({ name, footprint: f, targetMs }) => [
    [
      `${name}: start-up ms`,
      f.startupMs.toFixed(0),
      `≤ ${targetMs}`,
      verdict(f.startupMs, targetMs),
    ],
    [`${name}: start-up CPU ms`, f.startupCpuMs.toFixed(0), '', ''],
    [
      `${name}: idle RSS MiB`,
      f.idleRss.toFixed(0),
      `≤ ${STARTUP_TARGETS.idleRssMiB}`,
      verdict(f.idleRss, STARTUP_TARGETS.idleRssMiB),
    ],
  ]);
  printTable(['figure', 'value', 'target', 'met?'], rows);
}

async function main() {
  if (!ensureBuilt(root, (m) => console.log(m))) process.exit(1);
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  console.log(`Start-up on a new, empty data folder (${runs} runs) …`);
  const firstStart = await medianOf(runs, firstStartFootprint);
  console.log('Seeding 10,000 users …');
  const usersDir = await dataDirWithUsers(10_000);
  let existing;
  try {
    console.log(`Start-up on 10,000 users (${runs} runs) …`);
    existing = await medianOf(runs, () => builtServerFootprint(usersDir));
  } finally {
    rmSync(usersDir, { recursive: true, force: true });
  }
  console.log(
    `\nNode ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  printStartupTargets([
    {
      name: 'new, empty data folder',
      footprint: firstStart,
      targetMs: STARTUP_TARGETS.newFolderMs,
    },
    { name: '10,000 users', footprint: existing, targetMs: STARTUP_TARGETS.existingMs },
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
