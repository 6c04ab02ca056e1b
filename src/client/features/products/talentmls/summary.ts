import type { Payment } from './types';

export type PaymentSummary = {
  completed: { count: number; amount: number };
  pending: { count: number; amount: number };
};

export function summarizePayments(payments: readonly Payment[]): PaymentSummary {
  const summary: PaymentSummary = {
    completed: { count: 0, amount: 0 },
    pending: { count: 0, amount: 0 },
  };
  for (const p of payments) {
    summary[p.status].count += 1;
    summary[p.status].amount += p.amount;
  }
  return summary;
}
