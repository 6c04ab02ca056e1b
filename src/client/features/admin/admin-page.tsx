import { ShieldIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SearchParamTabs, type TabSpec } from '@/components/search-param-tabs';
import { logPanelAccess } from './shared/console-audit';
import { AnalyticsTab } from './tabs/analytics-tab';
import { OverviewTab } from './tabs/overview-tab';
import { SettingsTab } from './tabs/settings-tab';
import { SecurityAuditTab } from './tabs/security-audit-tab';
import { SecurityTab } from './tabs/security-tab';
import { UsersTab } from './tabs/users-tab';

const TABS: readonly TabSpec[] = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'Users', Content: UsersTab },
  { value: 'security', label: 'Security', Content: SecurityTab },
  { value: 'security-audit', label: 'Security Audit', Content: SecurityAuditTab },
  { value: 'analytics', label: 'Analytics', Content: AnalyticsTab },
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
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ShieldIcon />}
        title="Admin Dashboard"
        description="Users, roles, applications and the security audit trail of the ecosystem."
      />
      <SearchParamTabs label="Admin sections" tabs={TABS} />
    </div>
  );
}
