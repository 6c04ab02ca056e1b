import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { findUser, patchUser, userRow } from './support/admin';
import { tabTo } from './support/keyboard';

/**
 * Bulk changes on the Users tab (docs/product/admin-console.md#bulk-changes), in
 * demo mode, where the caller is the demo administrator.
 */

const CALLER = 'demo.admin@talentecosystem.demo';
const ETHAN = 'ethan.brown@rolebuilder.example';
const HANNAH = 'hannah.muller@acme-staffing.example';

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
});

/** Every user on screen: Load more until there is no more. */
async function loadAll(page: Page) {
  await page.goto('/admin?tab=users');
  await expect(page.getByText(/^\d+ users$/)).toBeVisible({ timeout: 20_000 });
  const more = page.getByRole('button', { name: 'Load more users' });
  while (await more.isVisible()) {
    await more.click();
    await expect(page.getByRole('button', { name: 'Loading more…' })).toHaveCount(0);
  }
  await expect(page.getByText(/^Showing (\d+) of \1 users$/)).toBeVisible();
}

const select = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: `Select ${name}`, exact: true });

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk changes' });

test.describe('bulk changes', () => {
  // Both change the same users (one deactivates Ethan and Hannah, one activates them): in turn.
  test.describe.configure({ mode: 'serial' });

  test.afterEach(async ({ page }) => {
    for (const email of [ETHAN, HANNAH]) {
      await patchUser(page.request, (await findUser(page.request, email)).id, { is_active: true });
    }
  });

  test('deactivates two of three users, and lists the caller as refused', async ({
    page,
  }, testInfo) => {
    test.slow(); // every page of users loaded, then an accessibility scan
    await loadAll(page);
    await select(page, 'Demo User').check();
    await select(page, 'Ethan Brown').check();
    await select(page, 'Hannah Müller').check();
    await expect(bar(page)).toContainText('3 users selected');
    await expect(
      page.getByText('Users that cannot be changed are skipped and listed.'),
    ).toBeVisible();

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('bulk-selected-1366.png') });

    await bar(page).getByRole('button', { name: 'Deactivate', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Deactivate 3 users?');
    await expect(dialog).toContainText('Demo User, Ethan Brown and Hannah Müller');
    await expect(dialog).toContainText('Users that cannot be changed are skipped and listed.');
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();

    const result = page.locator('[data-slot="bulk-result"]');
    await expect(result).toHaveRole('alert');
    await expect(result).toContainText('2 changed, 1 refused');
    await expect(result).toContainText(
      `Demo User (${CALLER}): You cannot deactivate your own account`,
    );
    await expect(bar(page)).toHaveCount(0);

    // The table and the API both show exactly the two others inactive.
    await expect(userRow(page, ETHAN)).toContainText('Inactive');
    await expect(userRow(page, HANNAH)).toContainText('Inactive');
    await expect(userRow(page, CALLER)).toContainText('Active');
    expect((await findUser(page.request, ETHAN)).is_active).toBe(false);
    expect((await findUser(page.request, HANNAH)).is_active).toBe(false);
    expect((await findUser(page.request, CALLER)).is_active).toBe(true);

    await page.screenshot({ path: testInfo.outputPath('bulk-result-1366.png') });
    await expectAccessible(page);
  });

  test('is usable at 390 px: the bar wraps and nothing scrolls sideways', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin?tab=users&q=rolebuilder');
    await expect(userRow(page, ETHAN)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all loaded users' }).check();
    await expect(bar(page)).toBeVisible();
    for (const name of ['Activate', 'Deactivate', 'Grant role…', 'Revoke role…']) {
      await expect(bar(page).getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(bar(page).getByRole('button', { name: 'Clear selection' })).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('bulk-selected-390.png'), fullPage: true });
    await expectAccessible(page);

    // Activating active users changes nothing: the result says so, once (its toast).
    await bar(page).getByRole('button', { name: 'Activate', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Activate', exact: true })
      .click();
    await expect(page.getByText(/0 changed, \d+ already active/)).toHaveCount(1);
    await expect(page.locator('[data-slot="bulk-result"]')).toHaveCount(0);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('bulk-result-390.png'), fullPage: true });
  });
});

test('selects with the keyboard alone and reaches the bar by Tab', async ({ page }) => {
  await page.goto('/admin?tab=users&q=rolebuilder');
  await expect(userRow(page, ETHAN)).toBeVisible();
  const row = select(page, 'Ethan Brown');
  await page.getByRole('searchbox', { name: 'Search users' }).focus();
  // Tab to the row's checkbox (past the filters, the sort headers), Space to select it.
  await tabTo(page, row);
  await expect(row).toBeFocused();
  await page.keyboard.press('Space');
  await expect(row).toBeChecked();
  await expect(bar(page)).toContainText('1 user selected');

  // On to the bar after the table, whose buttons Tab reaches; Clear selection empties it.
  const revoke = bar(page).getByRole('button', { name: 'Revoke role…' });
  await tabTo(page, revoke);
  await expect(revoke).toBeFocused();
  const clear = bar(page).getByRole('button', { name: 'Clear selection' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toContainText('Revoke Platform Admin from 1 user?');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(bar(page)).toHaveCount(0);
  await expect(row).not.toBeChecked();
});
