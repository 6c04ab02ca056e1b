import { KeyRoundIcon } from 'lucide-react';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { apiCredentials, securityPolicies } from './data';
import { formatCount } from '@/lib/number-format';

type Credential = (typeof apiCredentials)[number];

const expiry = (c: Credential) => (c.status === 'expired' ? `Expired ${c.expires}` : c.expires);

// On a phone each key is one row: its name, "platform · expires … · requests" under it, and its
// status and Rotate (or Renew) at the right.
const credentialColumns: RecordColumn<Credential>[] = [
  {
    header: 'Name',
    cell: (c) => c.name,
    className: 'font-medium text-slate-900 sm:whitespace-nowrap',
    phone: 'main',
  },
  { header: 'Platform', cell: (c) => c.platform, className: 'whitespace-nowrap', phone: 'sub' },
  { header: 'Status', cell: (c) => <StatusBadge status={c.status} />, phone: 'end' },
  {
    header: 'Expires',
    cell: expiry,
    className: 'whitespace-nowrap',
    phone: 'sub',
    phoneText: (c) => (c.status === 'expired' ? `expired ${c.expires}` : `expires ${c.expires}`),
  },
  {
    header: 'Requests, 30 days',
    cell: (c) => formatCount(c.usage),
    align: 'right',
    phone: 'sub',
    phoneText: (c) => `${formatCount(c.usage)} requests in 30 days`,
  },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    phone: 'end',
    cell: (c) => (
      <RowActions
        name={c.name}
        actions={[
          {
            label: c.status === 'expired' ? 'Renew' : 'Rotate',
            onSelect: () => demoAction(`${c.status === 'expired' ? 'Renew' : 'Rotate'} ${c.name}`),
          },
        ]}
      />
    ),
  },
];

export function SecurityApisTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Security policy</CardTitle>
          <CardDescription>Limits that apply across the ecosystem.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
            {securityPolicies.map((p) => (
              <div key={p.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{p.label}</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">
                  {p.value}
                </dd>
                <dd className="mt-1 text-xs text-slate-600">{p.note}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>API credentials</CardTitle>
            <CardDescription>Keys the platforms use to call each other.</CardDescription>
          </div>
          <Button size="sm" onClick={() => demoAction('Create API key')}>
            <KeyRoundIcon aria-hidden />
            Create API key
          </Button>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="API credentials"
            columns={credentialColumns}
            rows={apiCredentials}
            rowKey={(c) => c.name}
          />
        </CardContent>
      </Card>
    </div>
  );
}
