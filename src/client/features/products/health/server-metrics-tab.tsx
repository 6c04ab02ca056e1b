import { TrendChart } from '@/components/charts/trend-chart';
import { LabelledProgress } from '@/components/labelled-progress';
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
          <Table aria-label="Servers">
            <TableHeader>
              <TableRow>
                <TableHead>Server</TableHead>
                <TableHead>Region</TableHead>
                {GAUGES.map((g) => (
                  <TableHead key={g.key}>{g.label}</TableHead>
                ))}
                <TableHead className="text-right">Network</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {servers.map((s) => (
                <TableRow key={s.name}>
                  <TableCell className="whitespace-nowrap">
                    <p className="font-mono text-sm font-medium text-slate-900">{s.name}</p>
                    <p className="text-xs text-slate-600">{s.role}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{s.region}</TableCell>
                  {GAUGES.map((g) => (
                    <TableCell key={g.key} className="min-w-36">
                      <LabelledProgress value={s[g.key]} label={`${s.name} ${g.label}`} />
                    </TableCell>
                  ))}
                  <TableCell className="text-right whitespace-nowrap">{mbps(s.network)}</TableCell>
                  <TableCell>
                    <StatusBadge status={serverStatus(s)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
