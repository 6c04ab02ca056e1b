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

const PLATFORMS = [
  'HireHub',
  'SortStak',
  'Role Builder',
  'Quick Role Check',
  'TalentMLS',
  'TalentSpark',
];

const TABS: TabCheck[] = [
  {
    name: 'Platform Status',
    check: async (panel) => {
      for (const name of PLATFORMS) {
        await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
      }
      const mls = panel.getByRole('listitem').filter({
        has: panel.page().getByRole('heading', { name: 'TalentMLS', exact: true }),
      });
      for (const text of ['Degraded', '99.62%', '486 ms', '0.41%', '18,940']) {
        await expect(mls.first()).toContainText(text);
      }
      await expect(mls.first().getByText('Search cluster: degraded')).toBeVisible();
      await expect(panel.getByText('Healthy', { exact: true })).toHaveCount(5);
      await expect(panel.getByRole('img', { name: /^Response time today/ })).toBeVisible();
    },
  },
  {
    name: 'Server Metrics',
    check: async (panel) => {
      const servers = rowsOf(panel, 'Servers');
      await expect(servers).toHaveCount(9);
      const search = servers.filter({ hasText: 'search-01' });
      await expect(search.getByRole('progressbar', { name: 'search-01 CPU' })).toHaveAttribute(
        'aria-valuenow',
        '91',
      );
      await expect(search.getByRole('progressbar', { name: 'search-01 Memory' })).toHaveAttribute(
        'aria-valuenow',
        '88',
      );
      await expect(search.getByRole('progressbar', { name: 'search-01 Disk' })).toHaveAttribute(
        'aria-valuenow',
        '71',
      );
      await expect(search).toContainText('744 Mbps');
      await expect(search).toContainText('Degraded');
      await expect(servers.filter({ hasText: 'web-01' })).toContainText('Healthy');
      await expect(panel.getByRole('img', { name: /^CPU and memory today/ })).toBeVisible();
      await expect(panel.getByRole('img', { name: /^Network today/ })).toBeVisible();
    },
  },
  {
    name: 'API Health',
    check: async (panel) => {
      const endpoints = rowsOf(panel, 'Endpoints');
      await expect(endpoints).toHaveCount(12);
      const search = endpoints.filter({ hasText: '/v1/listings/search' });
      for (const text of ['GET', 'TalentMLS', 'Degraded', '1,240 ms', '98.70%', '3,920']) {
        await expect(search).toContainText(text);
      }
      await expect(panel.getByRole('img', { name: /^Traffic by platform/ })).toBeVisible();
    },
  },
  {
    name: 'Alerts & Incidents',
    check: async (panel) => {
      const alert = panel
        .getByRole('listitem')
        .filter({ hasText: 'Search latency above 1 s (p95)' });
      await expect(alert).toContainText('High');
      await expect(alert).toContainText('TalentMLS · since 09:12');
      const incidents = rowsOf(panel, 'Incidents');
      await expect(incidents).toHaveCount(10);
      const slow = incidents.filter({ hasText: 'Slow listing search' });
      for (const text of ['TalentMLS', 'High', 'Monitoring', '4 h 10 min', 'Today 09:12']) {
        await expect(slow).toContainText(text);
      }
      await expect(incidents.filter({ hasText: 'Resolved' })).toHaveCount(8);
    },
  },
];

for (const route of routesOf('health').filter((r) => r.signedIn)) {
  test.describe(route.path, () => {
    test('opens with stat tiles, then shows every tab', async ({ page }) => {
      await openDashboard(page, route, 'System Health');
      await expectTilesBeforeTabs(page, 'Healthy platforms');
      await expect(statValue(page, 'Healthy platforms')).toHaveText('5 of 6');
      await expect(statValue(page, 'Open incidents')).toHaveText('2');
      // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
      await visitTabsAccessibly(page, TABS, { axe: false });
    });
    // No tab scrolls sideways on a phone: the layout sweep (support/screen-sweep.ts).
  });
}

test('acknowledging an alert says what it would do', async ({ page }) => {
  await openDashboard(page, routesOf('health')[1]!, 'System Health');
  await page.getByRole('tab', { name: 'Alerts & Incidents' }).click();
  await page.getByRole('button', { name: 'Acknowledge search-01 CPU above 90%' }).click();
  await expectDemoToast(page, 'Acknowledge: search-01 CPU above 90%');
});
