#!/usr/bin/env node
// `npm run test:api:pg`: the tests whose behaviour can differ between the two engines run again
// on a PostgreSQL server (TEST_DATABASE_URL, default the local one). Those are the tests that
// open a test database through the harness (SQL, triggers, locks, LISTEN/NOTIFY, transactions);
// a test without a database does not depend on the engine, and the suites that make databases of
// their own (crash, scale-out, backup) already cover both engines in `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPENS_A_TEST_DATABASE = /\b(createTestContext|openTestDatabase|openMigratedTestDatabase)\(/;

const FOLDERS = ['src/server', 'tests/system', 'scripts'];

/** The test files, relative to the root, that open a test database. */
export function engineTests() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(folder, file)),
  )
    .filter((file) => OPENS_A_TEST_DATABASE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = engineTests();
  console.log(`${files.length} test files on PostgreSQL`);
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const r = spawnSync('npx', ['vitest', 'run', ...files, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  process.exit(r.status ?? 1);
}
