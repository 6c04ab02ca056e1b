import { BellRingIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { activeAlerts, incidents } from './data';

type Incident = (typeof incidents)[number];

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

// On a phone each incident is one row: its title, "platform · severity · duration · started"
// under it, and its status at the right; its id stays for screen readers.
const incidentColumns: RecordColumn<Incident>[] = [
  {
    header: 'Incident',
    className: 'sm:min-w-52',
    phone: 'main',
    cell: (i) => (
      <>
        <p className="font-medium text-slate-900">{i.title}</p>
        <p className="font-mono text-xs whitespace-nowrap text-slate-600 max-sm:sr-only">{i.id}</p>
      </>
    ),
  },
  { header: 'Platform', cell: (i) => i.platform, className: 'whitespace-nowrap', phone: 'sub' },
  {
    header: 'Severity',
    cell: (i) => <StatusBadge status={i.severity} />,
    phone: 'sub',
    phoneText: (i) => `${capitalised(i.severity)} severity`,
  },
  { header: 'Status', cell: (i) => <StatusBadge status={i.status} />, phone: 'end' },
  { header: 'Duration', cell: (i) => i.duration, className: 'whitespace-nowrap', phone: 'sub' },
  {
    header: 'Started',
    cell: (i) => i.time,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
];

export function AlertsTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Active alerts</CardTitle>
          <CardDescription>Firing now; each pages the on-call engineer.</CardDescription>
        </CardHeader>
        <CardContent>
          {activeAlerts.length === 0 ? (
            <EmptyState title="No active alerts" icon={<BellRingIcon />} />
          ) : (
            <ul className="grid gap-3 md:grid-cols-3">
              {activeAlerts.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-medium text-slate-900">{a.title}</p>
                    <StatusBadge status={a.severity} />
                  </div>
                  <p className="text-xs text-slate-600">
                    {a.platform} · since {a.since}
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() => demoAction(`Acknowledge: ${a.title}`)}
                  >
                    Acknowledge<span className="sr-only"> {a.title}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Incidents</CardTitle>
          <CardDescription>The last ten, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Incidents"
            columns={incidentColumns}
            rows={incidents}
            rowKey={(i) => i.id}
          />
        </CardContent>
      </Card>
    </div>
  );
}
