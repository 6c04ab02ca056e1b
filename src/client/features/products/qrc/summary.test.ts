import { describe, expect, it } from 'vitest';
import { recentChecks } from './data';
import { QRC_LABELS } from './labels';
import { summarizeChecks } from './summary';

describe('Quick Role Check persona labels', () => {
  it('names the main action as the product docs say for each persona', () => {
    expect(QRC_LABELS.recruiter.primaryAction).toBe('New Role Check');
    expect(QRC_LABELS.talent.primaryAction).toBe('Start Assessment');
    expect(QRC_LABELS.investor.primaryAction).toBe('View Reports');
  });
});

describe('summarizeChecks', () => {
  it('counts results and averages score and time of the sample checks', () => {
    const s = summarizeChecks(recentChecks);
    expect(s.counts).toEqual({ Pass: 7, Conditional: 3, Fail: 2 });
    expect(s.passRate).toBeCloseTo(7 / 12);
    expect(s.averageScore).toBe(78);
    expect(s.averageTime).toBe(111);
    expect(s.issues).toBe(8);
  });

  it('is all zeros without checks', () => {
    expect(summarizeChecks([])).toEqual({
      counts: { Pass: 0, Conditional: 0, Fail: 0 },
      passRate: 0,
      averageScore: 0,
      averageTime: 0,
      issues: 0,
    });
  });
});
