import { AlertTriangleIcon } from 'lucide-react';
import { CrossPlatformBadge } from '@/components/cross-platform-badge';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { crossPlatformAlerts, talents } from './data';
import type { Talent } from './types';

const columns: RecordColumn<Talent>[] = [
  {
    header: 'Talent',
    phone: 'main',
    cell: (t) => (
      <div className="sm:min-w-44">
        <p className="font-medium text-slate-900">{t.name}</p>
        <p className="text-xs text-slate-600">
          {t.headline} · {t.location}
        </p>
      </div>
    ),
  },
  {
    header: 'Skills',
    phone: 'sub',
    phoneText: (t) => t.skills.join(', '),
    cell: (t) => (
      <ul className="flex min-w-44 flex-wrap gap-1" aria-label={`Skills of ${t.name}`}>
        {t.skills.map((s) => (
          <li key={s}>
            <Badge>{s}</Badge>
          </li>
        ))}
      </ul>
    ),
  },
  {
    header: 'Verified',
    cell: (t) =>
      t.verified ? (
        <StatusBadge status="verified" label="Verified" tone="success" />
      ) : (
        <StatusBadge status="unverified" label="Unverified" tone="neutral" />
      ),
  },
  {
    header: 'Engagement',
    cell: (t) => <LabelledProgress value={t.engagement} label={`${t.name} engagement`} />,
    className: 'min-w-40',
  },
  { header: 'Cross-platform', cell: (t) => <CrossPlatformBadge platforms={t.cross_platform} /> },
  {
    header: 'Status',
    cell: (t) => <StatusBadge status={t.status} />,
    phone: 'end',
    narrowUnder: true,
  },
];

export function ProfilesTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="border-amber-200">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AlertTriangleIcon className="size-4 text-amber-700" aria-hidden />
            Cross-Platform Alerts
          </CardTitle>
          <CardDescription>
            Profiles whose details disagree between ecosystem products.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {crossPlatformAlerts.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{a.talent}</span>
                    <StatusBadge status={a.severity} />
                  </p>
                  <p className="text-sm text-slate-700">{a.issue}</p>
                  <CrossPlatformBadge platforms={a.platforms} />
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Review ${a.talent}`}
                  onClick={() =>
                    demoAction(
                      `Review ${a.talent}`,
                      `The full product shows both records from ${a.platforms.join(' and ')} and asks the talent to confirm the right one.`,
                    )
                  }
                >
                  Review
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Talent Profiles</CardTitle>
          <CardDescription>Recently updated profiles across the ecosystem.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Talent profiles"
            columns={columns}
            rows={talents}
            rowKey={(t) => t.name}
          />
        </CardContent>
      </Card>
    </div>
  );
}
