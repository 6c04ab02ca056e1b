import { ShieldIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { lazyTab, SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { logPanelAccess } from './shared/console-audit';
import { OverviewTab } from './tabs/overview-tab';

// The first tab comes with the page; the others, with their tables, forms and schemas, load when
// opened (or when the address names them), so that the page does not evaluate them on arrival.
const UsersTab = lazyTab('Users', () => import('./tabs/users-tab').then((m) => m.UsersTab));
const SecurityTab = lazyTab('Security', () =>
  import('./tabs/security-tab').then((m) => m.SecurityTab),
);
const SecurityAuditTab = lazyTab('Security Audit', () =>
  import('./tabs/security-audit-tab').then((m) => m.SecurityAuditTab),
);
const AnalyticsTab = lazyTab('Analytics', () =>
  import('./tabs/analytics-tab').then((m) => m.AnalyticsTab),
);
const IntegrationsTab = lazyTab('Integrations', () =>
  import('./tabs/integrations-tab').then((m) => m.IntegrationsTab),
);
const SettingsTab = lazyTab('Settings', () =>
  import('./tabs/settings-tab').then((m) => m.SettingsTab),
);

const TABS: readonly TabSpec[] = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'Users', Content: UsersTab },
  { value: 'security', label: 'Security', Content: SecurityTab },
  { value: 'security-audit', label: 'Security Audit', Content: SecurityAuditTab },
  { value: 'analytics', label: 'Analytics', Content: AnalyticsTab },
  { value: 'integrations', label: 'Integrations', Content: IntegrationsTab },
  { value: 'settings', label: 'Settings', Content: SettingsTab },
];

/** The admin dashboard (docs/product/admin-console.md#admin-dashboard). The selected tab lives in the address (?tab=users). */
export default function AdminPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();

  // docs/product/audit-trail.md#console-events: opening the console is an audit event (once per visit, StrictMode included).
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    logPanelAccess({ path: pathname, tab: params.get('tab') ?? 'overview' });
  }, [pathname, params]);

  return (
    // Wider than the dashboards' 80rem: the console's tables (the trail, the users) use a wide
    // screen's room for their columns rather than cutting addresses short.
    <div className="mx-auto max-w-[96rem] px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ShieldIcon />}
        title="Admin Dashboard"
        description="Users, roles, applications and the security audit trail of the ecosystem."
      />
      <SearchParamTabs label="Admin sections" tabs={TABS} />
    </div>
  );
}
