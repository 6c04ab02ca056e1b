import {
  KeyRoundIcon,
  RefreshCwIcon,
  SettingsIcon,
  ShieldIcon,
  SlidersHorizontalIcon,
} from 'lucide-react';
import { SearchParamTabs } from '@/components/search-param-tabs';
import { PageHeader } from '@/components/page-header';
import { StatGrid, StatTile } from '@/components/stat-tile';
import { Button } from '@/components/ui/button';
import { demoAction } from '@/lib/demo-feedback';
import { BackupAuditTab } from './backup-audit-tab';
import { adminRoles, apiCredentials, globalSettings, platformConfigs } from './data';
import { GlobalSettingsTab } from './global-settings-tab';
import { PlatformConfigTab } from './platform-config-tab';
import { SecurityApisTab } from './security-apis-tab';
import { UserManagementTab } from './user-management-tab';

const critical = globalSettings.filter((s) => s.critical).length;
const inSync = platformConfigs.filter((p) => p.status === 'healthy').length;
const admins = adminRoles.reduce((sum, r) => sum + r.users, 0);
const activeKeys = apiCredentials.filter((c) => c.status === 'active').length;

/** The global settings admin (docs/product/dashboards.md#settings). */
export default function SettingsPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        icon={<SettingsIcon />}
        title="Settings"
        description="Global settings, platform configuration, administrators, credentials and backups."
        actions={
          <Button variant="outline" onClick={() => demoAction('Export settings')}>
            Export settings
          </Button>
        }
      />
      <StatGrid>
        <StatTile
          label="Global settings"
          value={globalSettings.length}
          hint={`${critical} critical`}
          icon={<SlidersHorizontalIcon />}
        />
        <StatTile
          label="Platforms in sync"
          value={`${inSync} of ${platformConfigs.length}`}
          hint={`${platformConfigs.length - inSync} syncing now`}
          icon={<RefreshCwIcon />}
        />
        <StatTile
          label="Administrators"
          value={admins}
          hint={`in ${adminRoles.length} roles`}
          icon={<ShieldIcon />}
        />
        <StatTile
          label="Active API keys"
          value={activeKeys}
          hint={`${apiCredentials.length - activeKeys} expired`}
          icon={<KeyRoundIcon />}
        />
      </StatGrid>
      <SearchParamTabs
        label="Settings sections"
        tabs={[
          { value: 'global', label: 'Global Settings', content: <GlobalSettingsTab /> },
          { value: 'platforms', label: 'Platform Config', content: <PlatformConfigTab /> },
          { value: 'users', label: 'User Management', content: <UserManagementTab /> },
          { value: 'security', label: 'Security & APIs', content: <SecurityApisTab /> },
          { value: 'backup', label: 'Backup & Audit', content: <BackupAuditTab /> },
        ]}
      />
    </div>
  );
}
