import fc from 'fast-check';

/** Strings for malformed requests: the odd, the huge, and text no database column can hold. */

/** Text PostgreSQL cannot store: NUL and unpaired UTF-16 surrogates. */
export const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'];

/**
 * Full names no entry point may take (src/shared/schemas/text.ts): terminal escapes, line breaks,
 * NUL, other control characters, the line separator and the bidirectional overrides.
 */
export const UNFIT_NAMES = [
  'Eve\u001b[31m',
  'A\r\nB',
  'Line\nbreak',
  '\u0000',
  'Tab\tbed',
  'Bell\u0007',
  'Next\u0085line',
  'Line\u2028separator',
  'Mallory\u202egnp.exe',
  'Isolate\u2066d',
];

const ODD = [
  '',
  ' ',
  '\t',
  '\r\n',
  '\u0007',
  '\u001b[31m',
  '\u202e',
  '\ufeff',
  '\u2028',
  'ǅİß',
  '💥',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  '"',
  '{}',
  '[]',
  '__proto__',
  'constructor',
];

/** Huge and empty strings, unicode and control characters, NUL. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNSTORABLE, ...ODD),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0007', '\ud800', '\udc00', 'é', '😀', 'a', ' ', '%'),
    maxLength: 12,
  }),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n)),
);

/** Percent-encodes any string, unpaired surrogates included (as their raw 3-byte forms). */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (high && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}
