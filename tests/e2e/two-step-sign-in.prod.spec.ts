import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, test } from './fixtures';
import { accountButton, expectToast, recordToasts, signOutThroughMenu } from './support/auth';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import {
  firstAdminWithOwnPassword,
  signInWithPassword,
  storedTokens,
  type Account,
} from './support/production';

/**
 * Two-step sign-in in production mode (docs/product/sign-in.md#second-step,
 * docs/product/sign-in.md#two-step-screen): an administrator sets up an
 * authenticator app from the key the screen shows (the codes are computed here,
 * as the app would), signs out, and signs in with password and code; a code
 * already used is refused, and a recovery code works once. On a server of its
 * own, whose system administrators this spec creates.
 */
let server: IsolatedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
});
test.afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'a passphrase with a second step';
const WRONG_CODE = 'That code is not valid. Try the current one.';

/** Signs out through the menu and waits until the session is gone from the browser. */
async function signOut(page: Page) {
  await signOutThroughMenu(page);
  // Between two pages there is no page to ask: ask again.
  await expect.poll(() => storedTokens(page).catch(() => 'between pages')).toBeNull();
}

/** The app's code for now, or for the next 30-second step (never one the server has seen). */
function codeOf(totp: TOTP, stepsAhead = 0): string {
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

test('an administrator sets up an authenticator app, signs in with a code, and a recovery code works once', async ({
  page,
  allowConsoleErrors,
}) => {
  // Three system administrators hashed at scrypt's production cost, then five sign-ins.
  test.setTimeout(300_000);
  allowConsoleErrors(/status of 401/);
  await recordToasts(page);
  const admin: Account = await firstAdminWithOwnPassword(page, server.url, PASSWORD);
  // Setup's administrators are held to the set-up until they have a second factor.
  await expect(
    page.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account\/security$/);

  // The account menu leads to the screen.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(page).toHaveTitle('Two-step sign-in · Talent Ecosystem Demo');
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();

  // The QR code and the key as text; the app is made from the key, as a person would type it.
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page.getByLabel('Setup key').textContent())!;
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const app = new TOTP({ secret: Secret.fromBase32(key.replace(/ /g, '')) });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);
  const firstCode = codeOf(app);
  await page.getByLabel('Code from the app').fill(firstCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(
    page,
    'Authenticator app added',
    'Signing in now asks for a code after your password.',
  );

  // The ten recovery codes, once, to download.
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes.every((c) => /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/.test(c))).toBe(true);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .txt' }).click();
  expect((await downloading).suggestedFilename()).toBe('talent-ecosystem-recovery-codes.txt');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText('10 of 10')).toBeVisible();
  await expect(page.getByText(codes[0]!)).toHaveCount(0);

  // Signing in now asks for a code; the one already used is refused, the next one opens.
  await signOut(page);
  await expectToast(page, 'Signed out');
  await signInWithPassword(page, admin, `${server.url}/auth`);
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  const field = page.getByLabel('Authenticator code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page);
  await field.fill(firstCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(WRONG_CODE);
  await expect(page).toHaveURL(/\/auth$/);
  await field.fill(codeOf(app, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expectToast(page, 'Signed in');

  // A recovery code instead of the app's: it works once.
  await signOut(page);
  await signInWithPassword(page, admin, `${server.url}/auth`);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await page.goto(`${server.url}/account/security`);
  await expect(page.getByText('9 of 10')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, admin, `${server.url}/auth`);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That recovery code is not valid or was used already. Check it, or use your authenticator app.',
  );
  await page.getByRole('button', { name: 'Back to email and password' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
});
