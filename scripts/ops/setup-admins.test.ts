/**
 * `npm run setup:admins`, run as an operator runs it on a fresh install: it
 * prepares the database as the server's start does, creates the three system
 * administrators with their passwords shown once, and a second run changes
 * nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ADMINS } from '../../src/server/setup/system-admins';
import { TEST_AUDIT_CHAIN_KEY } from '../../src/server/testing/setup';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('npm run setup:admins', () => {
  let dir: string;

  async function setUp() {
    try {
      const { stdout, stderr } = await run(tsx, ['scripts/ops/setup-admins.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: path.join(dir, 'data'),
          DATABASE_URL: '',
          DEMO_MODE: 'false',
          LOG_LEVEL: 'silent',
          AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
          SETUP_CONFIRMATION_KEY: '',
        },
      });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const failed = err as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'setup-admins-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the administrators on a fresh data folder, then reports them as there', async () => {
    const first = await setUp();
    expect(first.code, first.stderr).toBe(0);
    for (const admin of SYSTEM_ADMINS) {
      expect(first.stdout).toMatch(
        new RegExp(
          `^created {9}${admin.email.replace(/\./g, '\\.')} {2}password: [\\w-]{24}$`,
          'm',
        ),
      );
    }
    const second = await setUp();
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toContain('password:');
    expect(second.stdout.match(/^already exists {2}/gm)).toHaveLength(SYSTEM_ADMINS.length);
  }, 180_000);
});
