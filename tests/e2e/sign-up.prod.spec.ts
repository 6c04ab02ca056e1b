import { expect, expectAccessible, hasHorizontalOverflow, test } from './fixtures';
import { mailedVerifyLink } from './support/production';

/**
 * Sign-up in production mode (docs/product/sign-in.md#sign-up-tells): the form ends on
 * "Check your mailbox", the account does not sign in until the mailed link is opened, the
 * link (read from the mail outbox, as the operator's mailer reads it) says the address is
 * verified, and then the password signs in. The link works once.
 */
const NEWCOMER = {
  name: 'Vera Verified',
  email: 'vera.verified@example.com',
  password: 'vera chose this passphrase',
};

test('a sign-up is mailed a link; once it is opened, the password signs in', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // Two scrypt hashes at N=2^17 on a busy machine.
  test.setTimeout(120_000);
  allowConsoleErrors(/status of 4(00|01)/);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill(NEWCOMER.name);
  await page.getByLabel('Email').fill(NEWCOMER.email);
  await page.getByLabel('Password').fill(NEWCOMER.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(NEWCOMER.email);
  await expect(page.getByRole('status')).toContainText('open the link it holds within 24 hours');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page, { bestPractice: true });

  // Before the link is opened, the password opens nothing: the answer of a wrong password.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(NEWCOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  // The mailed link, opened on a phone.
  const link = await mailedVerifyLink(page, NEWCOMER.email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const mailbox = await phone.newPage();
  await mailbox.goto(link);
  await expect(mailbox.getByRole('heading', { name: 'Address verified' })).toBeVisible();
  await expect(mailbox.getByRole('status')).toContainText(NEWCOMER.email);
  await mailbox.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(mailbox, { bestPractice: true });
  expect(await hasHorizontalOverflow(mailbox)).toBe(false);
  await mailbox.getByRole('link', { name: 'Sign in' }).click();
  await mailbox.getByLabel('Email').fill(NEWCOMER.email);
  await mailbox.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
  await mailbox.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Signed in: a user without an administrator role lands on the 403 screen.
  await expect(mailbox.getByRole('heading', { name: 'Access denied' })).toBeVisible({
    timeout: 30_000,
  });
  await phone.close();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already used');
  await expectAccessible(page, { bestPractice: true });
});
