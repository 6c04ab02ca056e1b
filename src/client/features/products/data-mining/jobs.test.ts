import { describe, expect, it } from 'vitest';
import { miningJobs } from './data';
import {
  emptyDraft,
  jobFromDraft,
  missingFields,
  nextJobId,
  scheduleText,
  toggleJob,
  type MiningJobDraft,
} from './jobs';
import type { MiningJob } from './types';

const job = (over: Partial<MiningJob> = {}): MiningJob => ({
  id: 'mj-1',
  name: 'Test',
  status: 'running',
  progress: 40,
  dataset: 'talent_profiles',
  algorithm: 'skill_clustering',
  schedule: 'daily',
  priority: 'normal',
  started: 'Today',
  ...over,
});

const complete: MiningJobDraft = {
  ...emptyDraft,
  name: '  Weekly skills scan ',
  dataset: 'job_postings',
  algorithm: 'trend_analysis',
  schedule: 'weekly',
};

describe('toggleJob', () => {
  it('pauses a running job and keeps its progress', () => {
    expect(toggleJob(job({ status: 'running' }))).toMatchObject({ status: 'paused', progress: 40 });
  });

  it('resumes a paused job where it stopped', () => {
    expect(toggleJob(job({ status: 'paused' }))).toMatchObject({ status: 'running', progress: 40 });
  });

  it('runs a completed job again from the start', () => {
    expect(toggleJob(job({ status: 'completed', progress: 100 }))).toMatchObject({
      status: 'running',
      progress: 0,
    });
  });

  it('does not change the job it was given', () => {
    const original = job();
    toggleJob(original);
    expect(original.status).toBe('running');
  });
});

describe('missingFields', () => {
  it('lists all four required fields of an empty draft', () => {
    expect(missingFields(emptyDraft)).toEqual([
      'job name',
      'data source',
      'algorithm',
      'schedule type',
    ]);
  });

  it('treats a name of spaces as missing', () => {
    expect(missingFields({ ...complete, name: '   ' })).toEqual(['job name']);
  });

  it('needs nothing else: description, cron and advanced options are optional', () => {
    expect(missingFields(complete)).toEqual([]);
    expect(missingFields({ ...complete, schedule: 'custom', cron: '' })).toEqual([]);
    expect(missingFields({ ...complete, schedule: 'custom', cron: 'not cron' })).toEqual([]);
  });
});

describe('jobFromDraft', () => {
  it('trims the name and starts a scheduled job paused at 0%', () => {
    expect(jobFromDraft(complete, 'mj-7', 'Just now')).toEqual({
      id: 'mj-7',
      name: 'Weekly skills scan',
      status: 'paused',
      progress: 0,
      dataset: 'job_postings',
      algorithm: 'trend_analysis',
      schedule: 'weekly',
      priority: 'normal',
      started: 'Just now',
    });
  });

  it('starts an immediate job running', () => {
    expect(jobFromDraft({ ...complete, schedule: 'immediate' }, 'mj-7', 'now').status).toBe(
      'running',
    );
  });

  it('keeps the cron of a custom schedule only', () => {
    expect(
      jobFromDraft({ ...complete, schedule: 'custom', cron: ' 0 1 * * * ' }, 'a', '').cron,
    ).toBe('0 1 * * *');
    expect(jobFromDraft({ ...complete, cron: '0 1 * * *' }, 'a', '').cron).toBeUndefined();
  });

  it('refuses an incomplete draft', () => {
    expect(() => jobFromDraft(emptyDraft, 'a', '')).toThrow(/data source/);
  });
});

describe('nextJobId', () => {
  it('follows the highest id', () => {
    expect(nextJobId([job({ id: 'mj-9' }), job({ id: 'mj-12' }), job({ id: 'mj-3' })])).toBe(
      'mj-13',
    );
    expect(nextJobId([])).toBe('mj-1');
    expect(nextJobId(miningJobs)).toBe('mj-1043');
  });
});

describe('scheduleText', () => {
  it('names the fixed schedules', () => {
    expect(scheduleText({ schedule: 'immediate' })).toBe('Immediate');
    expect(scheduleText({ schedule: 'monthly' })).toBe('Monthly');
  });

  it('shows a custom cron as typed, and a missing one as such', () => {
    expect(scheduleText({ schedule: 'custom', cron: '0 */6 * * *' })).toBe('Custom: 0 */6 * * *');
    expect(scheduleText({ schedule: 'custom', cron: 'whenever' })).toBe('Custom: whenever');
    expect(scheduleText({ schedule: 'custom' })).toBe('Custom, no expression yet');
  });
});
