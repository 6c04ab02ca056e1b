import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../db/paths';
import { createTestContext, type TestContext } from '../testing/harness';

type LintReport = {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
};

/** The pinned Redocly CLI (package.json) with the project's redocly.yaml. */
async function redoclyLint(file: string): Promise<LintReport> {
  const cli = path.join(projectRoot, 'node_modules', '.bin', 'redocly');
  const config = path.join(projectRoot, 'redocly.yaml');
  const run = promisify(execFile);
  const args = ['lint', file, '--config', config, '--format=json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // A lint with problems exits 1 and still prints its report.
  const { stdout } = await run(cli, args, { env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return JSON.parse(stdout) as LintReport;
}

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestContext();
  dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('the API contract', () => {
  it('lints clean with Redocly recommended: no error and no warning', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(res.json, null, 2));
    const report = await redoclyLint(file);
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
