import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_AUDIT_CHAIN_KEY, TEST_AUDIT_SIGNING_KEY } from './test-audit-chain-key';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  /** Origin the server listens at, e.g. http://127.0.0.1:41234 */
  url: string;
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM, then wait for the exit (the server closes its database). */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine's OOM killer strikes. */
  kill: () => Promise<void>;
};

export type StartOptions = {
  /**
   * `built`: node dist/server/index.js (run `npm run build` first).
   * `source`: node --import tsx src/server/index.ts, one process, so that a
   * signal reaches the server itself and not a wrapper.
   */
  entry: 'built' | 'source';
  /** Merged over process.env; DATA_DIR or DATABASE_URL choose the database. */
  env: Record<string, string>;
  /** Longest wait for the "running at" line (the first start migrates and seeds). */
  timeoutMs?: number;
};

/**
 * Starts the server in a child process (PORT 0 unless env says otherwise) and
 * resolves once it prints the address it listens at.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const args =
    options.entry === 'built'
      ? [path.join(repoRoot, 'dist/server/index.js')]
      : ['--import', 'tsx', path.join(repoRoot, 'src/server/index.ts')];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The key this test process verifies the chain with.
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      AUDIT_SIGNING_KEY: TEST_AUDIT_SIGNING_KEY,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^/\s]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, sig) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? sig}) before listening:\n${output}`));
    });
  }).catch(async (err: unknown) => {
    await signal('SIGKILL');
    throw err;
  });
  return {
    url,
    pid: (child as ChildProcess & { pid: number }).pid,
    output: () => output,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
