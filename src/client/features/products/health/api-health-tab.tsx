import { TrendChart } from '@/components/charts/trend-chart';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiEndpoints } from './data';
import { formatCount } from '@/lib/number-format';

type Endpoint = (typeof apiEndpoints)[number];

// On a phone each endpoint is one row: its method and path, "platform · p95 · success" under
// them, and its status at the right; the traffic stays for screen readers.
const columns: RecordColumn<Endpoint>[] = [
  {
    header: 'Endpoint',
    className: 'sm:whitespace-nowrap',
    phone: 'main',
    cell: (e) => (
      <span className="font-mono text-xs break-all">
        <span className="mr-2 inline-block w-12 font-semibold text-indigo-800 max-sm:w-auto">
          {e.method}
        </span>
        {e.path}
      </span>
    ),
  },
  { header: 'Platform', cell: (e) => e.platform, className: 'whitespace-nowrap', phone: 'sub' },
  { header: 'Status', cell: (e) => <StatusBadge status={e.status} />, phone: 'end' },
  {
    header: 'p95 latency',
    cell: (e) => `${formatCount(e.p95)} ms`,
    align: 'right',
    className: 'whitespace-nowrap',
    phone: 'sub',
    phoneText: (e) => `p95 ${formatCount(e.p95)} ms`,
  },
  {
    header: 'Success',
    cell: (e) => `${e.successRate.toFixed(2)}%`,
    align: 'right',
    phone: 'sub',
    phoneText: (e) => `${e.successRate.toFixed(2)}% success`,
  },
  { header: 'Requests/min', cell: (e) => formatCount(e.requestsPerMinute), align: 'right' },
];

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
          <RecordTable
            label="Endpoints"
            columns={columns}
            rows={apiEndpoints}
            rowKey={(e) => `${e.method} ${e.path}`}
          />
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
