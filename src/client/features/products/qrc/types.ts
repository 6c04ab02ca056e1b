/** Quick Role Check sample entities (docs/product/dashboards.md#qrc). */

export type CheckResult = 'Pass' | 'Conditional' | 'Fail';

export type QuickCheckResult = {
  id: string;
  candidate: string;
  role: string;
  result: CheckResult;
  /** Out of 100. */
  score: number;
  /** Time taken, in seconds. */
  time: number;
  /** What the check flagged; empty when nothing. */
  issues: string[];
};

export type CheckTemplate = {
  name: string;
  category: string;
  /** Number of individual checks in the template. */
  checks: number;
  /** Share of runs that passed, 0–100. */
  success: number;
};

export type RolePerformance = {
  role: string;
  checks: number;
  avgScore: number;
  passRate: number;
  /** Seconds. */
  avgTime: number;
};
