import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { USER_EXPORT_COLUMNS } from '../../src/shared/schemas/users';
import { parseCsv } from '../../src/server/testing/csv-parse';
import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { userRow } from './support/admin';
import { toast } from './support/admin-security';
import { tabTo } from './support/keyboard';
import { expectDark } from './support/theme';
import { clippedButtons } from './support/layout-checks';

/**
 * The Users tab's filters, counts and sorting (docs/product/admin-console.md#users-filters-ui),
 * on the seeded sample users in demo mode.
 */

const ACME = [
  'chloe.johnson@acme-staffing.example',
  'david.nguyen@acme-staffing.example',
  'hannah.muller@acme-staffing.example',
];

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });
const facet = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name} filter(, \\d+ selected)?$`) });
const option = (page: Page, label: string) =>
  page.getByRole('menuitemcheckbox', { name: new RegExp(`^${label}, [\\d,]+\\+? users?$`) });
const header = (page: Page, name: string) =>
  page.getByRole('columnheader').filter({ has: page.getByRole('button', { name, exact: true }) });
const sortButton = (page: Page, name: string) =>
  page.getByRole('columnheader').getByRole('button', { name, exact: true });
/** The User column's header, whose menu sorts by name or by email. */
const userHeader = (page: Page) =>
  page.getByRole('columnheader').filter({ has: page.getByRole('button', { name: /^User\b/ }) });
async function sortUsersBy(page: Page, order: string) {
  await userHeader(page).getByRole('button').click();
  await page.getByRole('menuitemradio', { name: order }).click();
}

/** The emails of the rows on screen, in order (each under the name, whole in its title). */
const emails = (page: Page) =>
  page
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.flatMap((r) => r.querySelector('td [title*="@"]')?.getAttribute('title') ?? []),
    );

async function waitForList(page: Page) {
  await expect(page.getByText(/^\d[\d,]*\+? users?( matching.*)?$/)).toBeVisible({
    timeout: 20_000,
  });
}

/** Waits until the list has the rows of the latest filter (a refetch fades the old ones). */
async function listSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('filter, order and search survive a reload and Back and Forward', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin?tab=users');
  await waitForList(page);

  await facet(page, 'Organization').click();
  await option(page, 'Acme Staffing').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]org=Acme\+Staffing(&|$)/);
  await expect(facet(page, 'Organization')).toHaveAccessibleName('Organization filter, 1 selected');
  await expect(page.getByText('3 users matching the filters')).toBeVisible();

  await sortUsersBy(page, 'Email, A to Z');
  await expect(page).toHaveURL(/[?&]sort=email(&|$)/);
  await expect(userHeader(page)).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => emails(page)).toEqual(ACME);

  await sortUsersBy(page, 'Email, Z to A');
  await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
  await expect(userHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => emails(page)).toEqual([...ACME].reverse());

  await search(page).fill('johnson');
  await expect(page).toHaveURL(/[?&]q=johnson(&|$)/);
  await expect(page.getByText('1 user matching “johnson” and the filters')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('desktop-filtered.png') });

  await page.reload();
  await expect(search(page)).toHaveValue('johnson');
  await expect(facet(page, 'Organization')).toHaveAccessibleName('Organization filter, 1 selected');
  await expect(userHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('1 user matching “johnson” and the filters')).toBeVisible();
  await expect(userRow(page, ACME[0]!)).toBeVisible();

  // Typing replaced the last entry; each filter or order change made one.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&](q|dir)=/);
  await expect(search(page)).toHaveValue('');
  await expect(userHeader(page)).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => emails(page)).toEqual(ACME);

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]sort=/);
  await expect(userHeader(page)).not.toHaveAttribute('aria-sort', /.+/);
  await expect(page.getByText('3 users matching the filters')).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]org=/);
  await expect(facet(page, 'Organization')).toHaveAccessibleName('Organization filter');

  // Each step waited for: a history step taken while the previous one is still being
  // applied can be dropped by the browser.
  await page.goForward();
  await expect(page).toHaveURL(/[?&]org=/);
  await page.goForward();
  await expect(page).toHaveURL(/[?&]sort=email(&|$)/);
  await page.goForward();
  await expect(page).toHaveURL(/[?&]q=johnson(&|$)/);
  await expect(search(page)).toHaveValue('johnson');
  await expect(userHeader(page)).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('1 user matching “johnson” and the filters')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/[?&]org=/);
  await expect(page).toHaveURL(/[?&]q=johnson(&|$)/);
});

test('filters by keyboard alone, with the counts in the option names', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin?tab=users');
  await waitForList(page);

  await tabTo(page, facet(page, 'Role'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(option(page, 'User')).toBeFocused();
  // One key at a time, each waited for: a key pressed while the menu re-renders
  // with its counts must not be taken for a second one.
  for (const next of ['Platform Admin', 'Super Admin', 'No role']) {
    await page.keyboard.press('ArrowDown');
    await expect(option(page, next)).toBeFocused();
  }
  await page.keyboard.press('Space');
  await expect(option(page, 'No role')).toHaveAttribute('aria-checked', 'true');
  await listSettled(page);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(facet(page, 'Role')).toBeFocused();
  await expect(facet(page, 'Role')).toHaveAccessibleName('Role filter, 1 selected');
  await expect(page).toHaveURL(/[?&]role=none(&|$)/);
  await expect(userRow(page, 'temp.user@unknown.example')).toBeVisible();
  await expect(userRow(page, 'pierre.laurent@globex.example')).toHaveCount(0);

  // The other facets count within the role filter: no organization holds one of them.
  await page.keyboard.press('Tab'); // Status
  await page.keyboard.press('Tab'); // Organization
  await page.keyboard.press('Enter');
  await expect(option(page, 'No organization')).toBeVisible();
  await expect(option(page, 'Globex Recruiting')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(facet(page, 'Organization')).toBeFocused();

  await page.keyboard.press('Tab');
  const never = page.getByRole('button', { name: /^Never signed in/ });
  await expect(never).toBeFocused();
  await page.keyboard.press('Space');
  await expect(never).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]never=true(&|$)/);

  await tabTo(page, sortButton(page, 'Organization'));
  await page.keyboard.press('Enter');
  await expect(header(page, 'Organization')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/[?&]sort=organization(&|$)/);
  await listSettled(page);
  await expectAccessible(page);
});

test('counts about to change stay readable, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin?tab=users');
  await waitForList(page);

  // The counts of the next filter are held back: the menu shows the last ones, fainter.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const asking = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/admin/users/facets**', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await facet(page, 'Role').click();
  await option(page, 'No role').click();
  await asking;
  await expect(option(page, 'No role')).toHaveAttribute('aria-checked', 'true');
  await page.mouse.move(0, 0);
  await expectAccessible(page, { include: ['[role="menu"]'] });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page);
  await expectAccessible(page, { include: ['[role="menu"]'] });
  release();
});

test('Export CSV downloads exactly the rows on screen, by keyboard, busy while it runs', async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin?tab=users&status=active&sort=email&dir=desc');
  await waitForList(page);
  await search(page).fill('talent');
  await expect(page).toHaveURL(/[?&]q=talent(&|$)/);
  const summary = page.getByText(/^(\d+) users? matching “talent” and the filters$/);
  await expect(summary).toBeVisible({ timeout: 20_000 });
  const count = Number(/^\d+/.exec((await summary.textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(1);
  await expect.poll(() => emails(page).then((e) => e.length)).toBe(count);
  const shown = await emails(page);
  // Active users only: the view is narrower than everyone.
  expect(shown).not.toContain('oliver.smith@qrc.example');

  // The download waits until the busy state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/users/export**', async (route) => {
    await held;
    await route.continue();
  });
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await tabTo(page, exportButton);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.keyboard.press('Enter');
  const busy = page.getByRole('button', { name: 'Exporting…' });
  await expect(busy).toHaveAttribute('aria-disabled', 'true');
  await expect(busy).toBeFocused();
  await expectAccessible(page);
  release();

  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(await readFile(await file.path(), 'utf8'));
  expect(header).toEqual([...USER_EXPORT_COLUMNS]);
  const column = (name: (typeof USER_EXPORT_COLUMNS)[number]) => header!.indexOf(name);
  expect(rows).toHaveLength(count);
  expect(rows.map((r) => r[column('email')])).toEqual(shown);
  for (const row of rows) expect(row[column('is_active')]).toBe('true');
  await expect(toast(page, 'Users Exported')).toBeVisible();
  await expect(exportButton).toBeFocused();
  await expect(exportButton).not.toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: testInfo.outputPath('desktop-exported.png') });

  // A refused export says why and saves nothing.
  allowConsoleErrors(/status of 503/);
  await page.unroute('**/api/admin/users/export**');
  await page.route('**/api/admin/users/export**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'Try again shortly' } }),
    }),
  );
  // The focus is still on the button after the screenshot and the route change.
  await expect(exportButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Export Failed')).toContainText('Try again shortly');
  await expect(exportButton).toBeFocused();
});

test('at 390 px the toolbar wraps, nothing is cut off, and Sort works from a menu', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?tab=users&role=platform_admin,super_admin&status=active&org=HireHub');
  await waitForList(page);
  await expect(facet(page, 'Role')).toHaveAccessibleName('Role filter, 2 selected');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  expect(await clippedButtons(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-filtered.png'), fullPage: true });

  await page.getByRole('button', { name: /^Sort: Newest/ }).click();
  await page.getByRole('menuitemradio', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await page.getByRole('menuitemradio', { name: 'Z to A' }).click();
  await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
  await page.screenshot({ path: testInfo.outputPath('phone-sort-menu.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Sort: Name, Z to A/ })).toBeFocused();

  await facet(page, 'Organization').click();
  await expect(option(page, 'HireHub')).toHaveAttribute('aria-checked', 'true');
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await page.screenshot({ path: testInfo.outputPath('phone-facet-open.png') });
});
