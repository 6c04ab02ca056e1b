import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { discover, finishSignIn } from '../../src/server/testing/oidc-example-application';
import { expect, expectAccessible, test } from './fixtures';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminEnrolled } from './support/production';

/**
 * An application signs in through the console's OpenID Provider (docs/product/sign-on.md#oidc)
 * in real Chromium, with the standard library `openid-client` as the application: a Super Admin
 * registers HireHub as a client on the Security tab (the secret shown once), the browser goes to
 * the provider, through the console's sign-on step (Continue, the 2-second redirect) and back to
 * the application's callback with a code; the code gives an ID token checked against the
 * provider's keys (iss, aud, exp, nonce, at_hash), userinfo answers, the refresh token rotates,
 * and a reused code or a replayed refresh token is refused.
 */
let server: IsolatedServer;
let callback: Server;
let redirectUri: string;
const arrived: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
  callback = createServer((req, res) => {
    arrived.push(`${redirectUri.replace(/\/cb$/, '')}${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in to the application');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/cb`;
});
test.afterAll(async () => {
  await new Promise((resolve) => callback?.close(resolve));
  await server?.stop();
});

test('an application signs a person in with OpenID Connect through the console', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { account: first } = await firstAdminEnrolled(
    page,
    server.url,
    'a passphrase for single sign-on',
  );

  // HireHub becomes a confidential client; the secret is shown once.
  await page.goto(`${server.url}/admin?tab=security`);
  await page.getByRole('button', { name: 'Sign-in settings of HireHub' }).click();
  const settings = page.getByRole('dialog', { name: 'Sign-in settings: HireHub' });
  await settings.getByLabel('Redirect URIs').fill(redirectUri);
  await settings.getByLabel(/Staying signed in/).check();
  await settings.getByRole('button', { name: 'Register client' }).click();
  const saved = page.getByRole('dialog', { name: 'Sign-in settings saved' });
  const clientId = await saved.getByLabel('Client id').inputValue();
  const secret = await saved.getByLabel('Client secret').inputValue();
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'HireHub' })
      .getByText('OpenID client', { exact: true }),
  ).toBeVisible();

  // The application: discovery, then the browser to the provider with PKCE and a nonce.
  const config = await discover(`${server.url}/oidc`, clientId, secret, true);
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile roles offline_access',
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
  });
  await page.goto(url.href);
  await expect(page.getByRole('heading', { name: 'HireHub' })).toBeVisible();
  await expect(page.getByText('Your roles in the ecosystem')).toBeVisible();
  await expectAccessible(page, { bestPractice: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Signing you in to HireHub…')).toBeVisible();
  await expect(page.getByText('Signed in to the application')).toBeVisible({ timeout: 15_000 });
  expect(arrived).toHaveLength(1);

  // The code gives an ID token for this account, checked against the provider's keys.
  const back = new URL(arrived[0]!);
  const tokens = await client.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  expect(claims.iss).toBe(`${server.url}/oidc`);
  expect(claims.aud).toBe(clientId);
  expect(claims.email).toBe(first.email);
  expect(claims.roles).toContain('super_admin');
  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  expect(info.email).toBe(first.email);

  // The refresh token rotates; the one already used is refused.
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });

  // A code is good once (presented again, it also ends what it gave).
  await expect(finishSignIn(config, back, { verifier, nonce })).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});
