import { describe, expect, it } from 'vitest';
import { formulaCellsInAnyView, parseCsv } from '../testing/csv-parse';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'neutralises a formula-looking cell %j',
    (cell) => {
      expect(csvCell(cell).replace(/^"/, '').startsWith(`'`)).toBe(true);
    },
  );

  /** Cells whose formula follows a separator that a spreadsheet may be set to split on. */
  const BEHIND_A_SEPARATOR = [
    'Eve;=1+2',
    'a,=b',
    'x\t=y',
    'two\n=lines',
    'a\r\n+1',
    'a; =1',
    'a;\t@b',
    'a;"=1"',
    'a;;-1;+2',
    '@SUM(1)',
    '+1',
    '-1',
  ];

  it.each(BEHIND_A_SEPARATOR)('runs no formula in any view of %j', (cell) => {
    const csv = toCsv(['cell'], [[cell], [`x${cell}`], [cell, cell]]);
    expect(formulaCellsInAnyView(csv)).toEqual([]);
    // The raw text shows as a formula in some view, so the check above is not empty by itself.
    expect(formulaCellsInAnyView(cell).length).toBeGreaterThan(0);
  });

  it('writes a formula behind a separator as text, with an apostrophe before it', () => {
    expect(csvCell('Eve;=1+2')).toBe(`Eve;'=1+2`);
    expect(csvCell('a,=b')).toBe(`"a,'=b"`);
    expect(csvCell('x\t=y')).toBe(`x\t'=y`);
    expect(csvCell('a; -1')).toBe(`a; '-1`);
  });

  it('gives ordinary text back unchanged through a CSV parser', () => {
    const cells = [
      `Ève O'Neil`,
      'Acme; Inc.',
      'a,b',
      'say "hi"',
      'two\nlines',
      'x=y',
      '1-2',
      'e-mail+tag@x.example',
      'Smith - Jones',
      'a;b;c',
      '😀',
      '',
    ];
    const [header, row] = parseCsv(toCsv(['a'], [cells]));
    expect(header).toEqual(['a']);
    expect(row).toEqual(cells);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });

  it('writes empty cells for null, JSON for objects and ISO times for dates', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(42)).toBe('42');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
});
