import { expect, test } from './fixtures';
import { accountButton, signOutThroughMenu } from './support/auth';

/**
 * Two-step sign-in in demo mode (docs/product/sign-in.md#two-step-screen,
 * docs/product/sign-in.md#demo-second-step): the screen is simulated in the tab and
 * says so; while its app is on, the mock sign-in of the same tab asks for a code.
 */
test('the simulated app makes the demo sign-in of the same tab ask for a code', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Quick Demo Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  await expect(
    page.getByText(/^Demo: two-step sign-in is simulated in this browser tab/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByLabel('Setup key')).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  await page.getByLabel('Code from the app').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Signed out and in again in this tab (no reload): the mock asks for a code.
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Sign in' }).filter({ visible: true }).first().click();
  await page.getByRole('button', { name: 'Quick Demo Login' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'this step is simulated' })).toBeVisible();
  await expect(page.getByLabel('Authenticator code')).toBeFocused();
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  // Back to the page that sent the visitor to sign in, signed in.
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page)).toBeVisible();
});
