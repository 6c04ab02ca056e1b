import type { MatchFactor, TrainingProgram } from './types';

/** Share of enrolled people who completed a programme, 0–100, rounded. */
export function completionRate(p: Pick<TrainingProgram, 'enrolled' | 'completed'>): number {
  if (p.enrolled <= 0) return 0;
  return Math.round((Math.min(p.completed, p.enrolled) / p.enrolled) * 100);
}

export function totalWeight(factors: readonly MatchFactor[]): number {
  return factors.reduce((sum, f) => sum + f.weight, 0);
}

export type CertificationSummary = { certified: number; pending: number; averagePassRate: number };

/** Totals across skills; the pass rate is the plain mean of the skills' rates, rounded. */
export function summarizeCertifications(
  rows: readonly { certified: number; pending: number; pass_rate: number }[],
): CertificationSummary {
  const certified = rows.reduce((sum, r) => sum + r.certified, 0);
  const pending = rows.reduce((sum, r) => sum + r.pending, 0);
  const averagePassRate = rows.length
    ? Math.round(rows.reduce((sum, r) => sum + r.pass_rate, 0) / rows.length)
    : 0;
  return { certified, pending, averagePassRate };
}
