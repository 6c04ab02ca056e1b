import {
  checkpointBytes,
  EXPORT_FORMAT,
  keyIdOf,
  manifestBytes,
  publicKeyFromX,
  sha256Hex,
  verifyBytes,
  type PublicJwk,
  type SignedCheckpoint,
} from './signed-bytes';

export const EXPORT_FILE_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];

/**
 * What an audit export's manifest says of its file (docs/product/audit-trail.md#signed-exports),
 * signed with the Ed25519 key over manifestBytes.
 */
export type ExportManifest = {
  format: typeof EXPORT_FORMAT;
  export_id: string;
  file_format: ExportFileFormat;
  exported_at: string;
  filters: Record<string, string | null>;
  rows: number;
  truncated: boolean;
  /** The lowest and highest seq among the rows (rows are newest first); null for none. */
  seq_range: { first: number; last: number } | null;
  /** SHA-256 of the whole file's bytes, hex. */
  file_sha256: string;
  /** SHA-256 of the CSV's header line (without its line break); null for JSON Lines. */
  header_sha256: string | null;
  /** Per row, in file order: its seq and the SHA-256 of its record (without its line break). */
  row_sha256: { seq: number; sha256: string }[];
  /** A head checkpoint at or after the newest row, signed when the file was made. */
  checkpoint: SignedCheckpoint;
  public_key: PublicJwk;
  key_id: string;
  signature: string;
};

/**
 * A CSV file's records (RFC 4180): split at line breaks outside quotes, each without its
 * line break. A CRLF and a lone LF both end a record, so a file whose line endings an editor
 * changed still lines up row by row.
 */
function csvRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '\n') {
      records.push(text.slice(start, i > start && text[i - 1] === '\r' ? i - 1 : i));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** A JSON Lines file's lines, each without its line break. */
function jsonlRecords(text: string): string[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The fields of a manifest that describe its file: hashes per record and over the whole. */
export function describeFile(
  format: ExportFileFormat,
  text: string,
  seqs: number[],
): Pick<
  ExportManifest,
  'file_sha256' | 'header_sha256' | 'row_sha256' | 'rows' | 'seq_range' | 'file_format'
> {
  const records = format === 'csv' ? csvRecords(text) : jsonlRecords(text);
  const header = format === 'csv' ? records.shift()! : null;
  if (records.length !== seqs.length) throw new Error('the file and its rows do not line up');
  return {
    file_format: format,
    file_sha256: sha256Hex(text),
    header_sha256: header === null ? null : sha256Hex(header),
    rows: seqs.length,
    row_sha256: records.map((r, i) => ({ seq: seqs[i]!, sha256: sha256Hex(r) })),
    seq_range: seqs.length ? { first: Math.min(...seqs), last: Math.max(...seqs) } : null,
  };
}

export type ExportCheck =
  'format' | 'key' | 'signature' | 'checkpoint' | 'header' | 'row' | 'rows' | 'bytes';

export type ExportVerification =
  | { ok: true; rows: number; keyId: string; checkpointSeq: number }
  | {
      ok: false;
      check: ExportCheck;
      /** The first altered row (1 = the first after a CSV's header) and its seq, when one is. */
      row: number | null;
      seq: number | null;
      reason: string;
    };

function wellFormed(m: unknown): m is ExportManifest {
  if (!m || typeof m !== 'object') return false;
  const r = m as Record<string, unknown>;
  return (
    r.format === EXPORT_FORMAT &&
    (r.file_format === 'csv' || r.file_format === 'jsonl') &&
    typeof r.file_sha256 === 'string' &&
    Array.isArray(r.row_sha256) &&
    !!r.checkpoint &&
    typeof r.checkpoint === 'object' &&
    !!r.public_key &&
    typeof (r.public_key as { x?: unknown }).x === 'string' &&
    typeof r.key_id === 'string' &&
    typeof r.signature === 'string'
  );
}

/**
 * Whether `file` is exactly what the server exported under `manifest`: the manifest's
 * signature (under a key in `trustedKeyIds` when given), its covering checkpoint, then the
 * file's bytes; when those differ, the header and each row in turn, naming the first that
 * was altered.
 */
export function verifyExport(
  file: Buffer,
  manifest: unknown,
  options: { trustedKeyIds?: string[] } = {},
): ExportVerification {
  const fail = (
    check: ExportCheck,
    reason: string,
    row: number | null = null,
    seq: number | null = null,
  ): ExportVerification => ({ ok: false, check, row, seq, reason });
  if (!wellFormed(manifest))
    return fail('format', `the manifest is not a ${EXPORT_FORMAT} manifest`);
  const m = manifest;
  const publicKey = publicKeyFromX(m.public_key.x);
  if (!publicKey || keyIdOf(m.public_key.x) !== m.key_id) {
    return fail('key', 'the manifest names a key that is not its public key');
  }
  if (options.trustedKeyIds && !options.trustedKeyIds.includes(m.key_id)) {
    return fail('key', `the manifest is signed by key ${m.key_id}, which is not trusted`);
  }
  if (!verifyBytes(publicKey, manifestBytes(m), m.signature)) {
    return fail('signature', "the manifest's signature does not verify: it was altered");
  }
  const c = m.checkpoint;
  if (
    c.key_id !== m.key_id ||
    !verifyBytes(publicKey, checkpointBytes(c), c.signature) ||
    (m.seq_range !== null && c.seq < m.seq_range.last)
  ) {
    return fail('checkpoint', 'the covering checkpoint does not verify or does not cover the rows');
  }
  const text = file.toString('utf8');
  if (sha256Hex(file) === m.file_sha256) {
    return { ok: true, rows: m.rows, keyId: m.key_id, checkpointSeq: c.seq };
  }
  const records = m.file_format === 'csv' ? csvRecords(text) : jsonlRecords(text);
  if (m.header_sha256 !== null && sha256Hex(records.shift() ?? '') !== m.header_sha256) {
    return fail('header', 'the header line was altered');
  }
  for (const [i, expected] of m.row_sha256.entries()) {
    const record = records[i];
    if (record === undefined || sha256Hex(record) !== expected.sha256) {
      return fail(
        'row',
        `row ${i + 1} (event #${expected.seq}) ${record === undefined ? 'is missing' : 'was altered'}`,
        i + 1,
        expected.seq,
      );
    }
  }
  if (records.length !== m.row_sha256.length) {
    return fail(
      'rows',
      `the file has ${records.length} rows, the export had ${m.row_sha256.length}`,
    );
  }
  return fail(
    'bytes',
    "every row is intact, but the file's bytes differ (line endings or added bytes)",
  );
}
