import { TrendChart } from '@/components/charts/trend-chart';
import { PlatformBadge } from '@/components/cross-platform-badge';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { qualityDimensions, qualityIssues, failingRecordsTrend } from './data';
import type { QualityIssue } from './types';

const issueColumns: RecordColumn<QualityIssue>[] = [
  {
    header: 'Field',
    cell: (i) => <code className="text-xs">{i.field}</code>,
    phone: 'sub',
    phoneText: (i) => i.field,
  },
  {
    header: 'Issue',
    cell: (i) => i.issue,
    className: 'min-w-56 max-sm:font-medium',
    phone: 'main',
  },
  { header: 'Platform', cell: (i) => <PlatformBadge platform={i.platform} /> },
  {
    header: 'Records',
    cell: (i) => formatCount(i.records),
    align: 'right',
    phone: 'sub',
    phoneText: (i) => `${formatCount(i.records)} records`,
  },
  { header: 'Severity', cell: (i) => <StatusBadge status={i.severity} />, phone: 'end' },
];

export function QualityTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Quality by Dimension</CardTitle>
            <CardDescription>Scores across every platform SortStak processes.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-4">
              {qualityDimensions.map((d) => (
                <li key={d.dimension}>
                  <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex items-center gap-2 font-medium text-slate-900">
                      {d.dimension}
                      {d.score < d.target ? (
                        <StatusBadge status="below_target" label="Below target" tone="warning" />
                      ) : null}
                    </span>
                    <span className="text-xs text-slate-600">Target {d.target}%</span>
                  </div>
                  <LabelledProgress value={d.score} label={`${d.dimension} score`} />
                  <p className="mt-1 text-xs text-slate-600">{d.note}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <TrendChart
          title="Records Failing Quality Rules"
          description="Weekly count across all platforms; lower is better."
          data={failingRecordsTrend}
          xKey="week"
          xLabel="Week"
          kind="area"
          series={[{ key: 'failing', label: 'Failing records' }]}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Open Quality Issues</CardTitle>
          <CardDescription>Rules that failed in the last run, by records affected.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Open quality issues"
            columns={issueColumns}
            rows={qualityIssues}
            rowKey={(i) => i.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}
