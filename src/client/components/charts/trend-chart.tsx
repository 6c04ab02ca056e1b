import { lazy, Suspense } from 'react';
import { ChartCard, ChartPlaceholder, type ChartRow, type ChartSeries } from './chart-card';

// Recharts is most of a chart screen's code: it loads once a chart is on screen, after the
// screen itself, into a box of fixed height (ChartCard), so nothing moves when it arrives.
const TrendPlot = lazy(() => import('./trend-plot'));

/** A line, bar or area chart over one x axis, with the same figures in a table. */
export function TrendChart({
  title,
  description,
  data,
  xKey,
  xLabel,
  series,
  kind = 'line',
  format,
}: {
  title: string;
  description?: string;
  data: ChartRow[];
  xKey: string;
  xLabel: string;
  series: ChartSeries[];
  kind?: 'line' | 'bar' | 'area';
  format?: (value: number) => string;
}) {
  return (
    <ChartCard
      title={title}
      description={description}
      data={data}
      xKey={xKey}
      xLabel={xLabel}
      series={series}
      format={format}
    >
      <Suspense fallback={<ChartPlaceholder />}>
        <TrendPlot data={data} xKey={xKey} series={series} kind={kind} format={format} />
      </Suspense>
    </ChartCard>
  );
}
