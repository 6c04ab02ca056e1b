import { expect, expectAccessible, test, useDemoSession } from './fixtures';

const INSIGHTS = /\/api\/admin\/(summary|analytics)/;

test.describe('admin Overview, Analytics and Settings', () => {
  test('Overview leads to Users, Security and the audit trail with live counts', async ({
    page,
  }) => {
    await useDemoSession(page);
    const summary = page.waitForResponse((r) => r.url().includes('/api/admin/summary'));
    await page.goto('/admin');
    const answered = await summary;
    const live = await answered.json();
    const console_ = page.getByRole('region', { name: 'Console' });
    await expect(console_.getByTestId('count-users')).toHaveText(
      live.users.total.toLocaleString('en-US'),
    );
    await expect(console_.getByTestId('count-security')).toHaveText(
      String(live.pending_credential_requests),
    );
    // Today's audit events are counted live, and tests running beside this one record events:
    // the tile shows at least the count the page was given and at most the server's count now.
    const shown = Number(
      (await console_.getByTestId('count-security-audit').textContent())!.replace(/,/g, ''),
    );
    const now = await page.request.get('/api/admin/summary', {
      headers: { authorization: answered.request().headers()['authorization']! },
    });
    expect(shown).toBeGreaterThanOrEqual(live.audit_events_today);
    expect(shown).toBeLessThanOrEqual((await now.json()).audit_events_today);
    // The live counts and the sample tiles each say which they are.
    await expect(console_.getByText('Live', { exact: true })).toBeVisible();
    const tiles = page.getByRole('region', { name: 'Ecosystem' });
    await expect(tiles.getByText('Sample', { exact: true })).toBeVisible();
    await expect(tiles.getByText('Active Users')).toBeVisible();
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

  test('Analytics charts the real trail: a new credential request shows up in its figures', async ({
    page,
  }) => {
    await useDemoSession(page);
    await page.goto('/admin?tab=analytics');
    const panel = page.getByRole('tabpanel', { name: 'Analytics' });
    const tile = panel
      .locator('p')
      .filter({ hasText: /^Credential requests$/ })
      .locator('..')
      .locator('..');
    await expect(tile.locator('p').nth(1)).toHaveText(/^\d+$/);

    const headers = { authorization: `Bearer demo-token-${Date.now()}` };
    // The count of the 7 days shown next, before the request (the 14 days shown first hold
    // sample requests older than a week).
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const week = await page.request.get(`/api/admin/analytics?from=${day(6)}&to=${day(0)}`, {
      headers,
    });
    const before = (await week.json()).totals.credential_requests as number;
    const apps = await (await page.request.get('/api/admin/apps', { headers })).json();
    const requested = await page.request.post('/api/admin/credential-requests', {
      headers,
      data: {
        target_app_id: apps.apps[0].id,
        access_type: 'api_key',
        justification: 'Checking that analytics count this request',
      },
    });
    expect(requested.status()).toBe(201);

    await panel.getByRole('button', { name: '7 days' }).click();
    await expect(panel.getByRole('button', { name: '7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tile.locator('p').nth(1)).toHaveText(String(before + 1));
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
