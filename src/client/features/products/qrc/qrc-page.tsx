import { ClipboardCheckIcon, RotateCcwIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, useShowTab, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { usePersona } from '@/lib/persona';
import { AnalyticsTab } from './analytics-tab';
import { ChecksTab } from './checks-tab';
import { qrcStats } from './data';
import { QRC_LABELS, RESET_ACTION_DETAIL } from './labels';
import { PerformanceTab } from './performance-tab';
import { TemplatesTab } from './templates-tab';

const TABS: TabSpec[] = [
  { value: 'checks', label: 'Recent Checks', Content: ChecksTab },
  { value: 'templates', label: 'Check Templates', Content: TemplatesTab },
  { value: 'performance', label: 'Performance', Content: PerformanceTab },
  { value: 'analytics', label: 'Analytics', Content: AnalyticsTab },
];

/** Quick Role Check (docs/product/dashboards.md#qrc); the main button follows the persona. */
export default function QrcPage() {
  const { persona } = usePersona();
  const labels = QRC_LABELS[persona];
  const showTab = useShowTab();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ClipboardCheckIcon />}
        title="Quick Role Check"
        description={labels.description}
        actions={
          <>
            <Button variant="outline" onClick={() => demoAction('Reset', RESET_ACTION_DETAIL)}>
              <RotateCcwIcon aria-hidden />
              Reset
            </Button>
            <Button
              onClick={() => {
                if (persona === 'investor') showTab('analytics');
                demoAction(labels.primaryAction, labels.primaryActionDetail);
              }}
            >
              {labels.primaryAction}
            </Button>
          </>
        }
      />
      <StatFigures stats={qrcStats} />
      <SearchParamTabs tabs={TABS} label="Quick Role Check sections" />
    </div>
  );
}
