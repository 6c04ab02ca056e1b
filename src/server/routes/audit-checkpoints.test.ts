import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAuditEvents } from '../audit/chain/append';
import {
  CHECKPOINT_CADENCE,
  checkpointIfDue,
  recordCheckpoint,
  rotateAuditSigningKey,
} from '../audit/checkpoints';
import { verifyExport } from '../audit/proof/export-manifest';
import { publicJwkOf } from '../audit/proof/signed-bytes';
import { verifyCheckpointSeries } from '../audit/proof/verify-checkpoints';
import { parseAuditSigningKey, useAuditSigningKey } from '../audit/signing-key';
import { createTestContext, type TestContext } from '../testing/harness';
import { TEST_AUDIT_SIGNING_KEY } from '../testing/test-audit-chain-key';

let t: TestContext;
let demo: string;
const testKey = parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'test');
const testKeyId = publicJwkOf(testKey).kid;

const events = (n: number, type = 'test.signed') =>
  Array.from({ length: n }, (_, i) => ({
    source: 'server' as const,
    eventType: type,
    details: { n: i, note: i === 1 ? 'a "quoted", multi\nline cell' : `row ${i}` },
  }));

/** The whole public feed, page by page, as an outsider fetches it. */
async function feed(limit = 500) {
  const keys = await t.call('GET', '/api/audit/public-key');
  expect(keys.status).toBe(200);
  const checkpoints = [];
  let after = 0;
  for (;;) {
    const page = await t.call('GET', `/api/audit/checkpoints?after=${after}&limit=${limit}`);
    expect(page.status).toBe(200);
    checkpoints.push(...page.json.checkpoints);
    if (page.json.next_cursor === null) break;
    after = page.json.next_cursor;
  }
  return { keys: keys.json.keys, checkpoints, current: keys.json.current_key_id };
}

beforeAll(async () => {
  t = await createTestContext();
  demo = t.demoToken();
  await appendAuditEvents(t.db, events(4));
});
afterAll(() => {
  useAuditSigningKey(testKey);
  return t.close();
});

describe('signed checkpoints', () => {
  it('publishes the key as JWK and PEM and a feed that verifies with it alone', async () => {
    const first = await recordCheckpoint(t.db, new Date());
    await appendAuditEvents(t.db, events(3));
    const second = await recordCheckpoint(t.db, new Date());
    expect(second!.seq).toBeGreaterThan(first!.seq);
    const series = await feed(1);
    expect(series.current).toBe(testKeyId);
    expect(series.keys[0]).toMatchObject({
      key_id: testKeyId,
      jwk: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
      rotation: null,
    });
    expect(series.keys[0].pem).toContain('BEGIN PUBLIC KEY');
    expect(series.checkpoints).toHaveLength(2);
    expect(verifyCheckpointSeries(series, { trustedKeyId: testKeyId })).toMatchObject({
      ok: true,
      checked: 2,
    });
  });

  it('stores one checkpoint per head, however many sign it at once', async () => {
    await appendAuditEvents(t.db, events(1));
    const signed = await Promise.all([1, 2, 3].map(() => recordCheckpoint(t.db, new Date())));
    expect(new Set(signed.map((c) => c!.signature)).size).toBe(1);
    const [{ n }] = (await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_checkpoints WHERE seq = $1`,
      [signed[0]!.seq],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('signs on the cadence: not when the trail has not moved, at once after enough events', async () => {
    const now = new Date();
    expect(await checkpointIfDue(t.db, now)).toBeNull();
    await appendAuditEvents(t.db, events(2));
    expect(await checkpointIfDue(t.db, now)).toBeNull();
    const later = new Date(now.getTime() + CHECKPOINT_CADENCE.everyMs);
    expect(await checkpointIfDue(t.db, later)).not.toBeNull();
  });

  it('refuses a page cursor that is not a seq, and a limit out of range', async () => {
    for (const query of ['after=-1', 'after=x', 'limit=0', 'limit=501', 'other=1']) {
      const res = await t.call('GET', `/api/audit/checkpoints?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('signed exports', () => {
  for (const format of ['csv', 'jsonl'] as const) {
    it(`serves a ${format} export with a manifest that proves it and names an edited row`, async () => {
      const res = await t.call('GET', `/api/admin/audit/export?type=test.signed&format=${format}`, {
        token: demo,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(format === 'csv' ? 'text/csv' : 'jsonl');
      expect(res.headers.get('content-disposition')).toContain(`.${format}"`);
      const id = res.headers.get('x-audit-export-id');
      expect(res.headers.get('link')).toBe(
        `</api/admin/audit/exports/${id}/manifest>; rel="describedby"`,
      );
      const manifest = await t.call('GET', `/api/admin/audit/exports/${id}/manifest`, {
        token: demo,
      });
      expect(manifest.status).toBe(200);
      expect(manifest.json).toMatchObject({
        export_id: id,
        file_format: format,
        rows: 10,
        filters: { type: 'test.signed', actor: null },
        key_id: testKeyId,
      });
      const first = manifest.json.row_sha256[0].seq;
      expect(manifest.json.seq_range).toEqual({
        first: manifest.json.row_sha256.at(-1).seq,
        last: first,
      });
      // The covering checkpoint is the head after the export's own record, and is published.
      expect(manifest.json.checkpoint.seq).toBeGreaterThan(first);
      const series = await feed();
      expect(series.checkpoints).toContainEqual(manifest.json.checkpoint);

      const file = Buffer.from(res.text, 'utf8');
      expect(verifyExport(file, manifest.json, { trustedKeyIds: [testKeyId] })).toMatchObject({
        ok: true,
        rows: 10,
      });
      const edited = res.text.replace('row 3', 'row 4');
      const [victim] = await t.database.query<{ seq: string }>(
        `SELECT seq FROM audit_events WHERE event_type = 'test.signed' AND details->>'note' = 'row 3'`,
      );
      expect(verifyExport(Buffer.from(edited), manifest.json)).toMatchObject({
        ok: false,
        check: 'row',
        seq: Number(victim!.seq),
      });
    });
  }

  it('refuses an unknown format, a malformed id and an unknown export', async () => {
    expect(
      (await t.call('GET', '/api/admin/audit/export?format=xml', { token: demo })).status,
    ).toBe(400);
    expect(
      (await t.call('GET', '/api/admin/audit/exports/nope/manifest', { token: demo })).status,
    ).toBe(400);
    const unknown = await t.call(
      'GET',
      '/api/admin/audit/exports/5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e/manifest',
      { token: demo },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('rotation', () => {
  it('publishes the statement the old key signed, and the feed verifies across it', async () => {
    const next = generateKeyPairSync('ed25519').privateKey;
    const statement = await rotateAuditSigningKey(t.db, testKey, next, new Date());
    await appendAuditEvents(t.db, events(1, 'test.after'));
    const after = await recordCheckpoint(t.db, new Date());
    expect(after!.key_id).toBe(publicJwkOf(next).kid);
    const series = await feed();
    expect(series.current).toBe(publicJwkOf(next).kid);
    expect(series.keys[1].rotation).toEqual(statement);
    expect(verifyCheckpointSeries(series, { trustedKeyId: testKeyId })).toMatchObject({
      ok: true,
      keys: [testKeyId, publicJwkOf(next).kid],
    });
    // The retired key may no longer rotate.
    await expect(
      rotateAuditSigningKey(t.db, testKey, generateKeyPairSync('ed25519').privateKey, new Date()),
    ).rejects.toThrow(/not the database's current key/);
  });
});

describe('the public reads', () => {
  it('are limited per address, and only for that address', async () => {
    const from = async (ip: string) =>
      (
        await t.app.request(
          '/api/audit/public-key',
          {},
          {
            incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } },
          },
        )
      ).status;
    let status = 200;
    for (let i = 0; i < 130 && status === 200; i++) status = await from('192.0.2.70');
    expect(status).toBe(429);
    expect(await from('192.0.2.71')).toBe(200);
  });
});
