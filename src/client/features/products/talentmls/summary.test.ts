import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/constants';
import { payments } from './data';
import { TALENTMLS_LABELS } from './labels';
import { summarizePayments } from './summary';

describe('summarizePayments', () => {
  it('adds up completed and pending payments separately', () => {
    expect(summarizePayments(payments)).toEqual({
      completed: { count: 8, amount: 12000 + 1497 + 4990 + 1497 + 2990 + 798 + 1497 + 399 },
      pending: { count: 4, amount: 2400 + 399 + 2400 + 2990 },
    });
  });

  it('is zero without payments', () => {
    expect(summarizePayments([])).toEqual({
      completed: { count: 0, amount: 0 },
      pending: { count: 0, amount: 0 },
    });
  });
});

describe('TalentMLS persona labels', () => {
  it('gives each persona its own tab names and main action', () => {
    const actions = PERSONAS.map((p) => TALENTMLS_LABELS[p].primaryAction);
    expect(new Set(actions).size).toBe(3);
    for (const tab of ['listings', 'employers', 'analytics', 'payments'] as const) {
      const names = PERSONAS.map((p) => TALENTMLS_LABELS[p].tabs[tab]);
      expect(new Set(names).size, tab).toBe(3);
    }
  });

  it('names the four documented tabs for the default recruiter view', () => {
    expect(Object.values(TALENTMLS_LABELS.recruiter.tabs)).toEqual([
      'Job Listings',
      'Employers',
      'Analytics',
      'Payments',
    ]);
  });
});
