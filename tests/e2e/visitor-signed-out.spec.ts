import type { Page } from '@playwright/test';
import { SCREEN_SLUGS } from '../../src/shared/routes';
import { expect, test } from './fixtures';
import { PUBLIC_PATHS } from './support/auth';

const ADMIN_TABS = ['overview', 'users', 'security', 'security-audit', 'analytics', 'settings'];

/** Every page a signed-out visitor can open, and every tab of the public console. */
const PAGES = [
  ...PUBLIC_PATHS,
  '/auth',
  ...ADMIN_TABS.map((tab) => `/demo/admin?tab=${tab}`),
  // Protected routes send a signed-out visitor to /auth: that must be quiet too.
  ...SCREEN_SLUGS.map((s) => `/${s}`),
];

/** Notes every answer of 400 or more the page receives. */
function recordFailures(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

test.describe('a signed-out visitor', () => {
  for (const path of PAGES) {
    test(`${path} answers no request with an error and logs no console error`, async ({ page }) => {
      const failed = recordFailures(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      expect(failed).toEqual([]);
      // The fixture fails the test on any console error.
    });
  }

  for (const tab of ADMIN_TABS.filter((t) =>
    ['users', 'security', 'security-audit', 'analytics'].includes(t),
  )) {
    test(`the ${tab} tab of /demo/admin shows the one sign-in prompt`, async ({ page }) => {
      await page.goto(`/demo/admin?tab=${tab}`);
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { name: /^Sign in to see / })).toBeVisible();
      await expect(panel.getByRole('link', { name: 'Demo Admin Login' })).toBeVisible();
      await expect(panel).not.toContainText('Counting users…');
      await expect(panel).not.toContainText('Failed to load');
    });
  }

  test('the sign-in prompt on Users signs in and returns to the Users tab', async ({ page }) => {
    await page.goto('/demo/admin?tab=users');
    const panel = page.getByRole('tabpanel');
    await expect(
      panel.getByRole('heading', { name: 'Sign in to see platform users' }),
    ).toBeVisible();
    await panel.getByRole('link', { name: 'Demo Admin Login' }).click();
    await expect(page).toHaveURL(/\/auth\?/);
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\?tab=users$/);
    await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Platform users' })).toBeVisible();
    await expect(page.getByText(/^\d[\d,]* users?$/)).toBeVisible();
  });
});
