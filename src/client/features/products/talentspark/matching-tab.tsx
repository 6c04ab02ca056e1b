import { SlidersHorizontalIcon } from 'lucide-react';
import { TrendChart } from '@/components/charts/trend-chart';
import { LabelledProgress } from '@/components/labelled-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { demoAction } from '@/lib/demo-feedback';
import { matchFactors, matchingMetrics, matchingTrend } from './data';

export function MatchingTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <CardTitle>Matching Algorithm</CardTitle>
              <CardDescription className="mt-1.5">
                How much each signal counts when talent is matched to a role.
              </CardDescription>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                demoAction(
                  'Tune weights',
                  'The full product lets you try new weights on last month’s matches before deploying them.',
                )
              }
            >
              <SlidersHorizontalIcon aria-hidden />
              Tune weights
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <ul className="space-y-4">
            {matchFactors.map((f) => (
              <li key={f.factor}>
                <p className="mb-1 text-sm font-medium text-slate-900">{f.factor}</p>
                <LabelledProgress value={f.weight} label={`${f.factor} weight`} />
                <p className="mt-1 text-xs text-slate-600">{f.description}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Model Health</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {matchingMetrics.map((m) => (
                <div key={m.label} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-xs font-medium text-slate-600">{m.label}</dt>
                  <dd className="mt-1 font-semibold text-slate-900">{m.value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <TrendChart
          title="Match Quality Trend"
          description="Accuracy on reviewed matches and the share of matches talent accepted."
          data={matchingTrend}
          xKey="month"
          xLabel="Month"
          series={[
            { key: 'accuracy', label: 'Accuracy' },
            { key: 'acceptance', label: 'Acceptance' },
          ]}
          format={(v) => `${v}%`}
        />
      </div>
    </div>
  );
}
