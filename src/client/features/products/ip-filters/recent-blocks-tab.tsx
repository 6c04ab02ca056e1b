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
import { recentBlocks, securityEvents } from './data';

export function RecentBlocksTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Recent blocks</CardTitle>
          <CardDescription>
            Addresses refused across the ecosystem in the last hours.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Recent blocks">
            <TableHeader>
              <TableRow>
                <TableHead>IP address</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Severity</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {recentBlocks.map((b) => (
                <TableRow key={b.ip}>
                  <TableCell className="font-mono text-xs whitespace-nowrap">{b.ip}</TableCell>
                  <TableCell className="min-w-44">{b.reason}</TableCell>
                  <TableCell className="whitespace-nowrap">{b.platform}</TableCell>
                  <TableCell className="whitespace-nowrap text-slate-600">{b.time}</TableCell>
                  <TableCell>
                    <StatusBadge status={b.severity} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        demoAction(
                          `Unblock ${b.ip}`,
                          `The address would be allowed again on ${b.platform}. This demo uses sample data only.`,
                        )
                      }
                    >
                      Unblock<span className="sr-only"> {b.ip}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Security events</CardTitle>
          <CardDescription>The detections behind the latest blocks.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {securityEvents.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
                    {e.type}
                  </code>
                  <StatusBadge status={e.severity} />
                </div>
                <p className="mt-1.5 text-sm text-slate-900">{e.summary}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {e.platform} · {e.time}
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
