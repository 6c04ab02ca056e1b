import { ShareChart } from '@/components/charts/share-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { checksPerDay, passRateByMonth, resultShare } from './data';

export function AnalyticsTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <TrendChart
        title="Checks per Day"
        description="The last seven days."
        data={checksPerDay}
        xKey="day"
        xLabel="Day"
        kind="bar"
        series={[{ key: 'checks', label: 'Checks' }]}
      />
      <ShareChart
        title="Results"
        description="Share of checks by result, last 30 days."
        data={resultShare}
        label="Share of checks"
        format={(v) => `${v}%`}
      />
      <div className="lg:col-span-2">
        <TrendChart
          title="Pass Rate Trend"
          description="Monthly pass rate, in percent."
          data={passRateByMonth}
          xKey="month"
          xLabel="Month"
          series={[{ key: 'passRate', label: 'Pass rate' }]}
          format={(v) => `${v}%`}
        />
      </div>
    </div>
  );
}
