import type { CheckResult, QuickCheckResult } from './types';

export type CheckSummary = {
  counts: Record<CheckResult, number>;
  /** Share of checks that passed outright, 0–1. */
  passRate: number;
  averageScore: number;
  /** Seconds, rounded. */
  averageTime: number;
  issues: number;
};

export function summarizeChecks(results: readonly QuickCheckResult[]): CheckSummary {
  const counts: Record<CheckResult, number> = { Pass: 0, Conditional: 0, Fail: 0 };
  let score = 0;
  let time = 0;
  let issues = 0;
  for (const r of results) {
    counts[r.result] += 1;
    score += r.score;
    time += r.time;
    issues += r.issues.length;
  }
  const n = results.length;
  return {
    counts,
    passRate: n ? counts.Pass / n : 0,
    averageScore: n ? Math.round(score / n) : 0,
    averageTime: n ? Math.round(time / n) : 0,
    issues,
  };
}
