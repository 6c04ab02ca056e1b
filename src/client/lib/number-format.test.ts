import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompactUsd,
  formatCount,
  formatDuration,
  formatRatio,
  formatUsd,
} from './number-format';

describe('number formats', () => {
  it('groups thousands and writes dollars without cents', () => {
    expect(formatCount(1284)).toBe('1,284');
    expect(formatUsd(24000)).toBe('$24,000');
    expect(formatCompactUsd(486200)).toBe('$486.2K');
  });

  it('writes every count as toLocaleString does, whole or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.maxSafeInteger(), fc.integer(), fc.double({ noNaN: false }), fc.constant(-0)),
        (n) => {
          expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
  });

  it('writes ratios as percentages with at most one decimal', () => {
    expect(formatRatio(0.784)).toBe('78.4%');
    expect(formatRatio(0.5)).toBe('50%');
    expect(formatRatio(0.0118)).toBe('1.2%');
    expect(formatRatio(0.0004, 2)).toBe('0.04%');
    expect(formatRatio(0.0021, 2)).toBe('0.21%');
  });

  it('writes durations as minutes and zero-padded seconds', () => {
    expect(formatDuration(112)).toBe('1m 52s');
    expect(formatDuration(65)).toBe('1m 05s');
    expect(formatDuration(42)).toBe('42s');
  });
});
