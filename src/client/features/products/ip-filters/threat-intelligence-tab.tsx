import { ShareChart } from '@/components/charts/share-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dailyBlocks, threatCategories, threatFeeds } from './data';
import { formatCount } from '@/lib/number-format';

// On a phone each feed is one row: its name, "provider · indicators · updated" under it, and its
// status at the right.
const feedColumns: RecordColumn<(typeof threatFeeds)[number]>[] = [
  {
    header: 'Feed',
    className: 'font-medium whitespace-nowrap',
    phone: 'main',
    cell: (f) => f.name,
  },
  { header: 'Provider', className: 'whitespace-nowrap', phone: 'sub', cell: (f) => f.provider },
  {
    header: 'Indicators',
    align: 'right',
    phone: 'sub',
    phoneText: (f) => `${formatCount(f.indicators)} indicators`,
    cell: (f) => formatCount(f.indicators),
  },
  {
    header: 'Updated',
    className: 'whitespace-nowrap text-slate-600',
    phone: 'sub',
    cell: (f) => f.updated,
  },
  { header: 'Status', phone: 'end', cell: (f) => <StatusBadge status={f.status} /> },
];

export function ThreatIntelligenceTab() {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 xl:grid-cols-2">
        <TrendChart
          kind="area"
          title="Blocked and challenged requests"
          description="The last seven days, all platforms."
          data={dailyBlocks}
          xKey="day"
          xLabel="Day"
          series={[
            { key: 'blocked', label: 'Blocked' },
            { key: 'challenged', label: 'Challenged' },
          ]}
        />
        <ShareChart
          title="Threats by category"
          description="Blocked addresses this week, by what they tried."
          data={threatCategories}
          label="Addresses"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Threat feeds</CardTitle>
          <CardDescription>Lists of known bad addresses that feed the block rules.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="Threat feeds"
            columns={feedColumns}
            rows={threatFeeds}
            rowKey={(f) => f.name}
          />
        </CardContent>
      </Card>
    </div>
  );
}
