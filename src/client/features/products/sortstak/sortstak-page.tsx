import { consoleDescription } from '@shared/ecosystem-facts';
import { DatabaseIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { ApiTab } from './api-tab';
import { sortstakStats } from './data';
import { PipelinesTab } from './pipelines-tab';
import { PrivacyTab } from './privacy-tab';
import { QualityTab } from './quality-tab';

const TABS: TabSpec[] = [
  { value: 'pipelines', label: 'Active Pipelines', Content: PipelinesTab },
  { value: 'quality', label: 'Data Quality', Content: QualityTab },
  { value: 'privacy', label: 'User Data & Privacy', Content: PrivacyTab },
  { value: 'api', label: 'API Management', Content: ApiTab },
];

const DESCRIPTION = consoleDescription(
  'SortStak',
  'the pipelines that sort, clean and share ecosystem data.',
);

/** SortStak, the data-processing admin (docs/product/dashboards.md#sortstak). */
export default function SortStakPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader icon={<DatabaseIcon />} title="SortStak" description={DESCRIPTION} />
      <StatFigures stats={sortstakStats} />
      <SearchParamTabs tabs={TABS} label="SortStak sections" />
    </div>
  );
}
