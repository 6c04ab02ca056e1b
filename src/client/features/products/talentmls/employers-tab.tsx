import { StarIcon } from 'lucide-react';
import { CrossPlatformBadge } from '@/components/cross-platform-badge';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/number-format';
import { employers } from './data';
import type { TalentMlsLabels } from './labels';
import type { Employer } from './types';
import { useTalentMlsLabels } from './use-talentmls-labels';

function employerColumns(labels: TalentMlsLabels): RecordColumn<Employer>[] {
  return [
    {
      header: 'Employer',
      phone: 'main',
      cell: (e) => (
        <div className="sm:min-w-40">
          <p className="font-medium text-slate-900">{e.name}</p>
          <p className="text-xs text-slate-600">{e.industry}</p>
        </div>
      ),
    },
    {
      header: 'Open jobs',
      cell: (e) => e.jobs,
      align: 'right',
      phone: 'sub',
      phoneText: (e) => `${e.jobs} open jobs`,
    },
    {
      header: 'Verified',
      phone: 'end',
      cell: (e) =>
        e.verified ? (
          <StatusBadge status="verified" label="Verified" tone="success" />
        ) : (
          <StatusBadge status="unverified" label="Unverified" tone="warning" />
        ),
    },
    {
      header: 'Rating',
      phone: 'sub',
      phoneText: (e) => `★ ${e.rating.toFixed(1)}`,
      cell: (e) => (
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <StarIcon className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
          {e.rating.toFixed(1)}
          <span className="sr-only"> out of 5</span>
        </span>
      ),
    },
    { header: labels.columns.totalPaid, cell: (e) => formatUsd(e.total_paid), align: 'right' },
    { header: 'Cross-platform', cell: (e) => <CrossPlatformBadge platforms={e.cross_platform} /> },
  ];
}

export function EmployersTab() {
  const labels = useTalentMlsLabels();
  const verified = employers.filter((e) => e.verified).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{labels.employersTitle}</CardTitle>
        <CardDescription>
          {verified} of {employers.length} verified; ratings come from talent who interviewed there.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RecordTable
          label={labels.employersTitle}
          columns={employerColumns(labels)}
          rows={employers}
          rowKey={(e) => e.name}
        />
      </CardContent>
    </Card>
  );
}
