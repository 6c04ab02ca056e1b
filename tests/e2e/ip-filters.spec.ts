import { expect, test } from './fixtures';
import {
  expectDemoToast,
  expectTilesBeforeTabs,
  openDashboard,
  routesOf,
  rowsOf,
  visitTabsAccessibly,
  type TabCheck,
} from './support/dashboards';

const TABS: TabCheck[] = [
  {
    name: 'Recent Blocks',
    check: async (panel) => {
      const blocks = rowsOf(panel, 'Recent blocks');
      await expect(blocks).toHaveCount(12);
      const first = blocks.first();
      for (const cell of [
        '203.0.113.42',
        'Credential stuffing against sign-in',
        'HireHub',
        '2 min ago',
        'Critical',
      ]) {
        await expect(first).toContainText(cell);
      }
      await expect(panel.getByRole('heading', { name: 'Security events' })).toBeVisible();
      // Its type in people's words; the key is for the audit trail's raw view.
      await expect(panel.getByText('Rate limit exceeded', { exact: true })).toBeVisible();
      await expect(panel.getByText('rate_limit_exceeded')).toHaveCount(0);
      await expect(panel.getByText('Listing API called 2,400 times in one minute')).toBeVisible();
    },
  },
  {
    name: 'Geographic Rules',
    check: async (panel) => {
      const rules = rowsOf(panel, 'Geographic rules');
      await expect(rules).toHaveCount(11);
      const eu = rules.filter({ hasText: 'European Union' });
      await expect(eu).toContainText('Restricted');
      await expect(eu).toContainText('21,460');
      await expect(eu).toContainText('TalentSpark');
      await expect(rules.filter({ hasText: 'United States' })).toContainText('Allowed');
      await expect(rules.filter({ hasText: 'Sanctioned regions' })).toContainText('Blocked');
    },
  },
  {
    name: 'Platform Rules',
    check: async (panel) => {
      const hirehub = panel.getByRole('group', { name: 'HireHub' });
      await expect(hirehub.getByText('Whitelist')).toBeVisible();
      await expect(hirehub.getByText('42', { exact: true })).toBeVisible();
      await expect(hirehub.getByText('318', { exact: true })).toBeVisible();
      await expect(hirehub.getByText('12', { exact: true })).toBeVisible();
      for (const platform of [
        'HireHub',
        'SortStak',
        'Role Builder',
        'Quick Role Check',
        'TalentMLS',
        'TalentSpark',
      ]) {
        await expect(panel.getByRole('group', { name: platform, exact: true })).toBeVisible();
      }
      await expect(panel.getByRole('img', { name: /^Rules by platform/ })).toBeVisible();
    },
  },
  {
    name: 'Threat Intelligence',
    check: async (panel) => {
      await expect(
        panel.getByRole('img', { name: /^Blocked and challenged requests/ }),
      ).toBeVisible();
      await expect(panel.getByRole('img', { name: /^Threats by category/ })).toBeVisible();
      const feeds = rowsOf(panel, 'Threat feeds');
      await expect(feeds).toHaveCount(5);
      await expect(feeds.filter({ hasText: 'Scraper user agents' })).toContainText('Syncing');
    },
  },
];

for (const route of routesOf('ip-filters').filter((r) => r.signedIn)) {
  test.describe(route.path, () => {
    test('opens with stat tiles, then shows every tab', async ({ page }) => {
      await openDashboard(page, route, 'IP Filters');
      await expectTilesBeforeTabs(page, 'Blocked this week');
      await expect(page.getByText('8,681', { exact: true })).toBeVisible();
      // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
      await visitTabsAccessibly(page, TABS, { axe: false });
    });
    // No tab scrolls sideways on a phone: the layout sweep (support/screen-sweep.ts).
  });
}

test('an open-ended button says what it would do', async ({ page }) => {
  await openDashboard(page, routesOf('ip-filters')[1]!, 'IP Filters');
  await page.getByRole('button', { name: 'Unblock 198.51.100.17' }).click();
  await expectDemoToast(page, 'Unblock 198.51.100.17');
});

test('the selected tab is kept in the address', async ({ page }) => {
  await openDashboard(page, routesOf('ip-filters')[1]!, 'IP Filters');
  await page.getByRole('tab', { name: 'Threat Intelligence' }).click();
  await expect(page).toHaveURL(/\?tab=threats$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Threat Intelligence' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
