import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalOverflow, test } from './fixtures';
import { userRow } from './support/admin';

/** The Users table's View options, kept per administrator (docs/product/admin-console.md#users-view). */

const ALL = ['Select', 'User', 'Organization', 'Roles', 'Status', 'Last Login', 'Actions'];
const viewKey = (id: string) => `ted.admin.users.view.${id}`;

/** Signs in as a demo administrator with a fixed id, so a reload is the same person. */
async function signInAs(page: Page, id: string) {
  await page.addInitScript(
    ({ id, ms }) => {
      localStorage.setItem(
        'ted.auth.session',
        JSON.stringify({
          user: { id, email: 'demo@example.com', user_metadata: { full_name: 'Demo User' } },
          access_token: `demo-token-${ms}`,
        }),
      );
    },
    { id, ms: Date.now() },
  );
}

const viewButton = (page: Page) => page.getByRole('button', { name: 'View options' });
const item = (page: Page, name: string) => page.getByRole('menuitemcheckbox', { name });
const headers = (page: Page) => page.getByRole('columnheader');

/** Opens the menu with the keyboard; focus lands on its first item. */
async function openWithKeyboard(page: Page) {
  await viewButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(item(page, 'Organization')).toBeFocused();
}

test('hides Roles and goes compact by keyboard alone, and keeps it after a reload', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, 'admin-a');
  await page.goto('/admin?tab=users');
  await expect(headers(page)).toHaveText(ALL);
  await expect(page.getByRole('table')).toHaveAttribute('data-density', 'comfortable');
  const pierre = userRow(page, 'pierre.laurent@globex.example');
  const padding = () =>
    pierre
      .getByRole('cell')
      .first()
      .evaluate((td) => getComputedStyle(td).paddingTop);
  const comfortable = await padding();

  await openWithKeyboard(page);
  await expect(item(page, 'Roles')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'Roles')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(item(page, 'Roles')).toHaveAttribute('aria-checked', 'false');
  // The table drops the column; the menu keeps its place before the next key.
  await expect(item(page, 'Roles')).toBeFocused();
  // Status and Last Login follow; then the density choices. One key at a time, each landing.
  for (const name of ['Status', 'Last Login']) {
    await page.keyboard.press('ArrowDown');
    await expect(item(page, name)).toBeFocused();
  }
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Comfortable' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const compact = page.getByRole('menuitemradio', { name: 'Compact' });
  await expect(compact).toBeFocused();
  await page.keyboard.press('Space');
  await expect(compact).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('menuitemradio', { name: 'Comfortable' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // The menu; the table it changed is read below, once the menu is closed.
  await expectAccessible(page, { include: ['[role="menu"]'] });
  await page.screenshot({ path: testInfo.outputPath('desktop-menu-open.png') });

  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(viewButton(page)).toBeFocused();
  await expect(headers(page)).toHaveText(ALL.filter((h) => h !== 'Roles'));
  await expect(page.getByRole('table')).toHaveAttribute('data-density', 'compact');
  await expect(pierre).not.toContainText('Platform Admin');
  expect(parseFloat(await padding())).toBeLessThan(parseFloat(comfortable));

  await page.reload();
  await expect(headers(page)).toHaveText(ALL.filter((h) => h !== 'Roles'));
  await expect(page.getByRole('table')).toHaveAttribute('data-density', 'compact');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('desktop-columns-hidden.png') });

  // With the key cleared, the table is back to its defaults.
  await page.evaluate((key) => localStorage.removeItem(key), viewKey('admin-a'));
  await page.reload();
  await expect(headers(page)).toHaveText(ALL);
  await expect(page.getByRole('table')).toHaveAttribute('data-density', 'comfortable');
});

test("another administrator does not get the first one's view", async ({ page }) => {
  await page.addInitScript(
    ({ a, b }) => {
      localStorage.setItem(a, JSON.stringify({ v: 1, hidden: ['Roles'], density: 'compact' }));
      localStorage.setItem(b, '{not json'); // unreadable: the defaults, without an error
    },
    { a: viewKey('admin-a'), b: viewKey('admin-b') },
  );
  await signInAs(page, 'admin-b');
  await page.goto('/admin?tab=users');
  await expect(headers(page)).toHaveText(ALL);
  await expect(page.getByRole('table')).toHaveAttribute('data-density', 'comfortable');
  await viewButton(page).click();
  for (const name of ['Organization', 'Roles', 'Status', 'Last Login']) {
    await expect(item(page, name)).toHaveAttribute('aria-checked', 'true');
  }
});

test('hidden columns leave the stacked cards at 390 px too', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, 'admin-a');
  await page.goto('/admin?tab=users');
  const row = userRow(page, 'pierre.laurent@globex.example');
  await expect(row).toContainText('Platform Admin');

  await openWithKeyboard(page);
  // One key at a time, each waited for: the menu re-renders after each toggle, and a key
  // pressed meanwhile must not land on the item before.
  for (const name of ['Roles', 'Status']) {
    await page.keyboard.press('ArrowDown');
    await expect(item(page, name)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(item(page, name)).toHaveAttribute('aria-checked', 'false');
    await expect(item(page, name)).toBeFocused();
  }
  await page.screenshot({ path: testInfo.outputPath('phone-menu-open.png') });
  await page.keyboard.press('Escape');
  await expect(viewButton(page)).toBeFocused();

  await expect(row).not.toContainText('Platform Admin');
  const labels = await row
    .getByRole('cell')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-label')));
  expect(labels).toEqual(['', 'User', 'Organization', 'Last Login', 'Actions']);
  // The phone's compact row draws the user, the status and the menu; the rest stays in the
  // table for screen readers.
  await expect(row.getByRole('button', { name: /^Actions for / })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('phone-columns-hidden.png') });
});
