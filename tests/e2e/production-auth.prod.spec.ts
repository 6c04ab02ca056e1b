import { expect, expectAccessible, test } from './fixtures';
import { expectToast, recordToasts, signOutThroughMenu } from './support/auth';
import {
  createSystemAdmins,
  enrolAuthenticatorApp,
  passSecondStep,
  mailedVerifyLink,
  signInWithPassword,
  storedTokens,
  type Account,
} from './support/production';

/**
 * Production mode (DEMO_MODE=false, its own server and database): real
 * accounts, server sessions and the brute-force limit. The tests share the
 * administrators the setup panel creates, so they run in order; the limit
 * test runs last, as it blocks this browser's address for 15 minutes.
 */
test.describe.configure({ mode: 'serial' });

let admins: Account[] = [];
const NEW_PASSWORD = 'a long passphrase of my own';

test('a system administrator from the setup panel signs in, changes the password, uses the console and signs out', async ({
  page,
  browser,
}) => {
  // Six scrypt hashes at N=2^17 and two browsers on a busy machine.
  test.setTimeout(180_000);
  await recordToasts(page);
  admins = await createSystemAdmins(page);
  const admin = admins[0]!;

  // /auth shows email and password only: no demo texts, no quick login.
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quick Demo Login' })).toHaveCount(0);
  await expect(page.getByText(/mock authentication/i)).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);

  await signInWithPassword(page, admin);
  await expectToast(page, 'Signed in');
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  // Until it is changed, the admin API refuses with a clear code.
  const early = await storedTokens(page);
  const refused = await page.request.get('/api/admin/users', {
    headers: { authorization: `Bearer ${early!.access_token}` },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('password_change_required');
  await expectAccessible(page);

  await page.getByLabel('Current password').fill(admin.password);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed', 'Your other sessions were signed out.');
  admin.password = NEW_PASSWORD;
  // Setup's administrators set up a second factor before the console opens.
  const app = await enrolAuthenticatorApp(page);

  // The console, with the system administrators setup created, as a real administrator.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'security.admin@talentecosystem.demo' }),
  ).toContainText('Super Admin');

  // A second device signs in; the Security tab marks this session and ends the other one.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await signInWithPassword(phonePage, admin);
  await passSecondStep(phonePage, app);
  await expect(phonePage.getByRole('tab', { name: 'Users' })).toBeVisible();
  const phoneTokens = await storedTokens(phonePage);

  await page.reload();
  await page.getByRole('tab', { name: 'Security', exact: true }).click();
  const sessions = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Token hash' }) });
  await expect(sessions.getByText('This session')).toBeVisible();
  const end = sessions.getByRole('button', { name: /^End the session created/ });
  await expect(end).toHaveCount(1);
  // Keyboard only: focus, Enter, then confirm with Enter.
  await end.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'End this session?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'End Session' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Session ended', 'That session is signed out everywhere at once.');
  const ended = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${phoneTokens!.access_token}` },
  });
  expect(ended.status()).toBe(401);
  await phone.close();

  // A reload keeps the session; sign-out ends it on the server.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Security', exact: true })).toBeVisible();
  const tokens = await storedTokens(page);
  await signOutThroughMenu(page);
  await expectToast(page, 'Signed out');
  await expect(page).toHaveURL(/\/$/);
  const after = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${tokens!.access_token}` },
  });
  expect(after.status()).toBe(401);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin$/);
});

test('a signed-in account without an administrator role sees the 403 screen', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 403/);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill('Riley Reader');
  await page.getByLabel('Email').fill('riley.reader@example.com');
  await page.getByLabel('Password').fill('reader passphrase 2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  await page.goto(await mailedVerifyLink(page, 'riley.reader@example.com'));
  await expect(page.getByRole('heading', { name: 'Address verified' })).toBeVisible();
  await signInWithPassword(page, {
    email: 'riley.reader@example.com',
    password: 'reader passphrase 2026',
  });
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText(/needs the Platform Admin or Super Admin role/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);
});

test('wrong passwords hit the limit with a clear message', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 4(01|29)/);
  const target = admins[1]!;
  await page.goto('/auth');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Email').fill(target.email);
    await page.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  }
  // Even the right password is refused now.
  await page.getByLabel('Password', { exact: true }).fill(target.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/,
  );
  await expect(page).toHaveURL(/\/auth$/);
});
