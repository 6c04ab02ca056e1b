import { lazy, Suspense } from 'react';
import { ChartCard, ChartPlaceholder } from './chart-card';

// Recharts loads once a chart is on screen (see trend-chart.tsx).
const SharePlot = lazy(() => import('./share-plot'));

/** Parts of a whole as a donut, with the same figures in a table. */
export function ShareChart({
  title,
  description,
  data,
  label = 'Share',
  format,
}: {
  title: string;
  description?: string;
  data: { name: string; value: number }[];
  label?: string;
  format?: (value: number) => string;
}) {
  return (
    <ChartCard
      title={title}
      description={description}
      data={data}
      xKey="name"
      xLabel="Segment"
      series={[{ key: 'value', label }]}
      format={format}
    >
      <Suspense fallback={<ChartPlaceholder />}>
        <SharePlot data={data} format={format} />
      </Suspense>
    </ChartCard>
  );
}
