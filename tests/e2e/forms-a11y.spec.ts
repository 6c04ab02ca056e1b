import type { Locator } from '@playwright/test';
import { tabTo } from './support/keyboard';
import { expect, expectAccessible, expectModalAccessible, test, useDemoSession } from './fixtures';
import { openAdminTab, openRequestDialog } from './support/admin-security';
import { userRow } from './support/admin';

/**
 * Each form's rules, walked with the keyboard only (Tab, typing, Enter) and
 * checked the way a screen reader meets them: a control found by its role and
 * name, the rule's text in its accessible description, aria-invalid while the
 * rule stands, and both gone once the value is fixed.
 */

// Walked a key at a time, with an axe run each.
test.slow();

const SIGN_IN_REQUIRED = 'Email and password are required for the demo';
const SIGN_UP_REQUIRED = 'All fields are required for the demo';

async function expectInvalid(control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(
    typeof message === 'string' ? new RegExp(escape(message)) : message,
  );
}

async function expectValid(control: Locator, message: string) {
  await expect(control).not.toHaveAttribute('aria-invalid');
  await expect(control).not.toHaveAccessibleDescription(new RegExp(escape(message)));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('the demo sign-in portal', () => {
  test('Demo Sign In: the one rule describes both fields until they are filled', async ({
    page,
  }) => {
    await page.goto('/auth');
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, email);
    await page.keyboard.press('Enter');

    await expectInvalid(email, SIGN_IN_REQUIRED);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(SIGN_IN_REQUIRED);
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_REQUIRED);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);

    await page.keyboard.type('ava@example.com');
    await page.keyboard.press('Enter');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expectInvalid(password, SIGN_IN_REQUIRED);
    // The form takes the focus to the first field still wrong.
    await expect(password).toBeFocused();
    await page.keyboard.type('anything');
    await expectValid(password, SIGN_IN_REQUIRED);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Demo Sign Up: every field is named, and the rule clears once all are filled', async ({
    page,
  }) => {
    await page.goto('/auth');
    const tab = page.getByRole('tab', { name: 'Demo Sign In' });
    await tabTo(page, tab);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Demo Sign Up', selected: true })).toBeVisible();

    const name = page.getByRole('textbox', { name: 'Full name' });
    const email = page.getByRole('textbox', { name: 'Email' });
    await tabTo(page, name);
    await page.keyboard.type('Ava Stone');
    await page.keyboard.press('Enter');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(name).toHaveAccessibleDescription(SIGN_UP_REQUIRED);
    await expectInvalid(email, SIGN_UP_REQUIRED);
    await expectAccessible(page);

    await expect(email).toBeFocused();
    await page.keyboard.type('ava@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('anything');
    await expectValid(email, SIGN_UP_REQUIRED);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('the admin console forms', () => {
  test('Edit user: a bad email is described on the field until it is fixed', async ({ page }) => {
    const EMAIL = 'grace.kim@talentspark.example';
    await useDemoSession(page);
    await page.goto(`/admin?tab=users&q=${encodeURIComponent(EMAIL)}`);
    // The row's "⋯" menu by keyboard: Enter opens it on Edit user, Enter again chooses it.
    const actions = userRow(page, EMAIL).getByRole('button', { name: /^Actions for / });
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit user' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');

    await expectInvalid(email, 'Enter a valid email address');
    await expect(dialog.getByRole('textbox', { name: 'Full name' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(
      dialog.getByRole('switch', { name: 'Active account' }),
    ).toHaveAccessibleDescription('An inactive account cannot sign in.');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectModalAccessible(page);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(EMAIL);
    await expectValid(email, 'Enter a valid email address');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('Request credential access: Ctrl+Enter on a blank justification marks it', async ({
    page,
  }) => {
    await openAdminTab(page, 'security');
    const request = page.getByRole('button', { name: /^Request access to / }).first();
    await tabTo(page, request);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request Credential Access' });
    const justification = dialog.getByRole('textbox', { name: 'Justification' });
    await expect(justification).toHaveAccessibleDescription(/Required\. Press Ctrl\+Enter/);
    await tabTo(page, justification);
    await page.keyboard.press('Control+Enter');

    await expectInvalid(justification, 'Please provide a justification for accessing credentials');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectModalAccessible(page);

    await page.keyboard.type('Reconcile the payroll export');
    await expectValid(justification, 'Please provide a justification');
    await expect(justification).toHaveAccessibleDescription(/Required\. Press Ctrl\+Enter/);
    await page.keyboard.press('Escape');
  });

  test('Time-limited access: an out-of-range time limit is described until fixed', async ({
    page,
  }) => {
    await openAdminTab(page, 'security-audit');
    await openRequestDialog(page);
    const app = page.getByRole('combobox', { name: 'Application' });
    await tabTo(page, app);
    await expect(app).toHaveAccessibleDescription(
      'Choose the application whose credential you need.',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'SortStak' }).press('Enter');
    await expect(app).toHaveAccessibleDescription('SortStak holds an API key.');

    const minutes = page.getByRole('spinbutton', { name: 'Time limit (minutes)' });
    const justification = page.getByRole('textbox', { name: 'Justification' });
    await tabTo(page, justification);
    await page.keyboard.type('Check the signature of the export callbacks');
    await tabTo(page, minutes);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('999');
    await page.keyboard.press('Enter');

    const rule = /The time limit must be between \d+ and \d+ minutes/;
    await expectInvalid(minutes, rule);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('30');
    await expect(minutes).not.toHaveAttribute('aria-invalid');
    await expect(minutes).toHaveAccessibleDescription(/^\d+ to \d+ minutes$/);
  });
});
