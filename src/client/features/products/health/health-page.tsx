import { formatUptime } from '@shared/ecosystem-facts';
import { ActivityIcon, AlertTriangleIcon, GaugeIcon, RefreshCwIcon, TimerIcon } from 'lucide-react';
import { SearchParamTabs } from '@/components/search-param-tabs';
import { PageHeader } from '@/components/page-header';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { AlertsTab } from './alerts-tab';
import { ApiHealthTab } from './api-health-tab';
import { incidents, platformHealth } from './data';
import { PlatformStatusTab } from './platform-status-tab';
import { ServerMetricsTab } from './server-metrics-tab';
import { summarizeHealth } from './summary';

const summary = summarizeHealth(platformHealth, incidents);

/** The system health admin (docs/product/dashboards.md#health). */
export default function HealthPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ActivityIcon />}
        title="System Health"
        description="Status of every platform, server and API in the ecosystem."
        actions={
          <Button variant="outline" onClick={() => demoAction('Refresh health checks')}>
            <RefreshCwIcon aria-hidden />
            Refresh
          </Button>
        }
      />
      <StatGrid>
        <StatTile
          label="Healthy platforms"
          value={`${summary.healthy} of ${summary.platforms}`}
          hint={`${summary.platforms - summary.healthy} degraded`}
          icon={<ActivityIcon />}
        />
        <StatTile
          label="Average uptime"
          value={formatUptime(summary.averageUptime)}
          hint="last 30 days"
          icon={<GaugeIcon />}
        />
        <StatTile
          label="Median response"
          value={`${Math.round(summary.medianResponse)} ms`}
          hint={`across all ${summary.platforms} platforms`}
          icon={<TimerIcon />}
        />
        <StatTile
          label="Open incidents"
          value={summary.openIncidents}
          hint="being monitored"
          icon={<AlertTriangleIcon />}
        />
      </StatGrid>
      <SearchParamTabs
        label="System health sections"
        tabs={[
          { value: 'status', label: 'Platform Status', content: <PlatformStatusTab /> },
          { value: 'servers', label: 'Server Metrics', content: <ServerMetricsTab /> },
          { value: 'api', label: 'API Health', content: <ApiHealthTab /> },
          { value: 'incidents', label: 'Alerts & Incidents', content: <AlertsTab /> },
        ]}
      />
    </div>
  );
}
