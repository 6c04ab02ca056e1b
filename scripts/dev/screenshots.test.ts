import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'screenshots.mjs');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('npm run screenshots', () => {
  it('prints its usage for --help and exits, without building or starting a server', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run screenshots -- \[options\]/);
    expect(result.stdout).toContain('--only=WORD');
    expect(result.stdout).not.toMatch(/\d+ screenshots in/);
  });

  it('refuses an option it does not know, with the usage', () => {
    const result = run('--onyl=landing');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown option --onyl=landing\n\nUsage:/);
  });

  it('refuses a width it does not take', () => {
    const result = run('--sizes=390,1024');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^No size 390,1024: the widths are 320, 390, 1366 and 1920/);
  });
});
