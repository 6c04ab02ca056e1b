import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startFlags } from '../../bench/startup';

/**
 * `npm start` runs Node with the memory settings of docs/performance.md#start-up-and-idle-memory,
 * and the start-up benchmark starts the server with the same flags (it reads them from the script).
 */
describe('npm start', () => {
  it('caps the young generation and runs V8 with one worker thread', () => {
    expect(startFlags()).toEqual(
      expect.arrayContaining(['--max-semi-space-size=2', '--v8-pool-size=1']),
    );
  });

  // Each of V8's worker threads keeps its own malloc arena: fewer threads, less memory kept.
  it.skipIf(process.platform !== 'linux')('starts fewer threads than Node does by default', () => {
    const threads = (flags: string[]) =>
      Number(
        execFileSync(
          process.execPath,
          [
            ...flags,
            '-e',
            "setTimeout(() => console.log(require('node:fs').readdirSync('/proc/self/task').length), 100)",
          ],
          { encoding: 'utf8' },
        ).trim(),
      );
    expect(threads(startFlags())).toBeLessThan(threads([]));
  });
});
