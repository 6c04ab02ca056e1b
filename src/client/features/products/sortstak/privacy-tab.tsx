import { ShareChart } from '@/components/charts/share-chart';
import { PlatformBadge } from '@/components/cross-platform-badge';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { consentShares, privacyRequests, retentionPolicies } from './data';
import type { PrivacyRequest } from './types';
import { Id } from '@/components/cell-text';

const columns: RecordColumn<PrivacyRequest>[] = [
  { header: 'Request', cell: (r) => <Id>{r.id}</Id>, phone: 'sub', phoneText: (r) => r.id },
  { header: 'Type', cell: (r) => <span className="font-medium">{r.type}</span>, phone: 'main' },
  { header: 'Data subject', cell: (r) => r.subject, className: 'whitespace-nowrap', phone: 'sub' },
  { header: 'Platform', cell: (r) => <PlatformBadge platform={r.platform} /> },
  { header: 'Status', cell: (r) => <StatusBadge status={r.status} />, phone: 'end' },
  {
    header: 'Due',
    cell: (r) => r.due,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
    phoneText: (r) => `due ${r.due}`,
  },
];

export function PrivacyTab() {
  const open = privacyRequests.filter((r) => r.status !== 'completed').length;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Data Subject Requests</CardTitle>
          <CardDescription>
            GDPR requests from people across the ecosystem: {open} open, answered within 30 days.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Data subject requests"
            columns={columns}
            rows={privacyRequests}
            rowKey={(r) => r.id}
          />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Retention Policies</CardTitle>
            <CardDescription>Data is deleted automatically when its period ends.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-slate-200">
              {retentionPolicies.map((p) => (
                <div key={p.data} className="flex items-start justify-between gap-4 py-3">
                  <dt>
                    <span className="block font-medium text-slate-900">{p.data}</span>
                    <span className="text-sm text-slate-600">{p.basis}</span>
                  </dt>
                  <dd className="shrink-0 font-semibold text-slate-900 tabular-nums">{p.period}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <ShareChart
          title="Consent Preferences"
          description="How talent chose to share their data."
          data={consentShares}
          label="Share of profiles"
          format={(v) => `${v}%`}
        />
      </div>
    </div>
  );
}
