import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { discover, finishSignIn } from '../../src/server/testing/oidc-example-application';
import { expect, expectAccessible, expectModalAccessible, test } from './fixtures';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminEnrolled } from './support/production';

/**
 * An application signs in through the console's OpenID Provider (docs/product/sign-on.md#oidc)
 * in real Chromium, with the standard library `openid-client` as the application: a Super Admin
 * registers HireHub as a client on the Security tab (the secret shown once), the browser goes to
 * the provider, through the console's sign-on step (Continue, the 2-second redirect) and back to
 * the application's callback with a code; the code gives an ID token checked against the
 * provider's keys (iss, aud, exp, nonce, at_hash), userinfo answers, the refresh token rotates,
 * and a reused code or a replayed refresh token is refused. The first sign-in asks the person to
 * allow it (docs/product/sign-on.md#oidc-consent), the second does not; taking its access back
 * on the security page tells it and asks again next time; a declined one sends the
 * application access_denied, and a console link to it reaches its registered login start (iss,
 * target_link_uri: third-party initiated login) until its sign-in is removed; signing out of the console sends the
 * application a back-channel logout token (docs/product/sign-on.md#oidc-backchannel-logout) and
 * ends its refresh token.
 */
let server: IsolatedServer;
let callback: Server;
let redirectUri: string;
const arrived: string[] = [];
const logoutTokens: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
  callback = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/logout') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
      });
      return;
    }
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
  allowConsoleErrors,
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
  await settings
    .getByLabel(/Back-channel logout URI/)
    .fill(redirectUri.replace(/\/cb$/, '/logout'));
  await settings.getByRole('button', { name: 'Register client' }).click();
  const saved = page.getByRole('dialog', { name: 'Sign-in settings saved' });
  const clientId = await saved.getByLabel('Client id').inputValue();
  const secret = await saved.getByLabel('Client secret').inputValue();
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'HireHub' })
      .getByText('OpenID client', { exact: true })
      // The row's compact phone line says it too, hidden at this size.
      .filter({ visible: true }),
  ).toBeVisible();

  // The application: discovery, then the browser to the provider with PKCE and a nonce.
  const config = await discover(`${server.url}/oidc`, clientId, secret, true);
  const authorizationUrl = async (verifier: string, nonce: string) =>
    client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile roles offline_access',
      prompt: 'consent',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      nonce,
    });
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  await page.goto((await authorizationUrl(verifier, nonce)).href);
  await expect(page.getByRole('heading', { name: 'HireHub' })).toBeVisible();
  await expect(page.getByText('Your roles in the ecosystem')).toBeVisible();
  // The first time, the person is asked to allow it.
  await expect(page.getByText(/^Allow HireHub to receive this\?/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
  await expectAccessible(page, { bestPractice: true });
  await page.getByRole('button', { name: 'Allow and continue' }).click();
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

  // The second time, only the step: Continue, nothing to allow.
  const again = client.randomPKCECodeVerifier();
  const againNonce = client.randomNonce();
  await page.goto((await authorizationUrl(again, againNonce)).href);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Signed in to the application')).toBeVisible({ timeout: 15_000 });
  expect(arrived).toHaveLength(2);
  const second = await client.authorizationCodeGrant(config, new URL(arrived[1]!), {
    pkceCodeVerifier: again,
    expectedNonce: againNonce,
    idTokenExpected: true,
  });

  // The person takes HireHub's access back on their security page: the application is told at
  // once, its refresh token stops working, and the next sign-in asks again.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Connected applications' }).click();
  await expect(page).toHaveURL(/\/account\/security#connected-applications$/);
  const connectedHeading = page.getByRole('heading', { name: 'Connected applications' });
  await expect(connectedHeading).toBeFocused();
  await expect(connectedHeading).toBeInViewport();
  const connected = page.getByRole('list', { name: 'Connected applications' });
  await expect(connected.getByText('HireHub', { exact: true })).toBeVisible();
  await expect(connected.getByText('Your roles in the ecosystem')).toBeVisible();
  await expectAccessible(page, { bestPractice: true });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expectAccessible(page, { colorsOnly: true });
  await page.getByRole('button', { name: 'Remove access for HireHub' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove access for HireHub?' })).toBeVisible();
  await expectModalAccessible(page, { colorsOnly: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await expectModalAccessible(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove access' }).click();
  await expect(page.getByText('No connected applications')).toBeVisible();
  await expect(connectedHeading).toBeFocused();
  await expect.poll(() => logoutTokens.length, { timeout: 15_000 }).toBe(1);
  await expect(client.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
  const third = client.randomPKCECodeVerifier();
  const thirdNonce = client.randomNonce();
  await page.goto((await authorizationUrl(third, thirdNonce)).href);
  await expect(page.getByText(/^Allow HireHub to receive this\?/)).toBeVisible();
  await page.getByRole('button', { name: 'Allow and continue' }).click();
  await expect(page.getByText('Signed in to the application')).toBeVisible({ timeout: 15_000 });
  const thirdTokens = await client.authorizationCodeGrant(config, new URL(arrived[2]!), {
    pkceCodeVerifier: third,
    expectedNonce: thirdNonce,
    idTokenExpected: true,
  });

  // Another application, declined: it is sent access_denied with its state, and no code.
  await page.goto(`${server.url}/admin?tab=security`);
  await page.getByRole('button', { name: 'Sign-in settings of SortStak' }).click();
  const otherSettings = page.getByRole('dialog', { name: 'Sign-in settings: SortStak' });
  await otherSettings.getByLabel('Redirect URIs').fill(redirectUri);
  const loginStart = redirectUri.replace(/\/cb$/, '/start');
  await otherSettings.getByLabel(/Login start URI/).fill(loginStart);
  await otherSettings.getByRole('button', { name: 'Register client' }).click();
  const otherSaved = page.getByRole('dialog', { name: 'Sign-in settings saved' });
  const otherId = await otherSaved.getByLabel('Client id').inputValue();
  const otherSecret = await otherSaved.getByLabel('Client secret').inputValue();
  await otherSaved.getByRole('button', { name: 'Done' }).click();

  const otherConfig = await discover(`${server.url}/oidc`, otherId, otherSecret, true);
  const state = client.randomState();
  const otherUrl = client.buildAuthorizationUrl(otherConfig, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    state,
  });
  const before = arrived.length;
  await page.goto(otherUrl.href);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Signed in to the application')).toBeVisible({ timeout: 15_000 });
  const declined = new URL(arrived[before]!);
  expect(declined.searchParams.get('error')).toBe('access_denied');
  expect(declined.searchParams.get('state')).toBe(state);
  expect(declined.searchParams.get('code')).toBeNull();

  // A console link to it reaches its login start (third-party initiated login).
  const target = redirectUri.replace(/\/cb$/, '/jobs?id=7');
  const started = arrived.length;
  await page.goto(
    `${server.url}/auth-redirect?app_id=${otherId}&redirect_url=${encodeURIComponent(target)}`,
  );
  await expect(page.getByText('Signed in to the application')).toBeVisible({ timeout: 15_000 });
  const start = new URL(arrived[started]!);
  expect(start.origin + start.pathname).toBe(loginStart);
  expect(start.searchParams.get('iss')).toBe(`${server.url}/oidc`);
  expect(start.searchParams.get('target_link_uri')).toBe(target);

  // SortStak's sign-in is removed: confirmed first, its row says so, its client is refused.
  await page.goto(`${server.url}/admin?tab=security`);
  await page.getByRole('button', { name: 'Sign-in settings of SortStak' }).click();
  const removing = page.getByRole('dialog', { name: 'Sign-in settings: SortStak' });
  // The red Remove sign-in reads in both themes.
  await expectModalAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectModalAccessible(page, { colorsOnly: true });
  await removing.getByRole('button', { name: 'Remove sign-in' }).click();
  const confirmRemoval = page.getByRole('alertdialog', { name: 'Remove SortStak’s sign-in?' });
  await expect(confirmRemoval).toBeVisible();
  await expectModalAccessible(page, { colorsOnly: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await expectModalAccessible(page);
  await confirmRemoval.getByRole('button', { name: 'Remove sign-in' }).click();
  await expect(removing).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign-in settings of SortStak' })).toBeFocused();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'SortStak' })
      .getByText('Not set up', { exact: true })
      .filter({ visible: true }),
  ).toBeVisible();
  allowConsoleErrors(/status of 400 \(Bad Request\)/);
  expect((await page.goto(otherUrl.href))!.status()).toBe(400);

  // Signing out of the console: the application is told, and its refresh token stops working.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect.poll(() => logoutTokens.length, { timeout: 15_000 }).toBe(2);
  const jwks = createRemoteJWKSet(new URL(`${server.url}/oidc/jwks`));
  const { payload } = await jwtVerify(logoutTokens[1]!, jwks, {
    issuer: `${server.url}/oidc`,
    audience: clientId,
    typ: 'logout+jwt',
  });
  expect(payload.sub).toBe(claims.sub);
  expect(payload.events).toHaveProperty(['http://schemas.openid.net/event/backchannel-logout']);
  expect(payload.nonce).toBeUndefined();
  await expect(client.refreshTokenGrant(config, thirdTokens.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});
