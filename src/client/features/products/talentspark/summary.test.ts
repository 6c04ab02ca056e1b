import { describe, expect, it } from 'vitest';
import { certifications, matchFactors, trainingPrograms } from './data';
import { completionRate, summarizeCertifications, totalWeight } from './summary';

describe('completionRate', () => {
  it('is completed over enrolled, as a rounded percentage', () => {
    expect(completionRate({ enrolled: 1240, completed: 968 })).toBe(78);
    expect(completionRate({ enrolled: 3, completed: 2 })).toBe(67);
  });

  it('is 0 when nobody enrolled and never above 100', () => {
    expect(completionRate({ enrolled: 0, completed: 0 })).toBe(0);
    expect(completionRate({ enrolled: 10, completed: 12 })).toBe(100);
  });

  it('gives every sample programme a rate between 0 and 100', () => {
    for (const p of trainingPrograms) {
      expect(completionRate(p)).toBeGreaterThan(0);
      expect(completionRate(p)).toBeLessThanOrEqual(100);
    }
  });
});

describe('matching model', () => {
  it('has factor weights that add up to 100', () => {
    expect(totalWeight(matchFactors)).toBe(100);
  });
});

describe('summarizeCertifications', () => {
  it('adds up certified and pending people and averages the pass rates', () => {
    expect(
      summarizeCertifications([
        { certified: 10, pending: 2, pass_rate: 80 },
        { certified: 5, pending: 1, pass_rate: 71 },
      ]),
    ).toEqual({ certified: 15, pending: 3, averagePassRate: 76 });
  });

  it('is all zeros without skills', () => {
    expect(summarizeCertifications([])).toEqual({ certified: 0, pending: 0, averagePassRate: 0 });
  });

  it('summarises the sample skills', () => {
    expect(summarizeCertifications(certifications)).toEqual({
      certified: 18035,
      pending: 1893,
      averagePassRate: 78,
    });
  });
});
