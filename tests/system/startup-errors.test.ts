import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/testing/server-process';
import { TEST_AUDIT_CHAIN_KEY } from '../../src/server/testing/test-audit-chain-key';

/**
 * A start that cannot go on (README "Configuration") stops with a non-zero
 * exit and one line on stderr naming the setting to change: no stack trace.
 */
async function failedStart(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'src/server/index.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr, lines: stderr.split('\n').filter((l) => l.trim() !== '') };
}

function expectOneLine(result: Awaited<ReturnType<typeof failedStart>>, setting: string) {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.lines, result.stderr).toHaveLength(1);
  expect(result.lines[0]).toContain(setting);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stdout).not.toContain('running at');
}

describe('start-up errors', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'startup-errors-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('a busy port: one line naming PORT', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const result = await failedStart({ PORT: String(port), DATA_DIR: path.join(scratch, 'a') });
      expectOneLine(result, 'PORT');
      expect(result.lines[0]).toBe(
        `Port ${port} on 127.0.0.1 is already in use: stop the other server or choose another PORT.`,
      );
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('a data directory that cannot be made: one line naming DATA_DIR', async () => {
    // Tests may run as root, whom file modes do not stop: a path under a file fails for everyone.
    const file = path.join(scratch, 'not-a-directory');
    writeFileSync(file, 'x');
    const result = await failedStart({ DATA_DIR: path.join(file, 'data') });
    expectOneLine(result, 'DATA_DIR');
    expect(result.lines[0]).toContain('is not writable');
  });

  it('an unreachable DATABASE_URL: one line naming it, without its password', async () => {
    const result = await failedStart({
      DATABASE_URL: 'postgres://nobody:pa55-w0rd-secret@127.0.0.1:1/x',
      DATA_DIR: path.join(scratch, 'b'),
    });
    expectOneLine(result, 'DATABASE_URL');
    expect(result.stderr).not.toContain('pa55-w0rd-secret');
    expect(result.lines[0]).toContain('127.0.0.1:1');
  });

  it('a malformed DATABASE_URL: one line naming it, without its password', async () => {
    const result = await failedStart({
      DATABASE_URL: 'postgres://nobody:pa55-w0rd-secret@127.0.0.1:99999/x',
      DATA_DIR: path.join(scratch, 'c'),
    });
    expectOneLine(result, 'DATABASE_URL');
    expect(result.stderr).not.toContain('pa55-w0rd-secret');
  });
});
