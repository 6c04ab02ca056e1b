import { expect, test, useDemoSession } from './fixtures';
import {
  openTab,
  PERSONA_BUTTONS,
  switchPersona,
  tabPanel,
  toast,
  visitTabs,
  type TabCheck,
} from './support/persona-dashboards';

const TABS: TabCheck[] = [
  {
    tab: 'Order Management',
    heading: 'Recent Orders',
    sample: { role: 'row', texts: ['ORD-48217', 'Northwind Logistics', 'Fulfilled', 'TalentMLS'] },
  },
  {
    tab: 'Inventory',
    heading: 'Inventory Levels',
    sample: { role: 'row', texts: ['KIT-ENG-14', 'Engineer onboarding kit', 'Low stock'] },
  },
  {
    tab: 'User Management',
    heading: 'Cross-Platform Duplicate Alerts',
    sample: { role: 'listitem', texts: ['Priya Raman', 'Merge suggested', 'HireHub', 'TalentMLS'] },
  },
  {
    tab: 'Fulfillment Centers',
    heading: 'Fulfillment Centers',
    sample: { role: 'listitem', texts: ['Newark East', 'Degraded', '91%', '1,547'] },
  },
];

test.describe('HireHub', () => {
  test('the protected route shows stat cards and every tab', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/hirehub');
    await expect(page.getByRole('heading', { level: 1, name: 'HireHub' })).toBeVisible();
    for (const label of [
      'Total Orders',
      'Revenue (30 days)',
      'Active Customers',
      'Fulfillment Rate',
    ]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await visitTabs(page, TABS, { axe: false });
  });

  test('orders carry a cross-platform badge and inventory totals its stock', async ({ page }) => {
    await page.goto('/demo/hirehub');
    const row = tabPanel(page).getByRole('row').filter({ hasText: 'ORD-48215' });
    await expect(row.getByText('None')).toBeAttached();
    await openTab(page, 'Inventory');
    const panel = tabPanel(page);
    await expect(panel.getByText('6 items')).toBeVisible();
    await expect(panel.getByText('24,480 units')).toBeVisible();
    await expect(panel.getByText('6.7×', { exact: true })).toBeVisible();
  });

  test('Review and Link Accounts say what the full product would do', async ({ page }) => {
    await page.goto('/demo/hirehub?tab=users');
    await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: 'Review Marcus Chen' }).click();
    await expect(toast(page, 'Review Marcus Chen')).toContainText('side by side');
    await page.getByRole('button', { name: 'Link Accounts for Marcus Chen' }).click();
    await expect(toast(page, 'Link Accounts for Marcus Chen')).toContainText(
      'HireHub, TalentSpark, Quick Role Check',
    );
  });

  test('at 1920 px a duplicate alert lists its products on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/demo/hirehub?tab=users');
    const alert = page.getByRole('listitem').filter({ hasText: 'Marcus Chen' });
    const badges = alert.getByText(/^(HireHub|TalentSpark|Quick Role Check)$/);
    await expect(badges).toHaveCount(3);
    // Held to a table cell's 240 px, the third wrapped under the first two beside empty room.
    const tops = await badges.evaluateAll((all) =>
      all.map((b) => Math.round(b.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
  });

  test('looks the same to every persona', async ({ page }) => {
    await page.goto('/demo/hirehub');
    for (const persona of PERSONA_BUTTONS) {
      await switchPersona(page, persona);
      await expect(page.getByRole('heading', { level: 1, name: 'HireHub' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Order Management' })).toBeVisible();
    }
  });

  test('on a phone each order is a card, with nothing to scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/demo/hirehub');
    const table = page.getByRole('table', { name: 'Recent orders' });
    await expect(page.getByRole('region', { name: 'Recent orders' })).toHaveCount(0);
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('cell').first()).toHaveText('ORD-48217');
    for (const cell of await first.getByRole('cell').all()) {
      const box = await cell.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
  });

  test('on a narrow tablet the orders table scrolls inside its own focusable box', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 800 });
    await page.goto('/demo/hirehub');
    const box = page.getByRole('region', { name: 'Recent orders' });
    await box.focus();
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
