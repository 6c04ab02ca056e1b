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
import { apiEndpoints } from './data';
import { formatCount } from '@/lib/number-format';

const byPlatform = Object.entries(
  apiEndpoints.reduce<Record<string, number>>((acc, e) => {
    acc[e.platform] = (acc[e.platform] ?? 0) + e.requestsPerMinute;
    return acc;
  }, {}),
).map(([platform, requests]) => ({ platform, requests }));

export function ApiHealthTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Endpoints</CardTitle>
          <CardDescription>Latency, success rate and traffic of the public APIs.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Endpoints">
            <TableHeader>
              <TableRow>
                <TableHead>Endpoint</TableHead>
                <TableHead>Platform</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">p95 latency</TableHead>
                <TableHead className="text-right">Success</TableHead>
                <TableHead className="text-right">Requests/min</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apiEndpoints.map((e) => (
                <TableRow key={`${e.method} ${e.path}`}>
                  <TableCell className="font-mono text-xs whitespace-nowrap">
                    <span className="mr-2 inline-block w-12 font-semibold text-indigo-800">
                      {e.method}
                    </span>
                    {e.path}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{e.platform}</TableCell>
                  <TableCell>
                    <StatusBadge status={e.status} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {formatCount(e.p95)} ms
                  </TableCell>
                  <TableCell className="text-right">{e.successRate.toFixed(2)}%</TableCell>
                  <TableCell className="text-right">{formatCount(e.requestsPerMinute)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <TrendChart
        kind="bar"
        title="Traffic by platform"
        description="Requests per minute across each platform's endpoints."
        data={byPlatform}
        xKey="platform"
        xLabel="Platform"
        series={[{ key: 'requests', label: 'Requests/min' }]}
      />
    </div>
  );
}
