import { Id } from '@/components/cell-text';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { recentBlocks, securityEvents } from './data';

type Block = (typeof recentBlocks)[number];

/** An event type in people's words: "rate_limit_exceeded" → "Rate limit exceeded". */
const eventLabel = (type: string) => {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// On a phone each block is one row: the reason, "address · platform · time" under it, the
// severity and Unblock at its right.
const blockColumns: RecordColumn<Block>[] = [
  { header: 'IP address', cell: (b) => <Id>{b.ip}</Id>, phone: 'sub', phoneText: (b) => b.ip },
  { header: 'Reason', cell: (b) => b.reason, className: 'min-w-44', phone: 'main' },
  { header: 'Platform', cell: (b) => b.platform, className: 'whitespace-nowrap', phone: 'sub' },
  {
    header: 'Time',
    cell: (b) => b.time,
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
  },
  { header: 'Severity', cell: (b) => <StatusBadge status={b.severity} />, phone: 'end' },
  {
    header: 'Actions',
    hideHeader: true,
    align: 'right',
    phone: 'end',
    cell: (b) => (
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
    ),
  },
];

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
          <RecordTable
            label="Recent blocks"
            columns={blockColumns}
            rows={recentBlocks}
            rowKey={(b) => b.ip}
          />
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
                  <span className="text-xs font-medium text-slate-700">{eventLabel(e.type)}</span>
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
