import type { Page } from '@playwright/test';
import { SCREEN_SLUGS } from '../../../src/shared/routes';

/** The protected routes of SPEC.md §2. */
export const PROTECTED_PATHS = ['/auth-redirect', ...SCREEN_SLUGS.map((s) => `/${s}`)];

/** Their public twins and the other public pages with the shared layout. */
export const PUBLIC_PATHS = ['/', '/demo', '/final-todo', ...SCREEN_SLUGS.map((s) => `/demo/${s}`)];

export const SIGN_IN_TOAST = 'Demo login successful! (Mock authentication)';
export const SIGN_IN_TOAST_DETAIL = 'This is a demonstration - no real authentication occurred';
export const SIGN_UP_TOAST = 'Demo registration successful! (Mock authentication)';
export const SIGN_UP_TOAST_DETAIL = 'This is a demonstration - no real account was created';
export const SIGN_OUT_TOAST = 'Demo logout successful';

type StoredSession = {
  user: { id: string; email: string; user_metadata: { full_name: string } };
  access_token: string;
};

/** The session as the app keeps it across reloads. */
export function readStoredSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('ted.auth.session');
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  });
}

/** A sonner toast by its title. */
export function toastWithTitle(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

/** The account menu of the layout (sidebar on desktop, header on a phone). */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^Account: / }).filter({ visible: true });
}

export async function signOutThroughMenu(page: Page) {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
