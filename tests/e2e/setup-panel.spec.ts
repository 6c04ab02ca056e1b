import type { Page } from '@playwright/test';
import { E2E_SETUP_KEY } from '../../playwright.config';
import { expect, expectAccessible, hasHorizontalOverflow, test } from './fixtures';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';

const CONFIRMATION =
  'WARNING: This will DELETE ALL USERS from the entire system! Are you absolutely sure?';

/**
 * Clearing every user must not pull the rug from under specs running at the
 * same time, so this spec has a server and a database of its own, and its
 * tests run in order on that shared state.
 */
test.describe.configure({ mode: 'serial' });

let server: IsolatedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function openPanel(page: Page) {
  await page.goto(`${server.url}/?setup=true`);
  await expect(page.getByRole('heading', { name: 'System Administrator Setup' })).toBeVisible();
}

/** Holds a setup call until `release` runs, to see the busy state. */
async function holdRequest(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('shows both warnings and refuses without the key or with a wrong one', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 40[13]/);
  await openPanel(page);
  await expect(
    page.getByText('Create the system administrators only once, during initial setup.'),
  ).toBeVisible();
  await expect(
    page.getByText(/permanently deletes ALL users from the entire\s+system/),
  ).toBeVisible();
  const key = page.getByLabel('Setup confirmation key');
  await expect(key).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Create System Admins' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the setup confirmation key');

  await key.fill('not-the-setup-key');
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  await expect(page.getByRole('alert')).toHaveText('The setup confirmation key is not valid');

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Clear All Users' }).click();
  await expect(page.getByRole('alert')).toHaveText('The setup confirmation key is not valid');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);
});

test('creates the three system administrators with the key, busy meanwhile', async ({ page }) => {
  test.setTimeout(120_000);
  await openPanel(page);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  const release = await holdRequest(page, '/api/setup/system-admins');
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  await expect(page.getByRole('button', { name: 'Creating System Admins...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Clear All Users' })).toBeDisabled();
  release();

  // Three scrypt hashes at N=2^17: a few seconds on a busy machine.
  await expect(page.getByText('System admins processed successfully!')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/Save these credentials securely/)).toBeVisible();
  const accounts = page
    .getByRole('list', { name: 'System administrator accounts' })
    .getByRole('listitem');
  await expect(accounts).toHaveCount(3);
  for (const account of await accounts.all()) {
    await expect(account).toContainText('@talentecosystem.demo');
    await expect(account).toContainText('Created');
    await expect(account.getByRole('code')).toHaveText(/^[A-Za-z0-9_-]{24}$/);
  }
  await expect(page.getByRole('button', { name: 'Create System Admins' })).toBeEnabled();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);
});

test('a second run reports the accounts as existing, without passwords', async ({ page }) => {
  await openPanel(page);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  const accounts = page
    .getByRole('list', { name: 'System administrator accounts' })
    .getByRole('listitem');
  await expect(accounts).toHaveCount(3);
  await expect(accounts.filter({ hasText: 'Already exists' })).toHaveCount(3);
  await expect(accounts.getByRole('code')).toHaveCount(0);
});

test('dismissing the browser confirmation clears nothing', async ({ page }) => {
  await openPanel(page);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Clear All Users' }).click();
  await expect.poll(() => asked).toBe(CONFIRMATION);
  await expect(page.getByText('All users cleared successfully!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear All Users' })).toBeEnabled();
});

test('clears every user with the key, busy meanwhile, and reports what was cleared', async ({
  page,
}) => {
  await openPanel(page);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  const release = await holdRequest(page, '/api/setup/clear-all-users');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Clear All Users' }).click();
  await expect(page.getByRole('button', { name: 'Clearing All Users...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create System Admins' })).toBeDisabled();
  release();
  await expect(page.getByText('All users cleared successfully!')).toBeVisible();
  await expect(
    page.getByText('System is now clean - ready for fresh admin creation!'),
  ).toBeVisible();
  // The 31 seeded accounts and the 3 administrators.
  const panel = page.getByRole('region', { name: 'System Administrator Setup' });
  await expect(panel.getByRole('definition').first()).toHaveText('34');
  await expect(page.getByText('Audit logs (a new chain was started)')).toBeVisible();

  // Clean indeed: the administrators can be created afresh.
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  const accounts = page
    .getByRole('list', { name: 'System administrator accounts' })
    .getByRole('listitem');
  await expect(accounts.filter({ hasText: 'Created' })).toHaveCount(3, { timeout: 60_000 });
});

test('fits a phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPanel(page);
  expect(await hasHorizontalOverflow(page)).toBe(false);
});
