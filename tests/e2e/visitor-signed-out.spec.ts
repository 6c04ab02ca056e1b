import { expect, test } from './fixtures';

// That no page a signed-out visitor opens (every public page, every tab of the
// console's public twin, /auth) answers a request with an error or logs a
// console error is checked by the layout sweep of every screen (support/screen-sweep.ts); the
// protected routes they are sent away from, by guard.spec.ts.

test.describe('a signed-out visitor', () => {
  for (const tab of ['users', 'security', 'security-audit', 'analytics']) {
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
