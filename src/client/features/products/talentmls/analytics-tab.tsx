import { ShareChart } from '@/components/charts/share-chart';
import { TrendChart } from '@/components/charts/trend-chart';
import { formatCompactUsd } from '@/lib/number-format';
import { listingsByCategory, marketplaceMonthly } from './data';
import { useTalentMlsLabels } from './use-talentmls-labels';

export function AnalyticsTab() {
  const labels = useTalentMlsLabels();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <TrendChart
        title={labels.volumeChartTitle}
        description="Monthly, over the last six months."
        data={marketplaceMonthly}
        xKey="month"
        xLabel="Month"
        series={[{ key: 'applications', label: labels.columns.applications }]}
      />
      <ShareChart
        title="Listings by Category"
        description="Live listings this month."
        data={listingsByCategory}
        label="Listings"
      />
      <TrendChart
        title="Live Listings"
        description="Listings open at the end of each month."
        data={marketplaceMonthly}
        xKey="month"
        xLabel="Month"
        kind="bar"
        series={[{ key: 'listings', label: 'Listings' }]}
      />
      <TrendChart
        title="Marketplace Revenue"
        description="Listings, placements and subscriptions, by month."
        data={marketplaceMonthly}
        xKey="month"
        xLabel="Month"
        kind="bar"
        series={[{ key: 'revenue', label: 'Revenue' }]}
        format={formatCompactUsd}
      />
    </div>
  );
}
