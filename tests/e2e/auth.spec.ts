import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useDemoSession } from './fixtures';
import {
  accountButton,
  readBusyStates,
  readStoredSession,
  recordBusyStates,
  SIGN_IN_TOAST,
  SIGN_IN_TOAST_DETAIL,
  SIGN_UP_TOAST,
  SIGN_UP_TOAST_DETAIL,
  expectToast,
  recordToasts,
} from './support/auth';

const SIGN_IN_REQUIRED = 'Email and password are required for the demo';
const SIGN_UP_REQUIRED = 'All fields are required for the demo';

/** The page's clock, read just before the action whose wait we measure. */
test.beforeEach(async ({ page }) => {
  await recordToasts(page);
});

const pageNow = (page: Page) => page.evaluate(() => Date.now());

test.describe('the sign-in portal', () => {
  test('has the demo banner, Quick Demo Login and the two tabs, without the sidebar', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Admin Portal' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('mock authentication');
    await expect(page.getByRole('button', { name: 'Quick Demo Login' })).toBeEnabled();
    await expect(page.getByRole('tab', { name: 'Demo Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.getByRole('tab', { name: 'Demo Sign Up' }).click();
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});

test.describe('quick demo login', () => {
  test('waits 1000 ms with the buttons disabled, then signs in as Demo User', async ({ page }) => {
    await page.goto('/auth');
    await recordBusyStates(page, 'Signing in...');
    const before = await pageNow(page);
    await page.getByRole('button', { name: 'Quick Demo Login' }).click();

    // Then: the toast, the admin dashboard and the user in the layout.
    await expectToast(page, SIGN_IN_TOAST, SIGN_IN_TOAST_DETAIL);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account: Demo User');

    const session = await readStoredSession(page);
    const ms = Number(/^demo-user-(\d+)$/.exec(session!.user.id)?.[1]);
    expect(session).toEqual({
      user: {
        id: `demo-user-${ms}`,
        email: 'demo.admin@talentecosystem.demo',
        user_metadata: { full_name: 'Demo User' },
      },
      access_token: `demo-token-${ms}`,
    });
    // The ids are stamped after the 1000 ms wait (a timer may round by a millisecond).
    expect(ms).toBeGreaterThanOrEqual(before + 999);
    // During the wait: progress shown, every way in disabled, nobody signed in yet.
    expect((await readBusyStates(page))[0]).toEqual({
      busyDisabled: true,
      allWaysInDisabled: true,
      signedIn: false,
    });
  });
});

test.describe('demo sign in', () => {
  test('accepts any email and password and fabricates the user', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('not-even-an-address');
    await page.getByLabel('Password').fill('x');
    await recordBusyStates(page, 'Signing in...');
    const before = await pageNow(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expectToast(page, SIGN_IN_TOAST, SIGN_IN_TOAST_DETAIL);
    await expect(page).toHaveURL(/\/admin$/);
    const session = await readStoredSession(page);
    expect(session?.user.email).toBe('not-even-an-address');
    expect(session?.user.user_metadata.full_name).toBe('Demo User');
    const ms = Number(session!.user.id.replace('demo-user-', ''));
    expect(session?.access_token).toBe(`demo-token-${ms}`);
    expect(ms).toBeGreaterThanOrEqual(before + 999);
    expect((await readBusyStates(page))[0]).toEqual({
      busyDisabled: true,
      allWaysInDisabled: true,
      signedIn: false,
    });
  });

  test('requires email and password', async ({ page }) => {
    await page.goto('/auth');
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_REQUIRED);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('ada@example.com');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_REQUIRED);
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('');
    await page.getByLabel('Password').fill('secret');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_REQUIRED);

    await expect(page).toHaveURL(/\/auth$/);
    expect(await readStoredSession(page)).toBeNull();
  });
});

test.describe('demo sign up', () => {
  test('uses the given full name and says no account was created', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Demo Sign Up' }).click();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password').fill('cobol');
    await recordBusyStates(page, 'Creating demo account...');
    const before = await pageNow(page);
    await page.getByRole('button', { name: 'Create Demo Account' }).click();

    await expectToast(page, SIGN_UP_TOAST, SIGN_UP_TOAST_DETAIL);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(accountButton(page)).toHaveAccessibleName('Account: Grace Hopper');
    const session = await readStoredSession(page);
    const ms = Number(session!.user.id.replace('demo-user-', ''));
    expect(session).toEqual({
      user: {
        id: `demo-user-${ms}`,
        email: 'grace@example.com',
        user_metadata: { full_name: 'Grace Hopper' },
      },
      access_token: `demo-token-${ms}`,
    });
    expect(ms).toBeGreaterThanOrEqual(before + 999);
    expect((await readBusyStates(page))[0]).toEqual({
      busyDisabled: true,
      allWaysInDisabled: true,
      signedIn: false,
    });
  });

  test('requires all three fields', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Demo Sign Up' }).click();
    const submit = page.getByRole('button', { name: 'Create Demo Account' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_UP_REQUIRED);

    for (const [label, value] of [
      ['Full name', 'Grace Hopper'],
      ['Email', 'grace@example.com'],
    ] as const) {
      await page.getByLabel(label).fill(value);
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(SIGN_UP_REQUIRED);
    }
    await page.getByLabel('Full name').fill('   ');
    await page.getByLabel('Password').fill('cobol');
    // What is sent is what the fields hold: a blank name (the failure, if any, names a lost fill).
    await expect(page.getByLabel('Full name')).toHaveValue('   ');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_UP_REQUIRED);
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

    await expect(page).toHaveURL(/\/auth$/);
    expect(await readStoredSession(page)).toBeNull();
  });
});

test.describe('a signed-in user on /auth', () => {
  test('is sent to the admin dashboard', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('is sent back to the page that sent them', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/auth?redirect=%2Fhealth');
    await expect(page).toHaveURL(/\/health$/);
  });

  test('is never sent off the site', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/auth?redirect=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('sign-in portal layout', () => {
  // Its layout and axe on both tabs, at a phone's and a laptop's size: the layout sweep (support/screen-sweep.ts).
  test('is accessible with a validation message shown', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });
});
