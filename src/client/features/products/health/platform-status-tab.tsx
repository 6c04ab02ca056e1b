import { TrendChart } from '@/components/charts/trend-chart';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { platformHealth, responseTimes } from './data';
import { formatCount } from '@/lib/number-format';

const ms = (v: number) => `${v} ms`;

export function PlatformStatusTab() {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {platformHealth.map((p) => (
          <li key={p.name}>
            <Card className="h-full">
              <CardHeader className="flex-row items-center justify-between gap-2">
                <CardTitle>{p.name}</CardTitle>
                <StatusBadge status={p.status} />
              </CardHeader>
              <CardContent className="space-y-4">
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  {[
                    ['Uptime', `${p.uptime.toFixed(2)}%`],
                    ['Response', ms(p.response)],
                    ['Error rate', `${p.errors.toFixed(2)}%`],
                    ['Active users', formatCount(p.users)],
                  ].map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-xs text-slate-600">{label}</dt>
                      <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
                <div>
                  <p className="mb-1.5 text-xs font-medium text-slate-700">Dependencies</p>
                  <ul className="flex flex-wrap gap-1.5">
                    {p.dependencies.map((d) => (
                      <li key={d.name}>
                        <StatusBadge status={d.status} label={`${d.name}: ${d.status}`} />
                      </li>
                    ))}
                  </ul>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <TrendChart
        title="Response time today (ms)"
        description="Median response of the busiest platforms in milliseconds, every three hours."
        data={responseTimes}
        xKey="time"
        xLabel="Time"
        series={[
          { key: 'HireHub', label: 'HireHub' },
          { key: 'TalentMLS', label: 'TalentMLS' },
          { key: 'TalentSpark', label: 'TalentSpark' },
          { key: 'SortStak', label: 'SortStak' },
        ]}
      />
    </div>
  );
}
