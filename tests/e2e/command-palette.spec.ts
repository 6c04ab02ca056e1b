import type { Page } from '@playwright/test';
import {
  expect,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
  useDemoSession,
} from './fixtures';

/** The command palette (docs/product/public-site.md#command-palette), by keyboard alone. */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const input = (page: Page) => palette(page).getByRole('combobox');

async function openWithShortcut(page: Page) {
  await page.keyboard.press('ControlOrMeta+k');
  await expect(palette(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

test('jumps to a tab of another screen with the keyboard alone', async ({ page }) => {
  await page.goto('/demo/hirehub');
  await openWithShortcut(page);
  await page.keyboard.type('sec aud');
  const option = palette(page).getByRole('option', { name: 'Admin Dashboard › Security Audit' });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // Letters scattered through a label do not match: "sec aud" is two word beginnings.
  await expect(palette(page).getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/admin\?tab=security-audit$/);
  await expect(page.getByRole('tab', { name: 'Security Audit' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('finds a seeded user by name and opens their Edit dialog', async ({ page }) => {
  await useDemoSession(page);
  await page.goto('/demo/health');
  await openWithShortcut(page);
  await page.keyboard.type('isabella');
  const user = palette(page).getByRole('option', { name: /Isabella Garcia/ });
  await expect(user).toBeVisible();
  await expect(user).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status').filter({ hasText: /result/ })).toHaveText(
    /\d+ results? available/,
  );
  await expectModalAccessible(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('isabella.garcia@northwind.example');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Still on the page it was opened from.
  await expect(page).toHaveURL(/\/demo\/health$/);
});

test('switches the persona and says when nothing matches', async ({ page }) => {
  await page.goto('/demo/talentmls');
  await openWithShortcut(page);
  await page.keyboard.type('view as inv');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Investor' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await openWithShortcut(page);
  // Opened again, the palette starts empty.
  await expect(input(page)).toHaveValue('');
  await page.keyboard.type('zzqx');
  await expect(palette(page).getByText('No screen or tab matches “zzqx”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test('opens from the header on a phone and fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoSession(page);
  await page.goto('/demo/admin');
  await page.getByRole('button', { name: 'Search screens, tabs and users' }).click();
  await expect(input(page)).toBeFocused();
  await page.keyboard.type('garcia');
  await expect(palette(page).getByRole('option', { name: /Isabella Garcia/ })).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  const box = await palette(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectModalAccessible(page);
});

test('its close button is a target of at least 24 by 24 px beside the search field', async ({
  page,
}) => {
  await page.goto('/demo/hirehub');
  await openWithShortcut(page);
  const close = palette(page).getByRole('button', { name: 'Close' });
  const box = (await close.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  // Typed text stops short of it.
  const field = (await input(page).boundingBox())!;
  const padding = await input(page).evaluate((el) => parseFloat(getComputedStyle(el).paddingRight));
  expect(field.x + field.width - padding).toBeLessThanOrEqual(box.x);
  await close.click();
  await expect(palette(page)).toBeHidden();
});

test('opens on the landing page from its sidebar and Ctrl K, loading its code then', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('load');
  expect(scripts.filter((s) => /palette/.test(s))).toEqual([]);
  const search = page.getByRole('complementary').getByRole('button', { name: /Search…/ });
  await expect(search).toContainText(/Ctrl K|⌘K/);
  await openWithShortcut(page);
  expect(scripts.filter((s) => /landing-palette/.test(s))).not.toEqual([]);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await search.click();
  await expect(input(page)).toBeFocused();
  await page.keyboard.type('sec aud');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/demo\/admin\?tab=security-audit$/);
});
