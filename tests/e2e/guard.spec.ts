import { expect, recordFailedResponses, test, useDemoSession } from './fixtures';
import {
  accountButton,
  PROTECTED_PATHS,
  readStoredSession,
  SIGN_IN_TOAST,
  SIGN_IN_TOAST_DETAIL,
  SIGN_OUT_TOAST,
  signOutThroughMenu,
  expectToast,
  recordToasts,
} from './support/auth';

test.beforeEach(async ({ page }) => {
  await recordToasts(page);
});

test.describe('protected routes signed out', () => {
  test('each redirects to /auth, remembering the way back, and asks for nothing it is refused', async ({
    page,
  }) => {
    const failed = recordFailedResponses(page);
    for (const path of PROTECTED_PATHS) {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('button', { name: 'Quick Demo Login' })).toBeVisible();
    }
    expect(failed, 'failed requests').toEqual([]);
    // The fixture fails the test on any console error.
  });

  test('sign-in returns to the page the user was going to, query included', async ({ page }) => {
    await page.goto('/admin?tab=users');
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('pw');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, SIGN_IN_TOAST, SIGN_IN_TOAST_DETAIL);
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  });

  test('quick login from a product screen returns to it', async ({ page }) => {
    await page.goto('/talentmls');
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();
    await expect(page).toHaveURL(/\/talentmls$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('public pages signed out', () => {
  // That public pages never redirect is checked by the layout sweep of every screen (support/screen-sweep.ts).
  test('the layout offers a sign-in that comes back to the page', async ({ page }) => {
    await page.goto('/demo/hirehub');
    await page.getByRole('link', { name: 'Sign in' }).filter({ visible: true }).click();
    await expect(page).toHaveURL('/auth?redirect=%2Fdemo%2Fhirehub');
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();
    await expect(page).toHaveURL(/\/demo\/hirehub$/);
    await expect(accountButton(page)).toBeVisible();
  });
});

test.describe('the kept session', () => {
  test('survives a reload', async ({ page }) => {
    await page.goto('/auth?redirect=%2Fhirehub');
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();
    await expect(page).toHaveURL(/\/hirehub$/);
    const session = await readStoredSession(page);
    await page.reload();
    await expect(page).toHaveURL(/\/hirehub$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account: Demo User');
    expect(await readStoredSession(page)).toEqual(session);
  });

  // That a kept session opens every protected screen without a detour: the layout sweep (support/screen-sweep.ts).
});

test.describe('sign-out', () => {
  test('from a protected screen: toast, back home, and the guard applies again', async ({
    page,
  }) => {
    await useDemoSession(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await signOutThroughMenu(page);
    await expectToast(page, SIGN_OUT_TOAST);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('ted.auth.session'))).toBeNull();
    await expect(accountButton(page)).toHaveCount(0);
    // Signed out, the sidebar opens the public twin of a screen.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page).toHaveURL(/\/demo\/settings$/);
    // The protected screen asks for a sign-in again. (A new tab: the demo session
    // fixture of this one would write the session again on load.)
    const fresh = await page.context().newPage();
    await fresh.goto('/settings');
    await expect(fresh).toHaveURL(/\/auth\?redirect=%2Fsettings$/);
  });

  test('from a public page stays on it', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/demo/qrc');
    await signOutThroughMenu(page);
    await expectToast(page, SIGN_OUT_TOAST);
    await expect(page).toHaveURL(/\/demo\/qrc$/);
    await expect(
      page.getByRole('link', { name: 'Sign in' }).filter({ visible: true }),
    ).toBeVisible();
  });

  test('works from the phone header', async ({ page }) => {
    await useDemoSession(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/hirehub');
    await signOutThroughMenu(page);
    await expectToast(page, SIGN_OUT_TOAST);
    await expect(page).toHaveURL(/\/$/);
  });

  test('in one tab signs the other tabs out', async ({ page, context }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const other = await context.newPage();
    await other.goto('/hirehub');
    await expect(accountButton(other)).toBeVisible();
    await signOutThroughMenu(page);
    await expect(other).toHaveURL(/\/auth\?redirect=%2Fhirehub$/);
  });
});
