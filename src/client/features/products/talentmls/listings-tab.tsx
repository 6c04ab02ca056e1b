import { ShieldAlertIcon, StarIcon } from 'lucide-react';
import { CrossPlatformBadge } from '@/components/cross-platform-badge';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/number-format';
import { fraudAlerts, jobListings } from './data';
import type { TalentMlsLabels } from './labels';
import type { JobListing } from './types';
import { useTalentMlsLabels } from './use-talentmls-labels';

function listingColumns(labels: TalentMlsLabels): RecordColumn<JobListing>[] {
  return [
    {
      header: 'Role',
      phone: 'main',
      cell: (j) => (
        <div className="sm:min-w-48">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
            {j.title}
            {j.featured ? (
              <Badge tone="brand">
                <StarIcon className="size-3" aria-hidden />
                Featured
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-slate-600">{j.location}</p>
        </div>
      ),
    },
    { header: 'Company', cell: (j) => j.company, className: 'whitespace-nowrap', phone: 'sub' },
    {
      header: labels.columns.salary,
      cell: (j) => j.salary,
      className: 'whitespace-nowrap',
      phone: 'sub',
    },
    {
      header: labels.columns.applications,
      cell: (j) => formatCount(j.applications),
      align: 'right',
    },
    {
      header: 'Status',
      cell: (j) => <StatusBadge status={j.status} />,
      phone: 'end',
      narrowUnder: true,
    },
    { header: 'Cross-platform', cell: (j) => <CrossPlatformBadge platforms={j.cross_platform} /> },
  ];
}

export function ListingsTab() {
  const labels = useTalentMlsLabels();
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="border-rose-200">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldAlertIcon className="size-4 text-rose-700" aria-hidden />
            {labels.fraudTitle}
          </CardTitle>
          <CardDescription>{labels.fraudDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {fraudAlerts.map((a) => (
              <li key={a.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-slate-900">{a.company}</p>
                  <StatusBadge status={a.severity} />
                  {a.auto_blocked ? (
                    <StatusBadge status="blocked" label="Auto-blocked" />
                  ) : (
                    <StatusBadge status="review" label="Held for review" />
                  )}
                </div>
                <p className="mt-1 text-sm text-slate-700">{a.issue}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{labels.listingsTitle}</CardTitle>
          <CardDescription>
            {jobListings.filter((j) => j.status === 'active').length} live,{' '}
            {jobListings.filter((j) => j.status === 'pending_approval').length} waiting for
            approval.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label={labels.listingsTitle}
            columns={listingColumns(labels)}
            rows={jobListings}
            rowKey={(j) => j.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}
