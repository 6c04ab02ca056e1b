import { PlatformBadge } from '@/components/cross-platform-badge';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { pipelines } from './data';
import { summarizePipelines } from './summary';
import type { Pipeline } from './types';

const columns: RecordColumn<Pipeline>[] = [
  {
    header: 'Pipeline',
    cell: (p) => <span className="font-medium">{p.name}</span>,
    className: 'min-w-56',
    phone: 'main',
  },
  {
    header: 'Platform',
    cell: (p) => <PlatformBadge platform={p.platform} />,
    phone: 'sub',
    phoneText: (p) => p.platform,
  },
  { header: 'Status', cell: (p) => <StatusBadge status={p.status} />, phone: 'end' },
  {
    header: 'Progress',
    cell: (p) => <LabelledProgress value={p.progress} label={`${p.name} progress`} />,
    className: 'min-w-44',
    phone: 'sub',
    phoneText: (p) => `${Math.round(p.progress)}%`,
  },
  {
    header: 'Throughput',
    cell: (p) =>
      p.status === 'queued' ? (
        <span className="text-slate-500">Waiting</span>
      ) : (
        `${formatCount(p.throughput)} rec/min`
      ),
    align: 'right',
    className: 'whitespace-nowrap',
  },
  {
    header: 'Records',
    cell: (p) => formatCount(p.records),
    align: 'right',
    phone: 'sub',
    phoneText: (p) => `${formatCount(p.records)} records`,
  },
];

export function PipelinesTab() {
  const s = summarizePipelines(pipelines);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Pipelines</CardTitle>
        <CardDescription>
          {s.running} running at {formatCount(s.liveThroughput)} records per minute, {s.queued}{' '}
          queued, {s.completed} recently completed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable label="Pipelines" columns={columns} rows={pipelines} rowKey={(p) => p.name} />
      </CardContent>
    </Card>
  );
}
