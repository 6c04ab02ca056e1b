import { expect, expectAccessible, test } from './fixtures';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminEnrolled } from './support/production';

/**
 * The SSO Demo Receiver signs in through the console's OpenID Provider in real Chromium
 * (docs/product/sign-on.md#demo-receiver): the console's link to it starts its own sign-in
 * (third-party initiated login), the server trades the code with openid-client (PKCE, state,
 * nonce, the ID token checked against the JWKS), the page shows the verified claims and
 * userinfo's answer, Refresh rotates the refresh token, and Sign out ends the provider's session
 * through its end_session endpoint: the next visit asks to sign in again.
 */
let server: IsolatedServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the SSO Demo Receiver signs in, refreshes and signs out with OpenID Connect', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { account } = await firstAdminEnrolled(page, server.url, 'a passphrase for the receiver');
  const { ssoDemo } = (await (await page.request.get(`${server.url}/api/config`)).json()) as {
    ssoDemo: { appId: string; callbackUrl: string };
  };

  // The console's link to the application sends the person to the receiver's own start, which
  // sends the browser to the provider; the console's step asks to continue.
  const link = new URL(`${server.url}/auth-redirect`);
  link.searchParams.set('app_id', ssoDemo.appId);
  link.searchParams.set('redirect_url', ssoDemo.callbackUrl);
  const started = page.waitForRequest((r) => r.url().startsWith(`${server.url}/sso/demo-login?`));
  await page.goto(link.href);
  const start = new URL((await started).url());
  expect(start.searchParams.get('iss')).toBe(`${server.url}/oidc`);
  expect(start.searchParams.get('target_link_uri')).toBe(ssoDemo.callbackUrl);
  await expect(page.getByRole('heading', { name: 'SSO Demo Receiver' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Signing you in to SSO Demo Receiver…')).toBeVisible();

  // Back at the receiver: the code has left the address bar; the claims were checked.
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/sso/demo-callback');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('status')).toContainText('through the console’s OpenID Provider');
  const idToken = page.getByTestId('sso-id-token');
  await expect(page.getByTestId('sso-email')).toHaveText(account.email);
  await expect(idToken).toContainText(`${server.url}/oidc`);
  await expect(idToken).toContainText(ssoDemo.appId);
  await expect(idToken).toContainText('super_admin');
  await expect(page.getByTestId('sso-checks')).toContainText('issuer, audience, expiry and nonce');
  await expect(page.getByTestId('sso-userinfo')).toContainText(account.email);
  await expectAccessible(page, { bestPractice: true });

  // Refresh: a new refresh token (its fingerprint changes), and the page says so.
  const before = await page.getByTestId('sso-refresh-token').textContent();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('sso-refreshes')).toContainText('1 time, last at');
  await expect(page.getByTestId('sso-refresh-token')).not.toHaveText(before!);
  await expect(page.getByTestId('sso-userinfo')).toContainText(account.email);

  // Sign out through the provider (which asks), back to the receiver's own page.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sso/demo-signed-out');
  await expectAccessible(page, { bestPractice: true });

  // A second visit: nobody is signed in at the receiver, and signing in goes through the
  // provider and the console's step again.
  await page.goto(`${server.url}/sso/demo-callback`);
  await expect(page.getByText('Nobody is signed in here.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'SSO Demo Receiver' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
