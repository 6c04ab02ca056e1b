import { TrendChart } from '@/components/charts/trend-chart';
import { LabelledProgress } from '@/components/labelled-progress';
import { RecordTable, type RecordColumn } from '@/components/record-table';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { loadSamples, servers } from './data';
import { serverStatus } from './thresholds';
import { formatCount } from '@/lib/number-format';

const GAUGES = [
  { key: 'cpu', label: 'CPU' },
  { key: 'memory', label: 'Memory' },
  { key: 'disk', label: 'Disk' },
] as const;

const percent = (v: number) => `${v}%`;
const mbps = (v: number) => `${formatCount(v)} Mbps`;

type Server = (typeof servers)[number];

// On a phone each server is one row: its name and role, "region · CPU · memory · disk" under
// them, and its status at the right; the network stays for screen readers.
const columns: RecordColumn<Server>[] = [
  {
    header: 'Server',
    className: 'sm:whitespace-nowrap',
    phone: 'main',
    cell: (s) => (
      <>
        <p className="font-mono text-sm font-medium text-slate-900">{s.name}</p>
        <p className="text-xs text-slate-600">{s.role}</p>
      </>
    ),
  },
  { header: 'Region', cell: (s) => s.region, className: 'whitespace-nowrap', phone: 'sub' },
  ...GAUGES.map((g): RecordColumn<Server> => ({
    header: g.label,
    className: 'min-w-36',
    phone: 'sub',
    phoneText: (s) => `${g.label} ${s[g.key]}%`,
    cell: (s) => <LabelledProgress value={s[g.key]} label={`${s.name} ${g.label}`} />,
  })),
  {
    header: 'Network',
    cell: (s) => mbps(s.network),
    align: 'right',
    className: 'whitespace-nowrap',
  },
  { header: 'Status', cell: (s) => <StatusBadge status={serverStatus(s)} />, phone: 'end' },
];

export function ServerMetricsTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Servers</CardTitle>
          <CardDescription>
            Current load. A server is degraded when CPU, memory or disk passes 85%.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RecordTable label="Servers" columns={columns} rows={servers} rowKey={(s) => s.name} />
        </CardContent>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <TrendChart
          kind="area"
          title="CPU and memory today"
          description="Average across all servers."
          data={loadSamples}
          xKey="time"
          xLabel="Time"
          series={[
            { key: 'cpu', label: 'CPU' },
            { key: 'memory', label: 'Memory' },
          ]}
          format={percent}
        />
        <TrendChart
          title="Network today (Mbps)"
          description="Traffic in and out, all servers, in megabits per second."
          data={loadSamples}
          xKey="time"
          xLabel="Time"
          series={[
            { key: 'networkIn', label: 'In' },
            { key: 'networkOut', label: 'Out' },
          ]}
        />
      </div>
    </div>
  );
}
