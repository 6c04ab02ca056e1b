import { BellRingIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { demoAction } from '@/lib/demo-feedback';
import { activeAlerts, incidents } from './data';

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
          <Table aria-label="Incidents">
            <TableHeader>
              <TableRow>
                <TableHead>Incident</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Severity</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Duration</TableHead>
                <TableHead>Started</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {incidents.map((i) => (
                <TableRow key={i.id}>
                  <TableCell className="min-w-52">
                    <p className="font-medium text-slate-900">{i.title}</p>
                    <p className="font-mono text-xs whitespace-nowrap text-slate-600">{i.id}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{i.platform}</TableCell>
                  <TableCell>
                    <StatusBadge status={i.severity} />
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={i.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{i.duration}</TableCell>
                  <TableCell className="whitespace-nowrap text-slate-600">{i.time}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
