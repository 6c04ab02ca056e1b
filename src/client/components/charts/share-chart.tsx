import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { CHART_COLORS, ChartCard } from './chart-card';

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
              <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={format ? (v) => format(Number(v)) : undefined} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
