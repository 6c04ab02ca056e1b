#!/usr/bin/env node
// `npm run db:migration -- <name>`: drafts the SQL migration for what changed
// in src/server/db/schema.ts since the last commit, and writes it where the
// server reads migrations (src/server/db/migrations/NNNN_<name>.sql, the next
// number). drizzle-kit diffs two schemas, so the draft is made in .drizzle-draft/
// (git-ignored, emptied first): once for the committed schema (the baseline)
// and once for the schema as it is now. Review the SQL before committing it:
// a rename comes out as a drop and an add, and data changes are not drafted.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const draft = path.join(root, '.drizzle-draft');
const migrations = path.join(root, 'src/server/db/migrations');
const schema = 'src/server/db/schema.ts';

function fail(message) {
  console.error(`db:migration: ${message}`);
  process.exit(1);
}

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name))
  fail(
    'give the migration a name in lower case with underscores: npm run db:migration -- add_user_title',
  );

function drizzleKit(schemaFile, migrationName) {
  execFileSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    [
      'generate',
      '--dialect=postgresql',
      `--schema=${schemaFile}`,
      `--out=${path.relative(root, draft)}`,
      `--name=${migrationName}`,
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

const sqlFiles = () => readdirSync(draft).filter((file) => file.endsWith('.sql'));

rmSync(draft, { recursive: true, force: true });
mkdirSync(draft, { recursive: true });

// The baseline: the schema as committed (inside the project, so that its imports resolve; its
// own modules, such as its column types, are imported from where the schema lives).
const committed = path.join(draft, 'committed-schema.ts');
try {
  const text = execFileSync('git', ['show', `HEAD:${schema}`], { cwd: root }).toString();
  const from = path.relative(draft, path.join(root, path.dirname(schema)));
  writeFileSync(committed, text.replaceAll("from './", `from '${from}/`));
} catch {
  fail(`cannot read ${schema} at HEAD (is this a git checkout?)`);
}
drizzleKit(path.relative(root, committed), 'baseline');
const before = new Set(sqlFiles());

drizzleKit(schema, name);
const drafted = sqlFiles().filter((file) => !before.has(file));
if (drafted.length === 0) {
  console.log(`db:migration: ${schema} has not changed since the last commit; nothing written.`);
  process.exit(0);
}

const numbers = readdirSync(migrations)
  .map((file) => /^(\d{4})_.*\.sql$/.exec(file)?.[1])
  .filter(Boolean)
  .map(Number);
const next = String(numbers.length === 0 ? 0 : Math.max(...numbers) + 1).padStart(4, '0');
const target = path.join(migrations, `${next}_${name}.sql`);
copyFileSync(path.join(draft, drafted[0]), target);
console.log(
  `db:migration: wrote ${path.relative(root, target)}. Review it, add a first line saying why ` +
    '(-- comment), then start the server or run the API tests to apply it.',
);
