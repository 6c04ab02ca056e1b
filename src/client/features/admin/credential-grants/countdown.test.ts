import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown } from './countdown';

describe('countdown', () => {
  it('shows minutes and seconds as mm:ss, rounding up to the next second', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(5 * 60_000 - 1)).toBe('05:00');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(9_000)).toBe('00:09');
    expect(formatCountdown(120 * 60_000)).toBe('120:00');
  });

  it('stops at zero', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });

  it('reads out in words', () => {
    expect(describeCountdown(61_000)).toBe('1 minute 1 second remaining');
    expect(describeCountdown(125_000)).toBe('2 minutes 5 seconds remaining');
    expect(describeCountdown(4_000)).toBe('4 seconds remaining');
  });
});
