import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../csv';
import { describeFile, verifyExport, type ExportManifest } from './export-manifest';
import {
  checkpointBytes,
  EXPORT_FORMAT,
  keyIdOf,
  manifestBytes,
  publicJwkOf,
  rotationBytes,
  signBytes,
  type PublishedKey,
  type SignedCheckpoint,
} from './signed-bytes';
import { verifyCheckpointSeries } from './verify-checkpoints';
import { TEST_AUDIT_SIGNING_KEY } from '../../testing/test-audit-chain-key';
import { parseAuditSigningKey } from '../signing-key';

/** RFC 8032, 7.1, test 1: the key the tests sign with (TEST_AUDIT_SIGNING_KEY). */
const RFC8032_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const testKey = parseAuditSigningKey(TEST_AUDIT_SIGNING_KEY, 'test');

const keyOf = (privateKey: KeyObject, rotation: PublishedKey['rotation'] = null): PublishedKey => {
  const jwk = publicJwkOf(privateKey);
  return { key_id: jwk.kid, jwk, pem: '', created_at: '2026-06-01T00:00:00.000Z', rotation };
};

function checkpoint(key: KeyObject, seq: number, count: number, head = 'a'): SignedCheckpoint {
  const body = {
    seq,
    head_hash: head.repeat(64).slice(0, 64),
    event_count: count,
    signed_at: new Date(Date.UTC(2026, 5, 1, 0, seq)).toISOString(),
    key_id: publicJwkOf(key).kid,
  };
  return { ...body, signature: signBytes(key, checkpointBytes(body)) };
}

describe('the signed bytes', () => {
  // Written out by hand: an outsider's verifier rebuilds exactly these bytes
  // (docs/decisions/022-signed-checkpoints-and-exports.md).
  it('signs a checkpoint as six lines, with the RFC 7638 thumbprint as the key id', () => {
    const kid = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k'; // RFC 8037, A.3
    expect(publicJwkOf(testKey).kid).toBe(kid);
    const body = {
      seq: 42,
      head_hash: 'ab'.repeat(32),
      event_count: 40,
      signed_at: '2026-06-01T12:00:00.000Z',
      key_id: kid,
    };
    const bytes =
      'talent-audit-checkpoint-v1\n' +
      'seq:42\n' +
      'head:abababababababababababababababababababababababababababababababab\n' +
      'count:40\n' +
      'time:2026-06-01T12:00:00.000Z\n' +
      'key:kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';
    expect(checkpointBytes(body).toString('utf8')).toBe(bytes);
    const signature =
      'f1nyi-8zWEzoxSmQSJ4eN3330oclt6WQdBQmVFDIi5rVqkHAekzin1uMI5_Y7rK36Th9DEesa5jk5QBmNewICg';
    expect(signBytes(testKey, checkpointBytes(body))).toBe(signature);
    // Checked with the RFC's public key bytes alone (SPKI DER: a fixed prefix, then the key).
    const publicKey = createPublicKey({
      key: Buffer.from(`302a300506032b6570032100${RFC8032_PUBLIC}`, 'hex'),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, Buffer.from(bytes), publicKey, Buffer.from(signature, 'base64url'))).toBe(
      true,
    );
  });

  it('signs a rotation statement and a manifest as documented', () => {
    expect(
      rotationBytes({
        from_key_id: 'A',
        to_key_id: 'B',
        to_public_key: 'X',
        after_seq: 7,
        signed_at: '2026-06-01T12:00:00.000Z',
      }).toString('utf8'),
    ).toBe(
      'talent-audit-key-rotation-v1\nfrom:A\nto:B\npublic:X\nafter:7\ntime:2026-06-01T12:00:00.000Z',
    );
    expect(
      manifestBytes({ signature: 's', rows: 2, filters: { type: null, actor: 'a' } }).toString(),
    ).toBe(`${EXPORT_FORMAT}\n{"filters":{"actor":"a","type":null},"rows":2}`);
    expect(keyIdOf('11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo')).toBe(
      'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
    );
  });
});

describe('verifyCheckpointSeries', () => {
  const series = () => ({
    keys: [keyOf(testKey)],
    checkpoints: [
      checkpoint(testKey, 3, 3),
      checkpoint(testKey, 10, 9),
      checkpoint(testKey, 12, 11),
    ],
  });

  it('verifies a series with the public key alone', () => {
    expect(verifyCheckpointSeries(series())).toMatchObject({ ok: true, checked: 3 });
    const kid = publicJwkOf(testKey).kid;
    expect(verifyCheckpointSeries(series(), { trustedKeyId: kid })).toMatchObject({ ok: true });
  });

  it('names a forged signature', () => {
    const s = series();
    s.checkpoints[1]!.event_count = 8;
    expect(verifyCheckpointSeries(s)).toMatchObject({
      ok: false,
      check: 'signature',
      index: 1,
      seq: 10,
    });
    const other = generateKeyPairSync('ed25519').privateKey;
    const t = series();
    t.checkpoints[2] = { ...checkpoint(other, 12, 11), key_id: t.checkpoints[2]!.key_id };
    expect(verifyCheckpointSeries(t)).toMatchObject({ ok: false, check: 'signature', seq: 12 });
  });

  it('names a reordered series', () => {
    const s = series();
    s.checkpoints.reverse();
    expect(verifyCheckpointSeries(s)).toMatchObject({
      ok: false,
      check: 'order',
      index: 1,
      seq: 10,
    });
  });

  it('names a fork: two heads signed for one seq', () => {
    const s = series();
    s.checkpoints.push(checkpoint(testKey, 10, 9, 'b'));
    expect(verifyCheckpointSeries(s)).toMatchObject({
      ok: false,
      check: 'fork',
      index: 3,
      seq: 10,
    });
  });

  it('names a count that falls or outgrows the seq', () => {
    const s = series();
    s.checkpoints[2] = checkpoint(testKey, 12, 12);
    expect(verifyCheckpointSeries(s)).toMatchObject({ ok: false, check: 'count', seq: 12 });
  });

  it('refuses a key that is not the trusted one', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const s = { keys: [keyOf(other)], checkpoints: [checkpoint(other, 1, 1)] };
    expect(verifyCheckpointSeries(s, { trustedKeyId: publicJwkOf(testKey).kid })).toMatchObject({
      ok: false,
      check: 'rotation',
    });
  });

  describe('rotation', () => {
    const next = generateKeyPairSync('ed25519').privateKey;
    const statement = (signer: KeyObject, afterSeq = 10) => {
      const to = publicJwkOf(next);
      const body = {
        from_key_id: publicJwkOf(testKey).kid,
        to_key_id: to.kid,
        to_public_key: to.x,
        after_seq: afterSeq,
        signed_at: '2026-06-02T00:00:00.000Z',
      };
      return { ...body, signature: signBytes(signer, rotationBytes(body)) };
    };
    const rotated = (signer: KeyObject) => ({
      keys: [keyOf(testKey), keyOf(next, statement(signer))],
      checkpoints: [
        checkpoint(testKey, 3, 3),
        checkpoint(testKey, 10, 9),
        checkpoint(next, 12, 11),
      ],
    });

    it('follows the statement the old key signed to the new key', () => {
      expect(
        verifyCheckpointSeries(rotated(testKey), { trustedKeyId: publicJwkOf(testKey).kid }),
      ).toMatchObject({
        ok: true,
        checked: 3,
        keys: [publicJwkOf(testKey).kid, publicJwkOf(next).kid],
      });
    });

    it('refuses a statement the old key did not sign', () => {
      expect(verifyCheckpointSeries(rotated(next))).toMatchObject({ ok: false, check: 'rotation' });
    });

    it('refuses a checkpoint the retired key signed after the rotation', () => {
      const s = rotated(testKey);
      s.checkpoints[2] = checkpoint(testKey, 12, 11);
      expect(verifyCheckpointSeries(s)).toMatchObject({ ok: false, check: 'key', seq: 12 });
    });
  });
});

describe('verifyExport', () => {
  const rows = [
    { seq: 9, event_type: 'b.two', details: { note: 'a "quoted", multi\nline cell' } },
    { seq: 7, event_type: 'a.one', details: {} },
    { seq: 4, event_type: 'a.zero', details: { n: 1 } },
  ];
  const csv =
    'seq,event_type,details\r\n' +
    rows.map((r) => [r.seq, r.event_type, r.details].map(csvCell).join(',')).join('\r\n') +
    '\r\n';
  const jsonl = rows.map((r) => `${JSON.stringify(r)}\n`).join('');

  function manifestOf(format: 'csv' | 'jsonl', text: string): ExportManifest {
    const jwk = publicJwkOf(testKey);
    const unsigned = {
      format: EXPORT_FORMAT,
      export_id: '5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e',
      exported_at: '2026-06-01T12:00:00.000Z',
      filters: { type: null },
      truncated: false,
      ...describeFile(
        format,
        text,
        rows.map((r) => r.seq),
      ),
      checkpoint: checkpoint(testKey, 10, 10),
      public_key: jwk,
      key_id: jwk.kid,
    };
    return { ...unsigned, signature: signBytes(testKey, manifestBytes(unsigned)) };
  }

  for (const [format, text] of [
    ['csv', csv],
    ['jsonl', jsonl],
  ] as const) {
    describe(format, () => {
      const manifest = manifestOf(format, text);
      it('passes the file as exported', () => {
        expect(verifyExport(Buffer.from(text), manifest)).toMatchObject({ ok: true, rows: 3 });
        expect(
          verifyExport(Buffer.from(text), manifest, { trustedKeyIds: [manifest.key_id] }),
        ).toMatchObject({ ok: true });
      });

      it('names the row of an edited cell', () => {
        const edited = text.replace('a.one', 'a.0ne');
        expect(verifyExport(Buffer.from(edited), manifest)).toMatchObject({
          ok: false,
          check: 'row',
          row: 2,
          seq: 7,
        });
      });

      it('names a deleted last row and an added one', () => {
        const records = text.split(format === 'csv' ? '\r\n' : '\n');
        const cut =
          records.slice(0, -2).join(format === 'csv' ? '\r\n' : '\n') +
          (format === 'csv' ? '\r\n' : '\n');
        expect(verifyExport(Buffer.from(cut), manifest)).toMatchObject({
          check: 'row',
          row: 3,
          seq: 4,
        });
        const added = text + (format === 'csv' ? '1,x,{}\r\n' : '{}\n');
        expect(verifyExport(Buffer.from(added), manifest)).toMatchObject({ check: 'rows' });
      });

      it('refuses an altered manifest and an untrusted key', () => {
        const altered = { ...manifest, rows: 2 };
        expect(verifyExport(Buffer.from(text), altered)).toMatchObject({ check: 'signature' });
        expect(
          verifyExport(Buffer.from(text), manifest, { trustedKeyIds: ['other'] }),
        ).toMatchObject({
          check: 'key',
        });
      });
    });
  }

  it('tells line endings changed from a row changed', () => {
    const manifest = manifestOf('csv', csv);
    const lf = csv.replace(/\r\n/g, '\n');
    expect(verifyExport(Buffer.from(lf), manifest)).toMatchObject({ check: 'bytes' });
  });
});

describe('the outsider verifiers', () => {
  // They run without the database or the chain key: the proof modules import only node: and each other.
  it('import nothing but node: modules and the proof folder', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        if (spec!.startsWith('node:')) continue;
        const target = path.resolve(path.dirname(file), `${spec}.ts`);
        expect(
          target.startsWith(path.join(root, 'src/server/audit/proof/')),
          `${file}: ${spec}`,
        ).toBe(true);
        visit(target);
      }
    };
    visit(path.join(root, 'scripts/ops/audit-verify-checkpoints.ts'));
    visit(path.join(root, 'scripts/ops/audit-verify-export.ts'));
    expect(seen.size).toBeGreaterThan(3);
  });
});
