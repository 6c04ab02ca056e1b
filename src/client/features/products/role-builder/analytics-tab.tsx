import { ShareChart } from '@/components/charts/share-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { completionTrend, rolesPerMonth, templateUsageByCategory } from './data';

export function AnalyticsTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <TrendChart
        title="Roles Created and Published"
        description="By month, across all employers."
        data={rolesPerMonth}
        xKey="month"
        xLabel="Month"
        kind="bar"
        series={[
          { key: 'created', label: 'Created' },
          { key: 'published', label: 'Published' },
        ]}
      />
      <ShareChart
        title="Template Usage by Category"
        description="Roles started from a template this year."
        data={templateUsageByCategory}
        label="Roles"
      />
      <div className="lg:col-span-2">
        <TrendChart
          title="Average Role Completion"
          description="Share of required fields filled in, by month."
          data={completionTrend}
          xKey="month"
          xLabel="Month"
          kind="area"
          series={[{ key: 'completion', label: 'Completion' }]}
          format={(v) => `${v}%`}
        />
      </div>
    </div>
  );
}
