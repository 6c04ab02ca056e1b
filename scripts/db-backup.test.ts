import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
let dir: string;

const env = () => ({
  ...process.env,
  DATA_DIR: path.join(dir, 'data'),
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
});

async function users(): Promise<number> {
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  try {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM platform_users');
    return row!.n;
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'backup-cli-'));
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
  await migrate(db);
  await seedIfEmpty(db);
  await db.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run db:backup / db:restore on the embedded database', () => {
  it('backs up, and a restore brings every row back', async () => {
    const file = path.join(dir, 'b.ndjson.gz');
    const before = await users();
    const backup = await run(tsx, ['scripts/db-backup.ts', file], { cwd: root, env: env() });
    expect(backup.stdout).toMatch(/Backup written to .*b\.ndjson\.gz: \d+ rows in 12 tables\./);

    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    await db.exec(`DELETE FROM platform_users WHERE email LIKE '%example'`);
    await db.close();
    expect(await users()).toBeLessThan(before);

    const restore = await run(tsx, ['scripts/db-restore.ts', file], { cwd: root, env: env() });
    expect(restore.stdout).toContain('Audit chain verified');
    expect(await users()).toBe(before);
  }, 120_000);

  it('refuses to touch a database a running server holds', async () => {
    // The parent of this test process is alive: pretend it is the server.
    writeFileSync(path.join(dir, 'data', 'lock.pid'), `${process.ppid}\nserver\n`);
    try {
      await expect(
        run(tsx, ['scripts/db-backup.ts', path.join(dir, 'x.gz')], { cwd: root, env: env() }),
      ).rejects.toMatchObject({ stderr: expect.stringContaining('is in use by process') });
    } finally {
      rmSync(path.join(dir, 'data', 'lock.pid'), { force: true });
    }
  }, 60_000);
});
