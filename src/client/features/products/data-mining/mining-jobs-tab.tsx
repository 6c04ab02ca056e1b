import { PauseIcon, PlayIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { algorithmName, datasetName, priorityLabels } from './data';
import { scheduleText } from './jobs';
import type { MiningJob } from './types';

/** docs/product/dashboards.md#mining-run-pause: the button shows pause while a job runs and play otherwise. */
function RunPauseButton({ job, onToggle }: { job: MiningJob; onToggle: (id: string) => void }) {
  const running = job.status === 'running';
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={`${running ? 'Pause' : 'Run'} ${job.name}`}
      title={running ? 'Pause' : 'Run'}
      onClick={() => onToggle(job.id)}
    >
      {running ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
    </Button>
  );
}

/**
 * On a phone each job is one row: its name, "dataset · algorithm · n% done" under it, the
 * status and run or pause at its right; its id, priority and start stay for screen readers.
 */
function jobColumns(onToggle: (id: string) => void): RecordColumn<MiningJob>[] {
  return [
    {
      header: 'Job',
      className: 'sm:min-w-56',
      phone: 'main',
      cell: (job) => (
        <>
          <p className="font-medium text-slate-900">{job.name}</p>
          <p className="text-xs text-slate-600 max-sm:sr-only">
            <span className="font-mono whitespace-nowrap">{job.id}</span> ·{' '}
            {priorityLabels[job.priority]} priority
          </p>
          <p className="text-xs text-slate-600 max-sm:sr-only">Started {job.started}</p>
        </>
      ),
    },
    {
      header: 'Dataset',
      cell: (job) => datasetName(job.dataset),
      className: 'whitespace-nowrap',
      phone: 'sub',
    },
    {
      header: 'Algorithm',
      cell: (job) => algorithmName(job.algorithm),
      className: 'whitespace-nowrap',
      phone: 'sub',
    },
    { header: 'Schedule', cell: scheduleText, className: 'min-w-40 text-slate-700' },
    { header: 'Status', cell: (job) => <StatusBadge status={job.status} />, phone: 'end' },
    {
      header: 'Progress',
      className: 'min-w-40',
      phone: 'sub',
      phoneText: (job) => `${Math.round(job.progress)}% done`,
      cell: (job) => <LabelledProgress value={job.progress} label={`${job.name} progress`} />,
    },
    {
      header: 'Run or pause',
      hideHeader: true,
      align: 'right',
      phone: 'end',
      cell: (job) => <RunPauseButton job={job} onToggle={onToggle} />,
    },
  ];
}

export function MiningJobsTab({
  jobs,
  onToggle,
}: {
  jobs: readonly MiningJob[];
  onToggle: (id: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mining jobs</CardTitle>
        <CardDescription>
          Pause a running job or run a paused one; a completed job runs again from the start.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.length === 0 ? (
          <EmptyState title="No mining jobs" description="Create one with New Mining Job." />
        ) : (
          <RecordTable
            label="Mining jobs"
            columns={jobColumns(onToggle)}
            rows={jobs}
            rowKey={(job) => job.id}
          />
        )}
      </CardContent>
    </Card>
  );
}
