import { expect, test } from './fixtures';
import {
  expectDemoToast,
  expectTilesBeforeTabs,
  openDashboard,
  routesOf,
  rowsOf,
  statValue,
  visitTabsAccessibly,
  type TabCheck,
} from './support/dashboards';

const TABS: TabCheck[] = [
  {
    name: 'Global Settings',
    check: async (panel) => {
      const settings = rowsOf(panel, 'Global settings');
      await expect(settings).toHaveCount(14);
      const rate = settings.filter({ hasText: 'api.rate_limit' });
      await expect(rate).toContainText('1000 req/min');
      await expect(rate).toContainText('API');
      await expect(rate).toContainText('Critical');
      await expect(settings.filter({ hasText: 'auth.session_timeout' })).toContainText('2 hours');
      await expect(settings.filter({ hasText: 'platform.display_name' })).toContainText('Standard');
    },
  },
  {
    name: 'Platform Config',
    check: async (panel) => {
      const configs = rowsOf(panel, 'Platform configuration');
      await expect(configs).toHaveCount(6);
      const spark = configs.filter({ hasText: 'TalentSpark' });
      await expect(spark).toContainText('Syncing');
      await expect(spark.getByText('Off', { exact: true })).toHaveCount(2);
      await expect(configs.filter({ hasText: 'HireHub' })).toContainText('Healthy');
      await expect(configs.filter({ hasText: 'HireHub' })).toContainText('2 min ago');
      await expect(panel.getByRole('columnheader')).toHaveText([
        'Platform',
        'SSO',
        'Notifications',
        'Analytics',
        'Backup',
        'Last sync',
        'Status',
      ]);
    },
  },
  {
    name: 'User Management',
    check: async (panel) => {
      const roles: [string, string, string][] = [
        ['Super Admin', '3 users', 'Full access to all platforms and settings.'],
        ['Platform Admin', '8 users', 'Administers the platforms assigned to them.'],
        ['Support', '14 users', 'user management is view only'],
        ['Auditor', '4 users', 'Read-only access, including the audit logs.'],
      ];
      for (const [role, users, description] of roles) {
        const card = panel
          .getByRole('listitem')
          .filter({ has: panel.page().getByRole('heading', { name: role, exact: true }) })
          .first();
        await expect(card).toContainText(users);
        await expect(card).toContainText(description);
        await expect(card).toContainText('Permissions');
      }
    },
  },
  {
    name: 'Security & APIs',
    check: async (panel) => {
      await expect(panel.getByText('1000 req/min')).toBeVisible();
      await expect(panel.getByText('2 hours', { exact: true })).toBeVisible();
      const keys = rowsOf(panel, 'API credentials');
      await expect(keys).toHaveCount(10);
      await expect(keys.filter({ hasText: 'Expired' })).toHaveCount(2);
      const feed = keys.filter({ hasText: 'TalentMLS listings feed' });
      for (const text of ['TalentMLS', 'Active', 'in 5 months', '2,310,600']) {
        await expect(feed).toContainText(text);
      }
    },
  },
  {
    name: 'Backup & Audit',
    check: async (panel) => {
      const backups = rowsOf(panel, 'Backups');
      await expect(backups).toHaveCount(6);
      for (const retention of ['30 days', '90 days', '7 years', '1 year']) {
        await expect(backups.filter({ hasText: retention }).first()).toBeVisible();
      }
      await expect(backups.filter({ hasText: 'In progress' })).toHaveCount(2);
      await expect(backups.filter({ hasText: 'Audit logs' })).toContainText('12.9 GB');
      const audit = rowsOf(panel, 'Audit log');
      await expect(audit).toHaveCount(12);
      await expect(audit.first()).toContainText('Changed api.rate_limit to 1000 req/min');
    },
  },
];

for (const route of routesOf('settings').filter((r) => r.signedIn)) {
  test.describe(route.path, () => {
    test('opens with stat tiles, then shows every tab', async ({ page }) => {
      await openDashboard(page, route, 'Settings');
      await expectTilesBeforeTabs(page, 'Global settings');
      await expect(statValue(page, 'Administrators')).toHaveText('29');
      await expect(statValue(page, 'Active API keys')).toHaveText('8');
      // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
      await visitTabsAccessibly(page, TABS, { axe: false });
    });
    // No tab scrolls sideways on a phone: the layout sweep (support/screen-sweep.ts).
  });
}

test('editing a critical setting says a second administrator would approve it', async ({
  page,
}) => {
  await openDashboard(page, routesOf('settings')[1]!, 'Settings');
  await page.getByRole('button', { name: 'Edit api.rate_limit' }).click();
  await expectDemoToast(page, 'Edit api.rate_limit');
  await expect(page.getByText(/a second administrator would approve this change/)).toBeVisible();
});
