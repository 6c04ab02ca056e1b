import { tabTo } from './support/keyboard';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The production sign-in form (DEMO_MODE=false), walked with the keyboard only:
 * its rules reach a screen reader through the fields they concern. Nothing is
 * sent to the server, so the sign-in limit is not touched.
 */

test('Sign In: each missing value is described on the fields until it is given', async ({
  page,
}) => {
  await page.goto('/auth');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Password', { exact: true });
  await tabTo(page, email);
  await page.keyboard.press('Enter');

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter your email address');
  await expect(page.getByRole('alert')).toHaveText('Enter your email address');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectAccessible(page);

  await page.keyboard.type('someone@example.com');
  await page.keyboard.press('Enter');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Enter your password');
  // The submission takes the keyboard to the field that still needs a value.
  await expect(password).toBeFocused();
  await page.keyboard.type('x');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
