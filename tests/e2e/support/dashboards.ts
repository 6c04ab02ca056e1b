import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectTabSwitchAccessible,
  hasHorizontalOverflow,
  test,
  useDemoSession,
} from '../fixtures';

/** A dashboard's protected route (after the mock sign-in) and its public /demo twin, signed out. */
export type DashboardRoute = { path: string; signedIn: boolean };

export const routesOf = (slug: string): DashboardRoute[] => [
  { path: `/${slug}`, signedIn: true },
  { path: `/demo/${slug}`, signedIn: false },
];

/** One tab and a check that its panel shows what it should. */
export type TabCheck = { name: string; check: (panel: Locator) => Promise<void> };

export async function openDashboard(page: Page, route: DashboardRoute, title: string) {
  if (route.signedIn) await useDemoSession(page);
  await page.goto(route.path);
  await expect(page).toHaveURL(new RegExp(`${route.path}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Selects a tab by its name and returns its panel. */
export async function selectTab(page: Page, name: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** docs/product/dashboards.md#dashboard-layout: every dashboard opens with its stat tiles, then its tabs. */
export async function expectTilesBeforeTabs(page: Page, firstTile: string) {
  const tile = page.getByText(firstTile, { exact: true }).first();
  await expect(tile).toBeVisible();
  const tileBox = await tile.boundingBox();
  const tabsBox = await page.getByRole('tablist').first().boundingBox();
  expect(tileBox && tabsBox && tileBox.y < tabsBox.y, 'stat tiles come before the tabs').toBe(true);
}

/**
 * Visits every tab in order: its content is there and, unless `axe` is false,
 * axe finds nothing serious. A screen and its /demo twin are the same page:
 * one of the two is checked with axe (and the layout sweep checks both as they open).
 */
export async function visitTabsAccessibly(
  page: Page,
  tabs: readonly TabCheck[],
  { axe = true }: { axe?: boolean } = {},
) {
  // axe takes seconds per tab on a busy machine: allow for it rather than flake.
  if (axe) test.info().setTimeout(test.info().timeout + tabs.length * 20_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.getByRole('tab')).toHaveText(tabs.map((t) => t.name));
  for (const [i, tab] of tabs.entries()) {
    const panel = await selectTab(page, tab.name);
    await tab.check(panel);
    if (!axe) continue;
    // The whole page once; then what a tab switch changes: the tab list and the panel.
    await (i ? expectTabSwitchAccessible(page) : expectAccessible(page));
  }
}

/** At 375 px wide no tab makes the page scroll sideways. */
export async function expectNoOverflowOnPhone(page: Page, tabs: readonly TabCheck[]) {
  test.info().setTimeout(test.info().timeout + tabs.length * 10_000);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const tab of tabs) {
    await selectTab(page, tab.name);
    expect(await hasHorizontalOverflow(page), `${tab.name} scrolls sideways at 375 px`).toBe(false);
  }
}

/** Body rows of the table of that name. */
export const rowsOf = (scope: Locator | Page, table: string) =>
  scope.getByRole('table', { name: table, exact: true }).locator('tbody tr');

/** The toast a button whose behaviour the product docs leave open shows (lib/demo-feedback). */
export async function expectDemoToast(page: Page, title: string) {
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText(title, { exact: true })).toBeVisible();
}

/** The figure of the stat tile with that label. */
export const statValue = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=../..').locator('p').nth(1);
