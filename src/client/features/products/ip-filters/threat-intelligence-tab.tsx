import { ShareChart } from '@/components/charts/share-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { dailyBlocks, threatCategories, threatFeeds } from './data';
import { formatCount } from '@/lib/number-format';

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
          <Table aria-label="Threat feeds">
            <TableHeader>
              <TableRow>
                <TableHead>Feed</TableHead>
                <TableHead>Provider</TableHead>
                <TableHead className="text-right">Indicators</TableHead>
                <TableHead>Updated</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {threatFeeds.map((f) => (
                <TableRow key={f.name}>
                  <TableCell className="font-medium whitespace-nowrap">{f.name}</TableCell>
                  <TableCell className="whitespace-nowrap">{f.provider}</TableCell>
                  <TableCell className="text-right">{formatCount(f.indicators)}</TableCell>
                  <TableCell className="whitespace-nowrap text-slate-600">{f.updated}</TableCell>
                  <TableCell>
                    <StatusBadge status={f.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
