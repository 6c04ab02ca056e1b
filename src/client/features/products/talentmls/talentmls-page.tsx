import { BriefcaseIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { usePersona } from '@/lib/persona';
import { AnalyticsTab } from './analytics-tab';
import { talentmlsStats } from './data';
import { EmployersTab } from './employers-tab';
import { ListingsTab } from './listings-tab';
import { PaymentsTab } from './payments-tab';
import { TALENTMLS_LABELS } from './labels';

/** TalentMLS, the job marketplace admin; its labels follow the persona (docs/product/dashboards.md#talentmls, docs/product/dashboards.md#persona-labels). */
export default function TalentMlsPage() {
  const { persona } = usePersona();
  const labels = TALENTMLS_LABELS[persona];
  const tabs: TabSpec[] = [
    { value: 'listings', label: labels.tabs.listings, Content: ListingsTab },
    { value: 'employers', label: labels.tabs.employers, Content: EmployersTab },
    { value: 'analytics', label: labels.tabs.analytics, Content: AnalyticsTab },
    ...(labels.tabs.payments
      ? [{ value: 'payments', label: labels.tabs.payments, Content: PaymentsTab }]
      : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<BriefcaseIcon />}
        title="TalentMLS"
        description={labels.description}
        actions={
          <Button onClick={() => demoAction(labels.primaryAction, labels.primaryActionDetail)}>
            {labels.primaryAction}
          </Button>
        }
      />
      <StatFigures stats={talentmlsStats[persona]} />
      <SearchParamTabs tabs={tabs} label="TalentMLS sections" />
    </div>
  );
}
