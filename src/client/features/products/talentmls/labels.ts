import { consoleDescription } from '@shared/ecosystem-facts';
import type { Persona } from '@shared/constants';

/** Words that change with who is looking (docs/product/dashboards.md#persona-labels: personas change marketplace labels). */
export type TalentMlsLabels = {
  description: string;
  primaryAction: string;
  primaryActionDetail: string;
  /** Payments is an employer's and an investor's concern: a job seeker has no such tab. */
  tabs: { listings: string; employers: string; analytics: string; payments: string | null };
  listingsTitle: string;
  fraudTitle: string;
  fraudDescription: string;
  employersTitle: string;
  volumeChartTitle: string;
  paymentsTitle: string;
  columns: { salary: string; applications: string; totalPaid: string };
};

export const TALENTMLS_LABELS: Record<Persona, TalentMlsLabels> = {
  recruiter: {
    description: consoleDescription(
      'TalentMLS',
      'publish listings, find verified employers and track spend.',
    ),
    primaryAction: 'Post a Job',
    primaryActionDetail:
      'The full product opens the listing form, pre-filled from a Role Builder role, and publishes across the ecosystem.',
    tabs: {
      listings: 'Job Listings',
      employers: 'Employers',
      analytics: 'Analytics',
      payments: 'Payments',
    },
    listingsTitle: 'Job Listings',
    fraudTitle: 'Fraud Alerts',
    fraudDescription: 'Listings held or blocked before candidates could see them.',
    employersTitle: 'Employers',
    volumeChartTitle: 'Applications per Month',
    paymentsTitle: 'Payments',
    columns: { salary: 'Salary', applications: 'Applications', totalPaid: 'Total Paid' },
  },
  talent: {
    description: consoleDescription(
      'TalentMLS',
      'open jobs from verified companies, with pay shown up front.',
    ),
    primaryAction: 'Create Job Alert',
    primaryActionDetail:
      'The full product saves this search and emails you when a matching job is posted.',
    tabs: {
      listings: 'Open Jobs',
      employers: 'Companies',
      analytics: 'Market Insights',
      payments: null,
    },
    listingsTitle: 'Open Jobs',
    fraudTitle: 'Safety Alerts',
    fraudDescription: 'Suspicious listings we stopped so they never reached you.',
    employersTitle: 'Companies Hiring',
    volumeChartTitle: 'Applicants per Month',
    paymentsTitle: 'Employer Payments',
    columns: { salary: 'Pay', applications: 'Applicants', totalPaid: 'Hiring Spend' },
  },
  investor: {
    description: consoleDescription(
      'TalentMLS',
      'listing volume, employer revenue and trust & safety.',
    ),
    primaryAction: 'Export Report',
    primaryActionDetail:
      'The full product exports this month’s marketplace figures as a spreadsheet for the board pack.',
    tabs: {
      listings: 'Listings',
      employers: 'Employer Accounts',
      analytics: 'Marketplace Analytics',
      payments: 'Revenue',
    },
    listingsTitle: 'Listing Inventory',
    fraudTitle: 'Trust & Safety',
    fraudDescription: 'Fraud caught by the marketplace; most is blocked automatically.',
    employersTitle: 'Employer Accounts',
    volumeChartTitle: 'Marketplace Volume (Applications)',
    paymentsTitle: 'Revenue',
    columns: { salary: 'Salary Band', applications: 'Applications', totalPaid: 'Lifetime Value' },
  },
};
