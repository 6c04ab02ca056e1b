import type {
  Algorithm,
  ConfigSection,
  Dataset,
  DiscoveredPattern,
  JobPriority,
  MiningJob,
  ScheduleType,
  SkillDemand,
} from './types';

export const datasets = [
  {
    id: 'talent_profiles',
    name: 'Talent Profiles',
    records: 1_284_560,
    type: 'Structured',
    source: 'TalentSpark',
    updated: '10 min ago',
  },
  {
    id: 'job_postings',
    name: 'Job Postings',
    records: 486_230,
    type: 'Semi-structured',
    source: 'TalentMLS, HireHub',
    updated: '25 min ago',
  },
  {
    id: 'compensation_data',
    name: 'Compensation Data',
    records: 2_140_875,
    type: 'Time series',
    source: 'Role Builder offers',
    updated: '2 h ago',
  },
  {
    id: 'skills_database',
    name: 'Skills Database',
    records: 38_420,
    type: 'Graph',
    source: 'Skill taxonomy',
    updated: '1 day ago',
  },
  {
    id: 'market_trends',
    name: 'Market Trends',
    records: 9_612_300,
    type: 'Aggregated',
    source: 'Public labour statistics',
    updated: '6 h ago',
  },
] satisfies Dataset[];

export const algorithms = [
  {
    id: 'skill_clustering',
    name: 'Skill Clustering',
    description: 'Groups profiles and postings by the skills that appear together.',
    complexity: 'Medium',
  },
  {
    id: 'salary_prediction',
    name: 'Salary Prediction',
    description: 'Predicts a fair pay band from role, level, skills and location.',
    complexity: 'High',
  },
  {
    id: 'talent_matching',
    name: 'Talent Matching',
    description: 'Scores each candidate against open roles across the platforms.',
    complexity: 'High',
  },
  {
    id: 'trend_analysis',
    name: 'Trend Analysis',
    description: 'Finds rising and falling demand over time in postings and skills.',
    complexity: 'Low',
  },
  {
    id: 'career_path',
    name: 'Career Path',
    description: 'Traces the moves people make between roles to suggest next steps.',
    complexity: 'Medium',
  },
] satisfies Algorithm[];

export const scheduleLabels: Record<ScheduleType, string> = {
  immediate: 'Immediate',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  custom: 'Custom (cron)',
};

/** What each schedule type means, shown under the choice. */
export const scheduleHints: Record<ScheduleType, string> = {
  immediate: 'Runs once, as soon as it is created.',
  daily: 'Runs every day at 02:00 UTC.',
  weekly: 'Runs every Monday at 02:00 UTC.',
  monthly: 'Runs on the 1st of each month at 02:00 UTC.',
  custom: 'Runs on a cron expression of your own.',
};

export const priorityLabels: Record<JobPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  critical: 'Critical',
};

export const miningJobs = [
  {
    id: 'mj-1042',
    name: 'Skill clusters for engineering talent',
    status: 'running',
    progress: 68,
    dataset: 'talent_profiles',
    algorithm: 'skill_clustering',
    schedule: 'daily',
    priority: 'normal',
    started: 'Today 06:00',
  },
  {
    id: 'mj-1041',
    name: 'Salary bands refresh',
    status: 'completed',
    progress: 100,
    dataset: 'compensation_data',
    algorithm: 'salary_prediction',
    schedule: 'monthly',
    priority: 'high',
    started: 'Yesterday 02:00',
  },
  {
    id: 'mj-1040',
    name: 'HireHub to TalentMLS candidate matching',
    status: 'running',
    progress: 34,
    dataset: 'talent_profiles',
    algorithm: 'talent_matching',
    schedule: 'custom',
    cron: '0 */6 * * *',
    priority: 'high',
    started: 'Today 12:00',
  },
  {
    id: 'mj-1039',
    name: 'Remote work demand trends',
    status: 'paused',
    progress: 52,
    dataset: 'market_trends',
    algorithm: 'trend_analysis',
    schedule: 'weekly',
    priority: 'normal',
    started: 'Mon 03:00',
  },
  {
    id: 'mj-1038',
    name: 'Career paths from Role Builder roles',
    status: 'completed',
    progress: 100,
    dataset: 'skills_database',
    algorithm: 'career_path',
    schedule: 'weekly',
    priority: 'normal',
    started: 'Sun 01:00',
  },
  {
    id: 'mj-1037',
    name: 'Emerging AI skills scan',
    status: 'running',
    progress: 81,
    dataset: 'job_postings',
    algorithm: 'skill_clustering',
    schedule: 'daily',
    priority: 'critical',
    started: 'Today 04:30',
  },
  {
    id: 'mj-1036',
    name: 'Contractor rate prediction',
    status: 'paused',
    progress: 23,
    dataset: 'compensation_data',
    algorithm: 'salary_prediction',
    schedule: 'custom',
    cron: '0 3 * * 1-5',
    priority: 'low',
    started: 'Fri 03:00',
  },
  {
    id: 'mj-1035',
    name: 'Quick Role Check pass-rate drivers',
    status: 'completed',
    progress: 100,
    dataset: 'talent_profiles',
    algorithm: 'trend_analysis',
    schedule: 'immediate',
    priority: 'normal',
    started: 'Yesterday 15:42',
  },
  {
    id: 'mj-1034',
    name: 'Job posting fraud signals',
    status: 'running',
    progress: 12,
    dataset: 'job_postings',
    algorithm: 'trend_analysis',
    schedule: 'immediate',
    priority: 'critical',
    started: 'Today 13:05',
  },
  {
    id: 'mj-1033',
    name: 'Healthcare roles market scan',
    status: 'completed',
    progress: 100,
    dataset: 'market_trends',
    algorithm: 'trend_analysis',
    schedule: 'monthly',
    priority: 'low',
    started: '1st 00:00',
  },
  {
    id: 'mj-1032',
    name: 'Senior-to-staff promotion paths',
    status: 'paused',
    progress: 45,
    dataset: 'talent_profiles',
    algorithm: 'career_path',
    schedule: 'monthly',
    priority: 'normal',
    started: '1st 01:00',
  },
] satisfies MiningJob[];

export const patterns = [
  {
    id: 'pt-1',
    pattern: 'React and TypeScript together draw 2.3× more interview requests',
    kind: 'Correlation',
    confidence: 94,
    support: 48_210,
    impact: 'high',
  },
  {
    id: 'pt-2',
    pattern: 'Remote roles receive 3.1× the applications of on-site roles',
    kind: 'Trend',
    confidence: 93,
    support: 212_400,
    impact: 'high',
  },
  {
    id: 'pt-3',
    pattern: 'Data engineering postings up 27% quarter on quarter',
    kind: 'Trend',
    confidence: 91,
    support: 36_980,
    impact: 'high',
  },
  {
    id: 'pt-4',
    pattern: 'Cloud security specialists form a distinct cluster of 6,420 profiles',
    kind: 'Cluster',
    confidence: 89,
    support: 6_420,
    impact: 'medium',
  },
  {
    id: 'pt-5',
    pattern: 'Offers 8% above the band close 11 days sooner',
    kind: 'Correlation',
    confidence: 88,
    support: 9_310,
    impact: 'medium',
  },
  {
    id: 'pt-6',
    pattern: 'Duplicate employer accounts spiking from one network range',
    kind: 'Anomaly',
    confidence: 82,
    support: 214,
    impact: 'high',
  },
  {
    id: 'pt-7',
    pattern: 'Candidates passing Quick Role Check in under 2 minutes convert 40% better',
    kind: 'Correlation',
    confidence: 76,
    support: 15_870,
    impact: 'medium',
  },
  {
    id: 'pt-8',
    pattern: 'Product designers move into product management after about 4 years',
    kind: 'Trend',
    confidence: 71,
    support: 3_540,
    impact: 'low',
  },
] satisfies DiscoveredPattern[];

export const skillDemand = [
  { month: 'Jan', aiMl: 8_420, cloud: 12_310, dataEngineering: 6_980 },
  { month: 'Feb', aiMl: 9_130, cloud: 12_050, dataEngineering: 7_240 },
  { month: 'Mar', aiMl: 10_480, cloud: 12_620, dataEngineering: 7_910 },
  { month: 'Apr', aiMl: 11_920, cloud: 12_880, dataEngineering: 8_450 },
  { month: 'May', aiMl: 13_360, cloud: 13_140, dataEngineering: 9_020 },
  { month: 'Jun', aiMl: 14_870, cloud: 13_390, dataEngineering: 9_860 },
] satisfies SkillDemand[];

export const configSections = [
  {
    title: 'Compute',
    description: 'Workers that run the mining jobs.',
    settings: [
      { label: 'Worker nodes', value: '12' },
      { label: 'Concurrent jobs', value: '8 at most' },
      { label: 'Memory per worker', value: '32 GB' },
      { label: 'Default timeout', value: '60 minutes' },
    ],
  },
  {
    title: 'Data access',
    description: 'How personal data reaches the algorithms.',
    settings: [
      { label: 'Personal fields', value: 'Pseudonymised before mining' },
      { label: 'Smallest reported group', value: '50 people' },
      { label: 'Preview sample', value: '5% of records' },
      { label: 'Result retention', value: '90 days' },
    ],
  },
  {
    title: 'Scheduling',
    description: 'When scheduled jobs start.',
    settings: [
      { label: 'Time zone', value: 'UTC' },
      { label: 'Retries after a failure', value: '3, ten minutes apart' },
      { label: 'Heavy jobs', value: 'Held until 20:00 on weekdays' },
      { label: 'Default priority', value: 'Normal' },
    ],
  },
  {
    title: 'Notifications',
    description: 'Who hears about finished and failed jobs.',
    settings: [
      { label: 'On failure', value: 'data-team@talent-ecosystem.example' },
      { label: 'On completion', value: 'Job owner' },
      { label: 'Weekly digest', value: 'Mondays 09:00' },
    ],
  },
] satisfies ConfigSection[];

export const datasetName = (id: Dataset['id']) => datasets.find((d) => d.id === id)?.name ?? id;
export const algorithmName = (id: Algorithm['id']) =>
  algorithms.find((a) => a.id === id)?.name ?? id;
