import { scheduleLabels } from './data';
import type { AlgorithmId, DatasetId, JobPriority, MiningJob, ScheduleType } from './types';

/**
 * The run/pause button (docs/product/dashboards.md#mining-run-pause): a running job pauses, a paused one
 * resumes where it stopped, and a completed one runs again from the start.
 */
export function toggleJob(job: MiningJob): MiningJob {
  if (job.status === 'running') return { ...job, status: 'paused' };
  if (job.status === 'paused') return { ...job, status: 'running' };
  return { ...job, status: 'running', progress: 0 };
}

/** What the New Mining Job dialog holds while it is open. */
export type MiningJobDraft = {
  name: string;
  description: string;
  dataset: DatasetId | '';
  algorithm: AlgorithmId | '';
  schedule: ScheduleType | '';
  cron: string;
  timeout: string;
  priority: JobPriority;
  notify: string;
};

export const emptyDraft: MiningJobDraft = {
  name: '',
  description: '',
  dataset: '',
  algorithm: '',
  schedule: '',
  cron: '',
  timeout: '',
  priority: 'normal',
  notify: '',
};

/**
 * The required fields still missing (docs/product/dashboards.md#mining-job-validation): job name, data source,
 * algorithm and schedule type. Everything else is optional and unvalidated.
 */
export function missingFields(draft: MiningJobDraft): string[] {
  const missing: string[] = [];
  if (draft.name.trim() === '') missing.push('job name');
  if (draft.dataset === '') missing.push('data source');
  if (draft.algorithm === '') missing.push('algorithm');
  if (draft.schedule === '') missing.push('schedule type');
  return missing;
}

/** The next free id after the highest "mj-<n>". */
export function nextJobId(jobs: readonly MiningJob[]): string {
  const highest = jobs.reduce((max, j) => Math.max(max, Number(j.id.replace(/^mj-/, '')) || 0), 0);
  return `mj-${highest + 1}`;
}

/**
 * The job a complete draft creates: an immediate job starts running, a
 * scheduled one waits, paused, for its first run.
 */
export function jobFromDraft(draft: MiningJobDraft, id: string, started: string): MiningJob {
  if (draft.dataset === '' || draft.algorithm === '' || draft.schedule === '') {
    throw new Error(`Incomplete mining job: ${missingFields(draft).join(', ')}`);
  }
  const cron = draft.schedule === 'custom' && draft.cron.trim() ? draft.cron.trim() : undefined;
  return {
    id,
    name: draft.name.trim(),
    status: draft.schedule === 'immediate' ? 'running' : 'paused',
    progress: 0,
    dataset: draft.dataset,
    algorithm: draft.algorithm,
    schedule: draft.schedule,
    ...(cron ? { cron } : {}),
    priority: draft.priority,
    started,
  };
}

/** The schedule as a person reads it: "Daily", or a custom cron as typed. */
export function scheduleText(job: Pick<MiningJob, 'schedule' | 'cron'>): string {
  if (job.schedule !== 'custom') return scheduleLabels[job.schedule];
  if (!job.cron) return 'Custom, no expression yet';
  return `Custom: ${job.cron}`;
}
