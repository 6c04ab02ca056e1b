/** Mining job, dataset and algorithm, with their option lists (docs/product/dashboards.md#data-mining). */

export const DATASET_IDS = [
  'talent_profiles',
  'job_postings',
  'compensation_data',
  'skills_database',
  'market_trends',
] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

export const ALGORITHM_IDS = [
  'skill_clustering',
  'salary_prediction',
  'talent_matching',
  'trend_analysis',
  'career_path',
] as const;
export type AlgorithmId = (typeof ALGORITHM_IDS)[number];

export const SCHEDULE_TYPES = ['immediate', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const JOB_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];

type MiningJobStatus = 'running' | 'completed' | 'paused';

export type MiningJob = {
  id: string;
  name: string;
  status: MiningJobStatus;
  /** 0–100 */
  progress: number;
  dataset: DatasetId;
  algorithm: AlgorithmId;
  schedule: ScheduleType;
  /** The expression of a custom schedule. */
  cron?: string;
  priority: JobPriority;
  started: string;
};

export type Dataset = {
  id: DatasetId;
  name: string;
  records: number;
  type: string;
  source: string;
  updated: string;
};

export type Algorithm = {
  id: AlgorithmId;
  name: string;
  description: string;
  complexity: 'Low' | 'Medium' | 'High';
};

export type DiscoveredPattern = {
  id: string;
  pattern: string;
  kind: 'Correlation' | 'Cluster' | 'Trend' | 'Anomaly';
  confidence: number;
  support: number;
  impact: 'high' | 'medium' | 'low';
};

export type SkillDemand = { month: string; aiMl: number; cloud: number; dataEngineering: number };

export type ConfigSection = {
  title: string;
  description: string;
  settings: { label: string; value: string }[];
};
