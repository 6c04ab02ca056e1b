import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client';
import { migrate, readMigrations, type Migration } from './migrate';
import { projectRoot } from './paths';

/**
 * A new embedded database starts as a copy of a template: an empty PGlite data
 * folder with every migration applied, made once by `npm run build`. Creating the
 * database (PostgreSQL's initdb) and applying the migrations otherwise cost a first
 * start several seconds of CPU. The seed is not in the template: its dates count
 * back from the first start and its secrets are drawn per installation, so the first
 * start still seeds as it always did.
 */
export const templateDir = path.join(projectRoot, 'dist/db-template');

const STAMP_FILE = 'stamp';
const DATA = 'pglite';

function pgliteVersion(): string {
  try {
    const pkg = path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json');
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Changes whenever a migration or the PGlite version does. The buffer pool's size is not in the
 * data files: a server with another pool opens a copy of the template as it is.
 */
export function templateStamp(migrations: Migration[] = readMigrations()): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\0`);
  for (const m of migrations) hash.update(m.name).update('\0').update(m.sql).update('\0');
  return hash.digest('hex');
}

/** True when `dir` holds a template made from these migrations. */
export function templateIsCurrent(dir = templateDir, stamp = templateStamp()): boolean {
  const file = path.join(dir, STAMP_FILE);
  return existsSync(file) && readFileSync(file, 'utf8') === stamp;
}

/**
 * Makes the template in `dir` unless it is current. Returns true when it made one.
 * Built beside `dir` and renamed into place, so a half-made template is never used.
 */
export async function ensureTemplate(
  dir = templateDir,
  migrations: Migration[] = readMigrations(),
): Promise<boolean> {
  const stamp = templateStamp(migrations);
  if (templateIsCurrent(dir, stamp)) return false;
  const work = mkdtempSync(`${dir}.tmp-`);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: work });
    try {
      await migrate(database, migrations);
      await database.exec('CHECKPOINT');
    } finally {
      await database.close();
    }
    writeFileSync(path.join(work, STAMP_FILE), stamp);
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  return true;
}

/**
 * On a data folder with no database yet, copies in the template when it matches
 * the migrations this build carries. Returns true when it did; otherwise the
 * database is created and migrated as usual. The copy is made beside the
 * database's folder and renamed into place, so an interrupted copy is never
 * mistaken for a database.
 */
export function createFromTemplate(dataDir: string, dir = templateDir): boolean {
  const target = path.resolve(dataDir, DATA);
  if (existsSync(target) && readdirSync(target).length > 0) return false;
  if (!templateIsCurrent(dir)) return false;
  const work = `${target}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  cpSync(path.join(dir, DATA), work, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(work, target);
  return true;
}
