import { CheckCircle2Icon, CircleAlertIcon, CircleXIcon, TimerIcon } from 'lucide-react';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDuration } from '@/lib/number-format';
import { recentChecks, rolePerformance } from './data';
import { summarizeChecks } from './summary';
import type { RolePerformance } from './types';

const columns: RecordColumn<RolePerformance>[] = [
  {
    header: 'Role',
    cell: (r) => <span className="font-medium">{r.role}</span>,
    className: 'min-w-48',
    phone: 'main',
  },
  {
    header: 'Checks (30 days)',
    cell: (r) => formatCount(r.checks),
    align: 'right',
    phone: 'sub',
    phoneText: (r) => `${formatCount(r.checks)} checks`,
  },
  {
    header: 'Avg. score',
    cell: (r) => `${r.avgScore}/100`,
    align: 'right',
    phone: 'sub',
    phoneText: (r) => `score ${r.avgScore}/100`,
  },
  {
    header: 'Pass rate',
    cell: (r) => <LabelledProgress value={r.passRate} label={`${r.role} pass rate`} />,
    className: 'min-w-40',
    phone: 'sub',
    phoneText: (r) => `${Math.round(r.passRate)}% pass`,
  },
  {
    header: 'Avg. time',
    cell: (r) => formatDuration(r.avgTime),
    align: 'right',
    className: 'whitespace-nowrap',
  },
];

export function PerformanceTab() {
  const s = summarizeChecks(recentChecks);
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="qrc-latest">
        <h2 id="qrc-latest" className="mb-3 text-sm font-semibold text-slate-700">
          Latest {recentChecks.length} checks
        </h2>
        <StatGrid className="mb-0 grid-cols-2">
          <StatTile label="Passed" value={s.counts.Pass} icon={<CheckCircle2Icon />} />
          <StatTile label="Conditional" value={s.counts.Conditional} icon={<CircleAlertIcon />} />
          <StatTile label="Failed" value={s.counts.Fail} icon={<CircleXIcon />} />
          <StatTile
            label="Average Time"
            value={formatDuration(s.averageTime)}
            hint={`Average score ${s.averageScore}/100`}
            icon={<TimerIcon />}
          />
        </StatGrid>
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Performance by Role</CardTitle>
          <CardDescription>Pass rate, score and time over the last 30 days.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Performance by role"
            columns={columns}
            rows={rolePerformance}
            rowKey={(r) => r.role}
          />
        </CardContent>
      </Card>
    </div>
  );
}
