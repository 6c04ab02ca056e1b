import type { APIRequestContext } from '@playwright/test';
import type { PublicConfig } from '../../src/shared/public-config';
import { expect, expectAccessible, test, useDemoSession } from './fixtures';

async function receiver(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as PublicConfig;
  return config.ssoDemo!;
}

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
});

test('without app_id or redirect_url it shows the Invalid Request view', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth-redirect?app_name=HireHub');
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid Request' });
  await expect(alert).toContainText(
    'Missing required app_id or redirect_url parameters for SSO demo',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Return to Demo Dashboard' }).click();
  await expect(page).toHaveURL(/\/demo$/);
});

test('a redirect off the application origin is refused with the reason and a retry', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/);
  const app = await receiver(request);
  const target = 'https://evil.example/steal';
  await page.goto(
    `/auth-redirect?app_id=${app.appId}&redirect_url=${encodeURIComponent(target)}&app_name=Evil`,
  );
  await expect(page.getByText(target)).toBeVisible();
  await page.getByRole('button', { name: 'Initiate Mock SSO' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid Request' });
  await expect(alert).toContainText("The redirect URL must be on the application's own address");
  await expect(page.getByText('Mock SSO error')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(page.url()).not.toContain('evil.example/steal?');
});

test('the whole flow lands on the demo receiver after about 2000 ms, signed in', async ({
  page,
  request,
}) => {
  const app = await receiver(request);
  await page.goto(
    `/auth-redirect?app_id=${app.appId}&redirect_url=${encodeURIComponent(app.callbackUrl)}&app_name=${encodeURIComponent(app.appName)}`,
  );
  await expect(page.getByRole('heading', { name: app.appName })).toBeVisible();
  await expect(page.getByText(app.appId)).toBeVisible();
  const posted = page.waitForRequest((r) => r.url() === app.callbackUrl && r.method() === 'POST');
  // Taken before the click: the page cannot post sooner than 2000 ms after it.
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Initiate Mock SSO' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signing you in to' })).toBeVisible();
  const request_ = await posted;
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);
  // The form carries a single-use code, never the access token.
  const body = request_.postData() ?? '';
  expect(body).toMatch(/^code=[A-Za-z0-9_-]+$/);
  expect(body).not.toContain('demo-token');
  await expect(page).toHaveURL(app.callbackUrl);
  await expect(page.getByRole('heading', { name: 'Welcome, Demo User' })).toBeVisible();
  await expect(page.getByTestId('sso-email')).toHaveText('demo.admin@talentecosystem.demo');
});

test('the Security tab offers the sign-on demo for the built-in receiver', async ({ page }) => {
  await page.goto('/admin?tab=security');
  await page.getByRole('link', { name: 'Try sign-on' }).click();
  await expect(page).toHaveURL(/\/auth-redirect\?app_id=/);
  await expect(page.getByRole('heading', { name: 'SSO Demo Receiver' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Initiate Mock SSO' })).toBeEnabled();
});
