import type { EcosystemPlatform } from '@shared/ecosystem-platforms';

/** TalentSpark sample entities (docs/product/dashboards.md#talentspark). */

export type Talent = {
  name: string;
  headline: string;
  location: string;
  skills: string[];
  verified: boolean;
  /** Engagement score, 0–100. */
  engagement: number;
  /** Other ecosystem products the person also uses. */
  cross_platform: EcosystemPlatform[];
  status: 'active' | 'pending_verification';
};

export type CrossPlatformAlert = {
  id: string;
  talent: string;
  issue: string;
  platforms: EcosystemPlatform[];
  severity: 'low' | 'medium' | 'high';
};

export type SkillCertification = {
  skill: string;
  certified: number;
  pending: number;
  /** Share of attempts that passed, 0–100. */
  pass_rate: number;
};

export type TrainingProgram = {
  name: string;
  provider: string;
  enrolled: number;
  completed: number;
  duration: string;
  format: 'Self-paced' | 'Cohort' | 'Live workshop';
};

export type MatchFactor = { factor: string; weight: number; description: string };

export type ModelMetric = { label: string; value: string };
