#!/usr/bin/env node
// `npm test`: type-check and lint side by side, then unit, API and system tests,
// then end-to-end tests in Chromium against the production build. Each step is
// the package script of the same name (`npm run typecheck`, …), so the two
// cannot drift.
// Stops at the first failing step and closes with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const results = path.join(root, 'test-results');
const unitJson = path.join(results, 'unit-results.json');
const e2eJson = path.join(results, 'e2e-results.json');
rmSync(unitJson, { force: true });
rmSync(e2eJson, { force: true });

/** `npm run <script> [-- args]`; its exit status. */
const npmRun = (script, args = []) =>
  spawnSync('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    stdio: 'inherit',
  }).status;

/**
 * Commands run side by side, each one's output held and printed whole when it ends (the
 * type-checker, ESLint and Prettier each keep one core busy, so together they take the time
 * of the longest); 0 when every one succeeded.
 */
async function together(commands) {
  const statuses = await Promise.all(
    commands.map(
      ([command, ...args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            console.log(`$ ${[command, ...args].join(' ')}  (${status === 0 ? 'ok' : 'failed'})`);
            if (output.length) process.stdout.write(Buffer.concat(output));
            resolve(status ?? 1);
          });
        }),
    ),
  );
  return statuses.every((s) => s === 0) ? 0 : 1;
}

const started = Date.now();
const tally = { passed: 0, failed: 0, skipped: 0 };
/** Seconds per test file, Vitest's and Playwright's, for the list of the slowest. */
const fileSeconds = new Map();
const relative = (file) => path.relative(root, path.resolve(root, file));
function countVitest() {
  if (!existsSync(unitJson)) return;
  const r = JSON.parse(readFileSync(unitJson, 'utf8'));
  for (const f of r.testResults ?? []) {
    fileSeconds.set(relative(f.name), (f.endTime - f.startTime) / 1000);
  }
  tally.passed += r.numPassedTests ?? 0;
  tally.failed += r.numFailedTests ?? 0;
  tally.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
function countPlaywright() {
  if (!existsSync(e2eJson)) return;
  const report = JSON.parse(readFileSync(e2eJson, 'utf8'));
  const s = report.stats ?? {};
  const testDir = report.config?.rootDir ?? path.join(root, 'tests/e2e');
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const result of t.results ?? []) {
          const name = relative(path.join(testDir, file));
          fileSeconds.set(name, (fileSeconds.get(name) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  tally.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  tally.failed += s.unexpected ?? 0;
  tally.skipped += s.skipped ?? 0;
}

const steps = [
  // `npm run typecheck` and `npm run lint`'s three parts, side by side.
  [
    'type-check and lint',
    () =>
      together([
        ['npm', 'run', 'typecheck'],
        ['npm', 'run', 'lint:code'],
        ['npm', 'run', 'lint:format'],
        ['npm', 'run', 'lint:unused'],
      ]),
  ],
  [
    'unit, API and system tests',
    () => {
      const status = npmRun('test:unit', [
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${unitJson}`,
      ]);
      // Count now: Playwright empties test-results/ when it starts.
      countVitest();
      return status;
    },
  ],
  ['end-to-end tests', () => npmRun('test:e2e')],
];

let failedStep = null;
for (const [name, run] of steps) {
  console.log(`\n▶ ${name}`);
  const status = await run();
  if (status !== 0) {
    failedStep = name;
    break;
  }
}
countPlaywright();
/** The ten slowest files (a Playwright file's time is the sum of its tests' over both workers). */
function printSlowest() {
  const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (!slowest.length) return;
  console.log('\nSlowest test files:');
  for (const [file, seconds] of slowest)
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
}
printSlowest();
console.log(`Total time: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
if (failedStep) {
  console.error(`\n✖ ${failedStep} failed`);
  if (tally.failed === 0) tally.failed = 1;
}
console.log(
  `\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exit(failedStep ? 1 : 0);
