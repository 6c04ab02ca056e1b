import { expect, test } from './fixtures';

/** Roles read in people's words wherever a person reads them, never as their keys. */
test('the Settings screens name roles in words, not keys', async ({ page }) => {
  await page.goto('/demo/admin?tab=settings');
  const console = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(console.getByText('Platform roles', { exact: true })).toBeVisible();
  for (const role of ['User', 'Platform Admin', 'Super Admin']) {
    await expect(console.getByText(role, { exact: true })).toBeVisible();
  }
  await expect(console).toContainText('A Super Admin approves or denies');
  await expect(console).not.toContainText(/platform_admin|super_admin/);

  await page.goto('/demo/settings?tab=backup');
  const backup = page.getByRole('tabpanel', { name: 'Backup & Audit' });
  await expect(backup.getByText('Granted Platform Admin to j.rivera').first()).toBeVisible();
  await expect(backup).not.toContainText(/platform_admin|super_admin/);
});
