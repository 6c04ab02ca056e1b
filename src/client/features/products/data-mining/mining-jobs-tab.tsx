import { PauseIcon, PlayIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
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
          <Table aria-label="Mining jobs">
            <TableHeader>
              <TableRow>
                <TableHead>Job</TableHead>
                <TableHead>Dataset</TableHead>
                <TableHead>Algorithm</TableHead>
                <TableHead>Schedule</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Progress</TableHead>
                <TableHead>
                  <span className="sr-only">Run or pause</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {jobs.map((job) => (
                <TableRow key={job.id}>
                  <TableCell className="min-w-56">
                    <p className="font-medium text-slate-900">{job.name}</p>
                    <p className="text-xs text-slate-600">
                      <span className="font-mono whitespace-nowrap">{job.id}</span> ·{' '}
                      {priorityLabels[job.priority]} priority
                    </p>
                    <p className="text-xs text-slate-600">Started {job.started}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{datasetName(job.dataset)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {algorithmName(job.algorithm)}
                  </TableCell>
                  <TableCell className="min-w-40 text-slate-700">{scheduleText(job)}</TableCell>
                  <TableCell>
                    <StatusBadge status={job.status} />
                  </TableCell>
                  <TableCell className="min-w-40">
                    <LabelledProgress value={job.progress} label={`${job.name} progress`} />
                  </TableCell>
                  <TableCell className="text-right">
                    <RunPauseButton job={job} onToggle={onToggle} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
