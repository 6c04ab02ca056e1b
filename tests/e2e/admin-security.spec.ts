import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalOverflow, test } from './fixtures';
import { openAdminTab, toast } from './support/admin-security';

const applications = (page: Page) =>
  page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Webhook secret' }) });

test.describe('Security tab', () => {
  test('lists applications with credential flags, the own session and the own requests', async ({
    page,
  }) => {
    await openAdminTab(page, 'security');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const apps = applications(page);
    const hirehub = apps.getByRole('row').filter({ hasText: 'HireHub' });
    await expect(hirehub).toContainText('https://hirehub.example');
    await expect(hirehub.getByText('Present')).toHaveCount(2);
    const sortstak = apps.getByRole('row').filter({ hasText: 'SortStak' });
    await expect(sortstak.getByText('Present')).toHaveCount(1);
    await expect(sortstak.getByText('None')).toHaveCount(1);
    const talentmls = apps.getByRole('row').filter({ hasText: 'TalentMLS' });
    await expect(talentmls.getByText('Inactive')).toBeVisible();
    await expect(
      talentmls.getByRole('button', { name: 'Request access to TalentMLS credentials' }),
    ).toBeDisabled();

    // Only this visitor's own demo session: the token hash cut to 16 characters.
    const sessions = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Token hash' }) });
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await expect(sessions.getByText('This session')).toBeVisible();
    await expect(sessions.getByRole('code')).toHaveText(/^[0-9a-f]{16}…$/);

    // The seeded pending request of the demo administrator is its own, so not offered for review.
    const mine = page.getByRole('table', { name: 'Your credential access requests' });
    await expect(
      mine.getByRole('row').filter({ hasText: 'Review webhook secret rotation procedure' }),
    ).toContainText('Pending');
    const review = page.getByRole('table', { name: 'Requests from other administrators' });
    await expect(review.getByRole('row').first()).toBeVisible();
    await expect(review).not.toContainText('demo.admin@talentecosystem.demo');
    await expectAccessible(page);
  });

  test('the request dialog needs a justification', async ({ page }) => {
    await openAdminTab(page, 'security');
    await page.getByRole('button', { name: 'Request access to HireHub credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Credential Access' });
    await expect(dialog).toBeVisible();
    const apiKey = dialog.getByRole('button', { name: 'Request API Key' });
    const webhook = dialog.getByRole('button', { name: 'Request Webhook Secret' });
    await expect(apiKey).toBeDisabled();
    await expect(webhook).toBeDisabled();
    const justification = dialog.getByLabel('Justification');
    await justification.fill('    ');
    await expect(apiKey).toBeDisabled();
    // Forcing the submit from the keyboard gets the documented message.
    await justification.press('Control+Enter');
    const required = toast(page, 'Justification Required');
    await expect(required).toContainText(
      'Please provide a justification for accessing credentials',
    );
    await expect(
      dialog.getByText('Please provide a justification for accessing credentials'),
    ).toBeVisible();
    await justification.fill('Rotate the key');
    await expect(apiKey).toBeEnabled();
    await expect(webhook).toBeEnabled();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a submitted request reaches the list as pending', async ({ page }) => {
    await openAdminTab(page, 'security');
    await page.getByRole('button', { name: 'Request access to Role Builder credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Credential Access' });
    await dialog
      .getByLabel('Justification')
      .fill('Configure the production webhook for role templates');
    // Role Builder holds no API key.
    await expect(dialog.getByRole('button', { name: 'Request API Key' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Request Webhook Secret' }).click();
    await expect(toast(page, 'Access Request Submitted')).toContainText(
      'Your credential access request has been logged and is pending approval',
    );
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole('table', { name: 'Your credential access requests' })
      .getByRole('row')
      .filter({ hasText: 'Configure the production webhook for role templates' });
    await expect(row).toContainText('Role Builder');
    await expect(row).toContainText('Webhook secret');
    await expect(row).toContainText('Pending');
  });

  test('a refused request says Request Failed and why', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    await openAdminTab(page, 'security');
    await page.getByRole('button', { name: 'Request access to HireHub credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Credential Access' });
    await dialog.getByLabel('Justification').fill('A second request for the same secret');
    await dialog.getByRole('button', { name: 'Request Webhook Secret' }).click();
    await expect(toast(page, 'Request Failed')).toContainText(
      'Failed to submit credential access request',
    );
    await expect(dialog.getByRole('alert')).toHaveText(
      'You already have a pending request for the webhook secret of HireHub',
    );
  });

  test("a super_admin approves another administrator's request, which then shows approved", async ({
    page,
  }) => {
    await openAdminTab(page, 'security');
    const review = page.getByRole('table', { name: 'Requests from other administrators' });
    const row = review.getByRole('row').filter({ hasText: 'Liam Chen' });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /^Approve Liam Chen's request/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Credential Access' });
    const confirm = dialog.getByRole('button', { name: 'Approve Request' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason').fill('Scoped to the payroll sync window');
    await confirm.click();
    await expect(toast(page, 'Request Approved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Approved');
    await expect(row).toContainText('Scoped to the payroll sync window');
    await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  });

  test('a pending request offers Approve and Deny side by side, on one row', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openAdminTab(page, 'security');
    const row = page
      .getByRole('table', { name: 'Requests from other administrators' })
      .getByRole('row')
      // A request no other test decides (the server's data is shared by the run).
      .filter({ hasText: 'Yuki Tanaka' });
    const approve = await row.getByRole('button', { name: /^Approve / }).boundingBox();
    const deny = await row.getByRole('button', { name: /^Deny / }).boundingBox();
    expect(approve && deny).toBeTruthy();
    // Same line, Deny to the right of Approve: not stacked.
    expect(Math.abs(approve!.y - deny!.y)).toBeLessThan(1);
    expect(deny!.x).toBeGreaterThanOrEqual(approve!.x + approve!.width);
  });

  test('a super_admin denies a request with a reason', async ({ page }) => {
    await openAdminTab(page, 'security');
    const row = page
      .getByRole('table', { name: 'Requests from other administrators' })
      .getByRole('row')
      .filter({ hasText: 'Sofia Martínez' });
    await row.getByRole('button', { name: /^Deny Sofia Martínez's request/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Deny Credential Access' });
    await dialog.getByLabel('Reason').fill('Use the sandbox export instead');
    await dialog.getByRole('button', { name: 'Deny Request' }).click();
    await expect(toast(page, 'Request Denied')).toBeVisible();
    await expect(row).toContainText('Denied');
    await expect(row).toContainText('Use the sandbox export instead');
  });

  test('a load failure says Error: Failed to load admin data securely, once', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 403/);
    await page.route('**/api/admin/sessions', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'forbidden', message: 'Administrator role required' },
        }),
      }),
    );
    await openAdminTab(page, 'security');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load admin data securely' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAdminTab(page, 'security');
    await expect(page.getByText('This session')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
