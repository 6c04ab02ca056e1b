import type { EcosystemPlatform } from '@shared/ecosystem-platforms';

/** TalentMLS sample entities (docs/product/dashboards.md#talentmls). */

export type JobListing = {
  id: string;
  title: string;
  company: string;
  location: string;
  salary: string;
  applications: number;
  status: 'active' | 'pending_approval';
  featured: boolean;
  /** The listing is also shown on another ecosystem product; null when on TalentMLS only. */
  cross_platform: EcosystemPlatform | null;
};

export type Employer = {
  name: string;
  industry: string;
  jobs: number;
  verified: boolean;
  /** Average review from talent, out of 5. */
  rating: number;
  total_paid: number;
  cross_platform: EcosystemPlatform[];
};

export type FraudAlert = {
  id: string;
  company: string;
  issue: string;
  severity: 'medium' | 'high' | 'critical';
  auto_blocked: boolean;
};

export type Payment = {
  id: string;
  employer: string;
  amount: number;
  type: 'Featured listing' | 'Subscription' | 'Pay per post' | 'Premium placement';
  status: 'completed' | 'pending';
  date: string;
};
