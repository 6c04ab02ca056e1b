import {
  expect,
  expectAccessible,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
} from './fixtures';
import { expectToast, recordToasts } from './support/auth';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminEnrolled, storedTokens } from './support/production';

/**
 * Invitations in production mode (docs/product/admin-console.md#invitations,
 * docs/product/sign-in.md#invitations): an administrator invites someone and
 * copies the one-time link; the invitee opens it in a browser of their own,
 * chooses a password and lands signed in; the link then no longer works.
 * On a server of its own, whose system administrators this spec creates.
 */
test.describe.configure({ mode: 'serial' });

let server: IsolatedServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
});
test.afterAll(async () => {
  await server?.stop();
});

const INVITEE = { email: 'new.colleague@example.com', name: 'New Colleague' };
const ADMIN_PASSWORD = 'an administrator passphrase';
const INVITEE_PASSWORD = 'my own invited passphrase';

test('an administrator invites, the invitee accepts the link once and lands signed in', async ({
  page,
  browser,
  context,
}) => {
  // Three system administrators and two accounts hashed at scrypt's production cost.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // Setup's administrators set up a second factor before the console opens.
  await firstAdminEnrolled(page, server.url, ADMIN_PASSWORD);

  // The Users tab holds the invitations in production mode.
  await page.getByRole('tab', { name: 'Users' }).click();
  const card = page
    .getByRole('table', { name: 'Invitations' })
    .or(page.getByText('No invitations yet'));
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(INVITEE.email);
  await dialog.getByLabel('Full name (optional)').fill(INVITEE.name);
  await dialog.getByRole('checkbox', { name: 'Platform Admin' }).click();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectModalAccessible(page);
  await dialog.getByRole('button', { name: 'Create invitation' }).click();

  // The link, once, with a Copy button.
  const shown = page.getByRole('dialog', { name: 'Invitation link' });
  await expect(shown.getByText('You will not see this link again.')).toBeVisible();
  const link = await shown.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(new RegExp(`^${server.url}/auth/invite#token=[A-Za-z0-9_-]{43}$`));
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectModalAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  const invitations = page.getByRole('table', { name: 'Invitations' });
  await expect(invitations.getByRole('row').filter({ hasText: INVITEE.email })).toContainText(
    'Pending',
  );
  // The list never shows the link again.
  await expect(page.getByText(link)).toHaveCount(0);

  // A fresh browser on a phone opens the link.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const invitee = await phone.newPage();
  await recordToasts(invitee);
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(invitee.getByText(INVITEE.email)).toBeVisible();
  await expect(invitee.getByLabel('Full name')).toHaveValue(INVITEE.name);
  await invitee.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(invitee);
  expect(await hasHorizontalOverflow(invitee)).toBe(false);
  await invitee.getByLabel('Password').fill(INVITEE_PASSWORD);
  await invitee.getByRole('button', { name: 'Create Account' }).click();

  // Signed in, on the console its platform_admin role opens.
  await expect(invitee).toHaveURL(`${server.url}/admin`, { timeout: 30_000 });
  await expectToast(invitee, 'Account created', `Signed in as ${INVITEE.email}.`);
  await expect(invitee.getByRole('tab', { name: 'Users' })).toBeVisible();
  expect((await storedTokens(invitee))?.access_token).toBeTruthy();
  expect(await hasHorizontalOverflow(invitee)).toBe(false);
  await phone.close();

  // Opening the link again, in yet another browser, is refused.
  const other = await browser.newContext();
  const late = await other.newPage();
  await late.goto(link);
  await expect(
    late.getByRole('heading', { name: 'This invitation has already been used' }),
  ).toBeVisible();
  await expect(late.getByRole('alert')).toHaveText('Sign in with the account it created.');
  await expect(late.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(late);
  await other.close();

  // The administrator's list says so, and the account is among the users.
  await page.reload();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(invitations.getByRole('row').filter({ hasText: INVITEE.email })).toContainText(
    'Accepted',
  );
  await expect(
    page.getByRole('row').filter({ hasText: INVITEE.email }).filter({ hasText: 'Platform Admin' }),
  ).toHaveCount(2);
});
