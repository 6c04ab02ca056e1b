import { KeyRoundIcon } from 'lucide-react';
import { TrendChart } from '@/components/charts/trend-chart';
import { PlatformBadge } from '@/components/cross-platform-badge';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { formatCount, formatRatio } from '@/lib/number-format';
import { apiClients, apiEndpoints, apiTraffic } from './data';
import type { ApiClient, ApiEndpoint } from './types';

const endpointColumns: RecordColumn<ApiEndpoint>[] = [
  {
    header: 'Endpoint',
    phone: 'main',
    cell: (e) => (
      <span className="font-mono text-xs break-all sm:whitespace-nowrap">
        <span className="font-semibold text-indigo-800">{e.method}</span> {e.path}
      </span>
    ),
  },
  {
    header: 'Platform',
    cell: (e) => <PlatformBadge platform={e.platform} />,
    phone: 'sub',
    phoneText: (e) => e.platform,
  },
  { header: 'Requests (24h)', cell: (e) => formatCount(e.requests24h), align: 'right' },
  {
    header: 'p95 latency',
    cell: (e) => `${e.p95Ms} ms`,
    align: 'right',
    phone: 'sub',
    phoneText: (e) => `p95 ${e.p95Ms} ms`,
  },
  { header: 'Error rate', cell: (e) => formatRatio(e.errorRate, 2), align: 'right' },
  { header: 'Status', cell: (e) => <StatusBadge status={e.status} />, phone: 'end' },
];

const clientColumns: RecordColumn<ApiClient>[] = [
  { header: 'Client', cell: (c) => <span className="font-medium">{c.name}</span>, phone: 'main' },
  {
    header: 'Platform',
    cell: (c) => <PlatformBadge platform={c.platform} />,
    phone: 'sub',
    phoneText: (c) => c.platform,
  },
  { header: 'Key', cell: (c) => <code className="text-xs">{c.keyPrefix}…</code> },
  {
    header: 'Rate limit',
    cell: (c) => `${formatCount(c.rateLimitPerMin)} req/min`,
    align: 'right',
    className: 'whitespace-nowrap',
  },
  { header: 'Status', cell: (c) => <StatusBadge status={c.status} />, phone: 'end' },
  {
    header: 'Expires',
    cell: (c) => c.expires,
    className: 'whitespace-nowrap',
    phone: 'sub',
    phoneText: (c) => `${c.status === 'expired' ? 'expired' : 'expires'} ${c.expires}`,
  },
  {
    header: 'Actions',
    phone: 'end',
    cell: (c) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Rotate key of ${c.name}`}
        onClick={() =>
          demoAction(
            `Rotate key of ${c.name}`,
            'The full product issues a new key, shows it once, and retires the old one after a grace period.',
          )
        }
      >
        <KeyRoundIcon aria-hidden />
        {/* On a phone the key alone, so the row's name keeps its width; the label names it. */}
        <span className="max-sm:hidden">Rotate key</span>
      </Button>
    ),
  },
];

export function ApiTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>API Endpoints</CardTitle>
          <CardDescription>The ecosystem data API, as the platforms use it.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable
            label="API endpoints"
            columns={endpointColumns}
            rows={apiEndpoints}
            rowKey={(e) => `${e.method} ${e.path}`}
          />
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>API Clients</CardTitle>
            <CardDescription>Default rate limit 1000 requests per minute.</CardDescription>
          </CardHeader>
          <CardContent>
            <RecordTable
              label="API clients"
              columns={clientColumns}
              rows={apiClients}
              rowKey={(c) => c.name}
            />
          </CardContent>
        </Card>
        <TrendChart
          title="API Traffic (24h)"
          description="Requests across all endpoints, in three-hour buckets."
          data={apiTraffic}
          xKey="hour"
          xLabel="Hour"
          kind="area"
          series={[{ key: 'requests', label: 'Requests' }]}
        />
      </div>
    </div>
  );
}
