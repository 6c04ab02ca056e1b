import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useDemoSession } from './fixtures';
import { recordElsewhere } from './support/audit-live';

/**
 * One state per console screen when its data cannot be read
 * (docs/product/admin-console.md#load-errors): one alert with the screen's own message, no toast,
 * nothing beside it that claims to know, and Try again reads the data again.
 */

/** What Chromium logs for the requests these tests fail. */
const FAILED_REQUEST =
  /^Failed to load resource: (net::ERR_FAILED|the server responded with a status of 500)/;

/** Fails the console's requests whose path matches `path` (500, or never answered) until the returned call. */
async function failRequests(page: Page, path: RegExp, mode: 'abort' | 'error' = 'error') {
  const matches = (url: URL) => path.test(url.pathname);
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    mode === 'abort'
      ? route.abort('failed')
      : route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }),
        });
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** The one alert of the page, once it says `message`; and no toast repeats it. */
async function expectOneError(page: Page, message: string) {
  const alerts = page.getByRole('alert');
  await expect(alerts.filter({ hasText: message })).toBeVisible();
  await expect(alerts).toHaveCount(1);
  await expect(alerts).toContainText('Error');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  return alerts;
}

const tryAgain = (page: Page) => page.getByRole('alert').getByRole('button', { name: 'Try again' });

test.describe('a console screen whose data cannot be read', () => {
  test.beforeEach(async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(FAILED_REQUEST);
    await useDemoSession(page);
  });

  test('Overview: one error instead of the counts and the health cards', async ({ page }) => {
    const restore = await failRequests(page, /^\/api\/admin\/summary$/);
    await page.goto('/admin');
    await expectOneError(page, 'Failed to load admin data securely');
    const panel = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(panel).not.toContainText('Healthy');
    await expect(panel).not.toContainText('—');
    await expect(panel.getByRole('heading', { name: 'System health' })).toHaveCount(0);
    await expectAccessible(page);

    await restore();
    await tryAgain(page).click();
    await expect(panel.getByTestId('count-users')).toHaveText(/^[\d,]+$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'System health' })).toBeVisible();
  });

  test('Users: one error, no user count still counting', async ({ page }) => {
    const restore = await failRequests(page, /^\/api\/admin\/users$/, 'abort');
    await page.goto('/admin?tab=users');
    const alert = await expectOneError(page, 'Failed to load admin data securely');
    await expect(alert).toContainText('Failed to load users');
    const panel = page.getByRole('tabpanel', { name: 'Users' });
    await expect(panel).not.toContainText('Counting users…');
    await expect(panel).not.toContainText('Invitations');

    await restore();
    await tryAgain(page).click();
    await expect(panel.getByText(/^[\d,]+ users$/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Security: one error with its own message, not one per card', async ({ page }) => {
    const restore = await failRequests(page, /^\/api\/admin\/(apps|sessions|credential-requests)$/);
    await page.goto('/admin?tab=security');
    await expectOneError(page, 'Failed to load admin data securely');
    await expect(page.getByRole('tabpanel', { name: 'Security' })).not.toContainText(
      'security audit data',
    );
    await expectAccessible(page);

    await restore();
    await tryAgain(page).click();
    await expect(
      page.getByRole('table', { name: 'Your credential access requests' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Security Audit: one error in place of the strip, the trail and the cards', async ({
    page,
  }) => {
    const restore = await failRequests(page, /^\/api\/admin\//, 'abort');
    await page.goto('/admin?tab=security-audit');
    await expectOneError(page, 'Failed to load security audit data');
    const panel = page.getByRole('tabpanel', { name: 'Security Audit' });
    await expect(panel).not.toContainText('safeguards enabled');
    await expect(panel.getByRole('button', { name: 'Request access', exact: true })).toHaveCount(0);

    await restore();
    await tryAgain(page).click();
    await expect(page.getByRole('table', { name: 'Audit events' })).toBeVisible();
    await expect(panel.getByText('Chain intact')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Analytics: one error with its own message', async ({ page }) => {
    const restore = await failRequests(page, /^\/api\/admin\/analytics$/);
    await page.goto('/admin?tab=analytics');
    await expectOneError(page, 'Failed to load the console analytics');

    await restore();
    await tryAgain(page).click();
    const panel = page.getByRole('tabpanel', { name: 'Analytics' });
    await expect(panel.getByRole('img', { name: /^Sign-ins per day/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('the Overview’s count of today’s audit events follows the trail while it is open', async ({
  page,
}) => {
  await useDemoSession(page);
  const streams: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/audit/stream')) streams.push(r.url());
  });
  const opened = page.waitForResponse((r) => r.url().includes('/api/admin/audit/stream'));
  await page.goto('/admin');
  await opened;
  const count = page.getByRole('region', { name: 'Console' }).getByTestId('count-security-audit');
  await expect(count).toHaveText(/^[\d,]+$/);
  const today = async () => Number((await count.innerText()).replaceAll(',', ''));
  const before = await today();

  for (const n of [1, 2, 3]) await recordElsewhere(page.request, `overview-live-${n}`);
  await expect.poll(today).toBeGreaterThanOrEqual(before + 3);
  // One live connection for the page: the Overview's own, unfiltered.
  expect(streams).toHaveLength(1);
  expect(new URL(streams[0]!).search).toBe('');
});
