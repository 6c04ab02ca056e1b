import { expect, expectAccessible, expectModalAccessible, test } from './fixtures';
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
  // Demo sign-ons are simulated and allow nothing: the menu offers no connected applications.
  await expect(page.getByRole('menuitem', { name: 'Connected applications' })).toHaveCount(0);
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

/**
 * The simulated step-up (docs/product/sign-in.md#demo-step-up): while the tab's app is on, the
 * demo policy (docs/product/admin-console.md#second-factor-settings) and a demo reset
 * (docs/product/admin-console.md#reset-second-factor) ask "Confirm it's you" once the app's
 * last proof is older than 5 minutes; nothing reaches the server.
 */
test('the simulated app asks a step-up before the demo policy changes, checked in the page', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/.*second-factor/.test(r.url())) sent.push(r.url());
  });
  await page.clock.install();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Quick Demo Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByLabel('Code from the app').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Back to the console in the same tab: the app was proved moments ago, so nothing is asked.
  await page.getByRole('link', { name: 'Admin Dashboard' }).filter({ visible: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const card = page.getByRole('tabpanel', { name: 'Settings' });
  await expect(card.getByRole('note')).toContainText('Demo: the policy is simulated');
  const choice = (name: string) => card.getByRole('radio', { name: new RegExp(`^${name}`) });
  const save = card.getByRole('button', { name: 'Save policy' });
  await expect(choice('Not required')).toBeChecked();
  await expect(save).toBeDisabled();
  await choice('Required for administrators').check();
  await save.click();
  await expect(card.getByText('Required for administrators (now)')).toBeVisible();

  // Six minutes on, the next change asks; Cancel keeps the policy, a code saves it.
  await page.clock.fastForward('06:00');
  await choice('Required for everyone').check();
  await save.click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(stepUp.getByRole('note')).toContainText('Demo: this step is simulated');
  await expect(stepUp.getByLabel('Authenticator code')).toBeFocused();
  await expectModalAccessible(page);
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('alert')).toHaveText('Cancelled: nothing was changed.');
  await expect(card.getByText('Required for administrators (now)')).toBeVisible();
  await save.click();
  await stepUp.getByLabel('Authenticator code').fill('135790');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(card.getByText('Required for everyone (now)')).toBeVisible();
  await expectAccessible(page, { include: ['[role="tabpanel"]'] });

  // A demo reset, proved moments ago: simulated at once and said so.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page
    .getByRole('button', { name: /^Actions for / })
    .filter({ visible: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Reset two-step sign-in' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset two-step sign-in' });
  await expect(reset.getByRole('note')).toContainText('Demo: the reset is simulated');
  await reset.getByLabel('Reason').fill('Lost their phone');
  await reset.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  await expect(reset).toHaveCount(0);
  await expect(page.getByText('Demo: nothing was sent to the server.')).toBeVisible();
  expect(sent).toEqual([]);
});
