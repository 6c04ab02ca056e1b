import { LayersIcon, LibraryIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, useShowTab, type TabSpec } from '@/components/search-param-tabs';
import { StatFigures } from '@/components/stat-figures';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { usePersona } from '@/lib/persona';
import { AnalyticsTab } from './analytics-tab';
import { BuilderTab } from './builder-tab';
import { roleBuilderStats } from './data';
import { ROLE_BUILDER_LABELS, TEMPLATES_ACTION_DETAIL } from './labels';
import { RolesTab } from './roles-tab';
import { TemplatesTab } from './templates-tab';

const TABS: TabSpec[] = [
  { value: 'roles', label: 'Active Roles', Content: RolesTab },
  { value: 'templates', label: 'Templates', Content: TemplatesTab },
  { value: 'builder', label: 'Role Builder', Content: BuilderTab },
  { value: 'analytics', label: 'Analytics', Content: AnalyticsTab },
];

/** Where the persona's main action takes you on this screen. */
const ACTION_TAB = { recruiter: 'builder', talent: null, investor: 'analytics' } as const;

/** Role Builder (docs/product/dashboards.md#role-builder); the main button follows the persona. */
export default function RoleBuilderPage() {
  const { persona } = usePersona();
  const labels = ROLE_BUILDER_LABELS[persona];
  const showTab = useShowTab();
  const onPrimary = () => {
    const tab = ACTION_TAB[persona];
    if (tab) showTab(tab);
    demoAction(labels.primaryAction, labels.primaryActionDetail);
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<LayersIcon />}
        title="Role Builder"
        description={labels.description}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => {
                showTab('templates');
                demoAction('Templates', TEMPLATES_ACTION_DETAIL);
              }}
            >
              <LibraryIcon aria-hidden />
              Templates
            </Button>
            <Button onClick={onPrimary}>{labels.primaryAction}</Button>
          </>
        }
      />
      <StatFigures stats={roleBuilderStats} />
      <SearchParamTabs tabs={TABS} label="Role Builder sections" />
    </div>
  );
}
