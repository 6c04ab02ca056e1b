import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDuration } from '@/lib/number-format';
import { recentChecks } from './data';
import { summarizeChecks } from './summary';
import type { QuickCheckResult } from './types';

const columns: RecordColumn<QuickCheckResult>[] = [
  {
    header: 'Candidate',
    phone: 'main',
    cell: (c) => (
      <div className="sm:min-w-40">
        <p className="font-medium text-slate-900">{c.candidate}</p>
        <p className="font-mono text-xs whitespace-nowrap text-slate-600 max-sm:hidden">{c.id}</p>
      </div>
    ),
  },
  { header: 'Role', cell: (c) => c.role, className: 'whitespace-nowrap', phone: 'sub' },
  {
    header: 'Result',
    cell: (c) => <StatusBadge status={c.result} label={c.result} />,
    phone: 'end',
  },
  { header: 'Score', cell: (c) => `${c.score}/100`, align: 'right', phone: 'sub' },
  {
    header: 'Time',
    cell: (c) => formatDuration(c.time),
    align: 'right',
    className: 'whitespace-nowrap',
  },
  {
    header: 'Issues',
    cell: (c) =>
      c.issues.length === 0 ? (
        <span className="text-slate-500">None</span>
      ) : (
        <ul className="list-disc space-y-0.5 pl-4 text-slate-700 sm:min-w-56">
          {c.issues.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      ),
  },
];

export function ChecksTab() {
  const s = summarizeChecks(recentChecks);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Checks</CardTitle>
        <CardDescription>
          Last {recentChecks.length} checks: {s.counts.Pass} passed, {s.counts.Conditional}{' '}
          conditional, {s.counts.Fail} failed; average {formatDuration(s.averageTime)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label="Recent checks"
          columns={columns}
          rows={recentChecks}
          rowKey={(c) => c.id}
        />
      </CardContent>
    </Card>
  );
}
