import { TrendChart } from '@/components/charts/trend-chart';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { platformRules } from './data';
import { formatCount } from '@/lib/number-format';

const COUNTS = [
  { key: 'whitelist', label: 'Whitelist' },
  { key: 'blacklist', label: 'Blacklist' },
  { key: 'custom_rules', label: 'Custom rules' },
] as const;

const headingId = (platform: string) => `rules-${platform.toLowerCase().replace(/\W+/g, '-')}`;

export function PlatformRulesTab() {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {platformRules.map((p) => (
          <Card key={p.platform} role="group" aria-labelledby={headingId(p.platform)}>
            <CardHeader className="flex-row items-center justify-between gap-2">
              <CardTitle id={headingId(p.platform)}>{p.platform}</CardTitle>
              <Button
                variant="outline"
                size="sm"
                onClick={() => demoAction(`Manage ${p.platform} rules`)}
              >
                Manage<span className="sr-only"> {p.platform} rules</span>
              </Button>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-3 gap-2 text-center">
                {COUNTS.map((c) => (
                  <div key={c.key} className="rounded-md bg-slate-50 px-2 py-3">
                    <dt className="text-xs text-slate-600">{c.label}</dt>
                    <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">
                      {formatCount(p[c.key])}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>
      <TrendChart
        kind="bar"
        title="Rules by platform"
        description="Whitelist, blacklist and custom rule counts side by side."
        data={platformRules}
        xKey="platform"
        xLabel="Platform"
        series={COUNTS.map((c) => ({ key: c.key, label: c.label }))}
      />
    </div>
  );
}
