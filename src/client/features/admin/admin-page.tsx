import { ShieldIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { logPanelAccess } from './audit';
import { AnalyticsTab, SettingsTab } from './overview/static-tabs';
import { OverviewTab } from './overview/overview-tab';
import { SecurityAuditTab } from './security-audit/security-audit-tab';
import { SecurityTab } from './security/security-tab';
import { UsersTab } from './users/users-tab';

const TABS = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'Users', Content: UsersTab },
  { value: 'security', label: 'Security', Content: SecurityTab },
  { value: 'security-audit', label: 'Security Audit', Content: SecurityAuditTab },
  { value: 'analytics', label: 'Analytics', Content: AnalyticsTab },
  { value: 'settings', label: 'Settings', Content: SettingsTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const isTab = (v: string | null): v is TabValue => TABS.some((t) => t.value === v);

/** SPEC.md §2 admin dashboard. The selected tab lives in the address (?tab=users). */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabValue = isTab(raw) ? raw : 'overview';
  const { pathname } = useLocation();

  // SPEC.md §3: opening the console is an audit event (once per visit, StrictMode included).
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    logPanelAccess({ path: pathname, tab });
  }, [pathname, tab]);

  const select = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<ShieldIcon />}
        title="Admin Dashboard"
        description="Users, roles, applications and the security audit trail of the ecosystem."
      />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="Admin sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
