import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  CHART_GRID,
  CHART_TEXT,
  CHART_TOOLTIP_STYLE,
  seriesColor,
  type ChartRow,
  type ChartSeries,
} from './chart-card';

/** The plot of a TrendChart: the only module that brings recharts, loaded once a chart is shown. */
export default function TrendPlot({
  data,
  xKey,
  series,
  kind,
  format,
}: {
  data: ChartRow[];
  xKey: string;
  series: ChartSeries[];
  kind: 'line' | 'bar' | 'area';
  format?: (value: number) => string;
}) {
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke={CHART_GRID} />,
    <XAxis key="x" dataKey={xKey} tick={{ fill: CHART_TEXT, fontSize: 12 }} />,
    <YAxis
      key="y"
      tick={{ fill: CHART_TEXT, fontSize: 12 }}
      width={48}
      tickFormatter={format ? (v: number) => format(v) : undefined}
    />,
    <Tooltip
      key="tip"
      contentStyle={CHART_TOOLTIP_STYLE}
      cursor={{ fill: 'var(--color-slate-100)', stroke: CHART_GRID }}
      formatter={format ? (v) => format(Number(v)) : undefined}
    />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
  const chart =
    kind === 'bar' ? (
      <BarChart data={data}>
        {axes}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={seriesColor(s, i)}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    ) : kind === 'area' ? (
      <AreaChart data={data}>
        {axes}
        {series.map((s, i) => (
          <Area
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={seriesColor(s, i)}
            fill={seriesColor(s, i)}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    ) : (
      <LineChart data={data}>
        {axes}
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={seriesColor(s, i)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {chart}
    </ResponsiveContainer>
  );
}
