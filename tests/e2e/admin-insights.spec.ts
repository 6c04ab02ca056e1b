import { expect, expectAccessible, test, useDemoSession } from './fixtures';

const INSIGHTS = /\/api\/admin\/(summary|analytics)/;

test.describe('admin Overview, Analytics and Settings', () => {
  test('Overview leads to Users, Security and the audit trail with live counts', async ({
    page,
  }) => {
    await useDemoSession(page);
    const summary = page.waitForResponse((r) => r.url().includes('/api/admin/summary'));
    await page.goto('/admin');
    const live = await (await summary).json();
    const console_ = page.getByRole('region', { name: 'Console' });
    await expect(console_.getByTestId('count-users')).toHaveText(
      live.users.total.toLocaleString('en-US'),
    );
    await expect(console_.getByTestId('count-security')).toHaveText(
      String(live.pending_credential_requests),
    );
    await expect(console_.getByTestId('count-security-audit')).toHaveText(/^\d[\d,]*$/);
    expect(live.audit_events_today).toBeGreaterThan(0);
    await expectAccessible(page);

    await console_.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await console_.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\?tab=security$/);
    await page.goBack();
    await console_.getByRole('link', { name: 'Audit trail' }).click();
    await expect(page).toHaveURL(/\?tab=security-audit$/);
  });

  test('Analytics charts the real trail: a refused sign-in shows up in its figures', async ({
    page,
  }) => {
    await useDemoSession(page);
    await page.goto('/admin?tab=analytics');
    const panel = page.getByRole('tabpanel', { name: 'Analytics' });
    const failed = panel.getByText('Failed sign-ins', { exact: true }).locator('..').locator('..');
    await expect(failed).toContainText(/\d/);
    const before = Number((await failed.locator('p').nth(1).innerText()).replace(/\D/g, ''));

    const refused = await page.request.post('/api/auth/sign-in', {
      data: { email: 'nobody-here@example.com', password: 'not the password' },
    });
    expect(refused.status()).toBe(401);

    await panel.getByRole('button', { name: '7 days' }).click();
    await expect(panel.getByRole('button', { name: '7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(failed.locator('p').nth(1)).toHaveText(String(before + 1));
    await expect(panel.getByRole('img', { name: /^Sign-ins per day/ })).toBeVisible();
    await expect(
      panel.getByRole('img', { name: /^Role changes and credential requests per day/ }),
    ).toBeVisible();
    // One row per day of the period in each chart's table.
    const table = panel.getByRole('table').first();
    await panel.getByText('Show data table').first().click();
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await expect(page.locator('.recharts-responsive-container').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('Settings shows the console’s rules instead of coming-soon notes', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/admin?tab=settings');
    const panel = page.getByRole('tabpanel', { name: 'Settings' });
    for (const title of ['Credential access', 'Sessions', 'Audit trail', 'Platform roles']) {
      await expect(panel.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(panel).toContainText('5–120 minutes');
    await expect(panel).not.toContainText(/coming soon/i);
    await expectAccessible(page);
  });

  test('signed out, the tabs ask nothing of the server that must fail', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (INSIGHTS.test(r.url())) asked.push(r.url());
    });
    await page.goto('/demo/admin');
    await expect(
      page.getByRole('region', { name: 'Console' }).getByText('Sign in to see the live count.'),
    ).toHaveCount(3);
    await page.getByRole('region', { name: 'Console' }).getByRole('link', { name: 'Users' });
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Analytics' })).toContainText(/sign in/i);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Settings' })).toContainText('Platform roles');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });
});
