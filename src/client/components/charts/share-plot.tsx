import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { CHART_COLORS, CHART_TOOLTIP_STYLE } from './chart-card';

/** The plot of a ShareChart: recharts, loaded once a chart is shown. */
export default function SharePlot({
  data,
  format,
}: {
  data: { name: string; value: number }[];
  format?: (value: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="85%"
          isAnimationActive={false}
        >
          {data.map((d, i) => (
            <Cell
              key={d.name}
              fill={CHART_COLORS[i % CHART_COLORS.length]}
              stroke="var(--color-white)"
            />
          ))}
        </Pie>
        <Tooltip
          contentStyle={CHART_TOOLTIP_STYLE}
          formatter={format ? (v) => format(Number(v)) : undefined}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
      </PieChart>
    </ResponsiveContainer>
  );
}
