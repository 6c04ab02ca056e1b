/**
 * `npm run audit:verify-checkpoints` and `npm run audit:verify-export`, run on saved files as
 * an outsider runs them: exit 0 for an intact series or export, 1 naming the first bad
 * checkpoint or altered row, 2 when they cannot check.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFile } from '../../src/server/audit/proof/export-manifest';
import {
  checkpointBytes,
  EXPORT_FORMAT,
  manifestBytes,
  publicJwkOf,
  signBytes,
  type SignedCheckpoint,
} from '../../src/server/audit/proof/signed-bytes';
import { parseAuditSigningKey } from '../../src/server/audit/signing-key';
import { TEST_AUDIT_SIGNING_KEY } from '../../src/server/testing/test-audit-chain-key';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const key = parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'test');
const jwk = publicJwkOf(key);

async function script(name: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [`scripts/ops/${name}.ts`, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function checkpoint(seq: number, count: number, head = 'c'): SignedCheckpoint {
  const body = {
    seq,
    head_hash: head.repeat(64),
    event_count: count,
    signed_at: new Date(Date.UTC(2026, 5, 1, 0, seq)).toISOString(),
    key_id: jwk.kid,
  };
  return { ...body, signature: signBytes(key, checkpointBytes(body)) };
}

let dir: string;
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};
const keys = [
  { key_id: jwk.kid, jwk, pem: '', created_at: '2026-06-01T00:00:00.000Z', rotation: null },
];
const series = (checkpoints: SignedCheckpoint[]) => JSON.stringify({ keys, checkpoints });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'audit-proofs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run audit:verify-checkpoints', () => {
  const good = [checkpoint(2, 2), checkpoint(5, 4), checkpoint(9, 8)];

  it('passes a saved series under the trusted key', async () => {
    const result = await script('audit-verify-checkpoints', [
      file('good.json', series(good)),
      '--trust',
      jwk.kid,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('3 checkpoints verified');
  }, 60_000);

  it('names a forged checkpoint, a reordered series and a fork', async () => {
    const forged = good.map((c) => ({ ...c }));
    forged[1]!.head_hash = 'd'.repeat(64);
    let result = await script('audit-verify-checkpoints', [file('forged.json', series(forged))]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('(signature): checkpoint 2 (seq 5)');

    result = await script('audit-verify-checkpoints', [
      file('reordered.json', series([good[0]!, good[2]!, good[1]!])),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('(order): checkpoint 3 (seq 5)');

    // A fork across two saved series: each is fine on its own.
    const other = file('other.json', series([checkpoint(5, 4, 'e')]));
    result = await script('audit-verify-checkpoints', [file('good.json', series(good)), other]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('(fork): seq 5');
  }, 60_000);

  it('stops with a message when a source cannot be read', async () => {
    const result = await script('audit-verify-checkpoints', [path.join(dir, 'missing.json')]);
    expect(result.code).toBe(2);
  }, 60_000);
});

describe('npm run audit:verify-export', () => {
  const text =
    'seq,event_type,details\r\n9,b.two,"{""note"":""x""}"\r\n7,a.one,{}\r\n4,a.zero,{}\r\n';
  const unsigned = {
    format: EXPORT_FORMAT,
    export_id: '5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e',
    exported_at: '2026-06-01T12:00:00.000Z',
    filters: { type: null },
    truncated: false,
    ...describeFile('csv', text, [9, 7, 4]),
    checkpoint: checkpoint(10, 10),
    public_key: jwk,
    key_id: jwk.kid,
  };
  const manifest = JSON.stringify({
    ...unsigned,
    signature: signBytes(key, manifestBytes(unsigned)),
  });

  it('passes the untouched file and names the row of an edited cell', async () => {
    const m = file('manifest.json', manifest);
    let result = await script('audit-verify-export', [file('a.csv', text), m, '--trust', jwk.kid]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('holds the 3 rows exactly as exported');
    result = await script('audit-verify-export', [
      file('b.csv', text.replace('a.one', 'a.on3')),
      m,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('row 2 (event #7) was altered');
  }, 60_000);

  it('does the same for JSON Lines', async () => {
    const lines = '{"seq":9,"event_type":"b.two"}\n{"seq":7,"event_type":"a.one"}\n';
    const body = {
      ...unsigned,
      ...describeFile('jsonl', lines, [9, 7]),
    };
    const m = file(
      'lines.manifest.json',
      JSON.stringify({ ...body, signature: signBytes(key, manifestBytes(body)) }),
    );
    let result = await script('audit-verify-export', [file('a.jsonl', lines), m]);
    expect(result.code, result.stderr).toBe(0);
    result = await script('audit-verify-export', [
      file('b.jsonl', lines.replace('b.two', 'b.tw0')),
      m,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('row 1 (event #9) was altered');
  }, 60_000);
});
