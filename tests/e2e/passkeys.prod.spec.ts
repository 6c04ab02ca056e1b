import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectModalAccessible, test } from './fixtures';
import { expectToast, recordToasts, signOutThroughMenu } from './support/auth';
import { atLocalhost, startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { firstAdminWithOwnPassword, signInWithPassword, storedTokens } from './support/production';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

/**
 * Passkeys in production mode (docs/product/sign-in.md#passkeys) in real Chromium, whose
 * virtual authenticator (through the DevTools protocol) stands for a phone's or a laptop's:
 * an administrator adds a passkey on Two-step sign-in, signs in with it alone, then with it
 * as the step after the password, renames it and removes it. On a server of its own, whose
 * system administrators this spec creates. The relying party of a server at 127.0.0.1 is
 * `localhost` (browsers refuse an IP address), so the pages are opened at localhost.
 */
let server: IsolatedServer;
let origin: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startIsolatedServer({ demoMode: false });
  origin = atLocalhost(server);
});
test.afterAll(async () => {
  await server?.stop();
});

const PASSWORD = 'a passphrase before the passkey';

/** Signs out through the menu and waits until the session is gone from the browser. */
async function signOut(page: Page) {
  await signOutThroughMenu(page);
  await expect.poll(() => storedTokens(page).catch(() => 'between pages')).toBeNull();
}

test('an administrator adds a passkey, signs in with it alone and after the password, renames and removes it', async ({
  page,
}) => {
  // Three system administrators hashed at scrypt's production cost, then four sign-ins.
  test.setTimeout(300_000);
  await recordToasts(page);
  const first = await firstAdminWithOwnPassword(page, origin, PASSWORD);
  // A new scrypt hash at production cost: seconds on a busy machine.
  // Setup's administrators are held to the set-up until they have a second factor: a passkey
  // will do.
  await expect(
    page.getByRole('heading', { name: 'Set up two-step sign-in to continue' }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/account\/security$/);
  const authenticator = await addVirtualAuthenticator(page);

  // No passkey yet: what one is, and the way to add one.
  await expect(page.getByText('No passkeys yet')).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  const name = dialog.getByLabel('Name');
  await expect(name).toBeFocused();
  // The browser and system the user agent names (Playwright's Desktop Chrome says Windows).
  await expect(name).toHaveValue(/^Chrome on /);
  await expectModalAccessible(page);
  await name.fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(
    page,
    'Passkey added',
    'You can sign in with it alone, or use it after your password.',
  );
  await expect(dialog).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Work laptop')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  // The same authenticator again: the options exclude it, and the page says so.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This device or security key already holds a passkey for your account. Use it to sign in, or add another one.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await authenticator.credentials()).toHaveLength(1);

  // The section is accessible in both themes.
  await expectAccessible(page, { include: ['main'] });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expectAccessible(page, { include: ['main'], colorsOnly: true });
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });

  // A passkey alone, offered by the browser's autofill as the sign-in page opens: the virtual
  // authenticator picks it at once, as a person would from the list under Email.
  await signOut(page);
  await page.goto(`${origin}/auth`);
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expectToast(page, 'Signed in');

  // From here on the browser offers no autofill (as one without conditional mediation), so the
  // page's own ways are the ones used.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

  // A passkey alone through the button: no address typed.
  await signOut(page);
  await page.goto(`${origin}/auth`);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();

  // After the password, the passkey is the second step.
  await signOut(page);
  await signInWithPassword(page, first, `${origin}/auth`);
  await expect(page.getByRole('heading', { name: 'Use your passkey' })).toBeVisible();
  const use = page.getByRole('button', { name: 'Use a passkey' });
  await expect(use).toBeFocused();
  await expect(page.getByRole('button', { name: /authenticator app/ })).toHaveCount(0);
  await expectAccessible(page);
  await use.click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();

  // Renamed, then removed with the passkey itself as the proof.
  await page.goto(`${origin}/account/security`);
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(list.getByText('Not yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename the passkey' });
  await rename.getByLabel('Name').fill('Phone');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed');
  await expect(list.getByText('Phone', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Phone' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove “Phone”?' });
  await expect(
    remove.getByText('This is your only second step: signing in will take your password alone.'),
  ).toBeVisible();
  await expectModalAccessible(page);
  await remove.getByRole('button', { name: 'Remove with a passkey' }).click();
  await expectToast(page, 'Passkey removed', '“Phone” no longer signs in.');
  await expect(page.getByText('No passkeys yet')).toBeVisible();

  // The password alone signs in again.
  await signOut(page);
  await signInWithPassword(page, first, `${origin}/auth`);
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
});
