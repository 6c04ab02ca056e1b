import { expect, type Page } from '@playwright/test';
import { SCREEN_SLUGS, SECURITY_PATH } from '../../../src/shared/routes';

/** The protected routes (docs/product/public-site.md#protected-routes). */
export const PROTECTED_PATHS = [
  '/auth-redirect',
  SECURITY_PATH,
  ...SCREEN_SLUGS.map((s) => `/${s}`),
];

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

type SeenToast = { title: string; description: string };

/**
 * Notes every sonner toast the page shows, from the first script on. A toast
 * lives 4000 ms; on a loaded machine an assertion may come later than that.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: SeenToast[] = [];
    (window as unknown as { __toasts: SeenToast[] }).__toasts = seen;
    const noted = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        const title = el.querySelector('[data-title]')?.textContent;
        if (noted.has(el) || !title) continue;
        noted.add(el);
        const description = el.querySelector('[data-description]')?.textContent ?? '';
        seen.push({ title, description });
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/**
 * Passes once the page has shown this toast (see `recordToasts`), on this page
 * or the next one (a page that moves on by a whole page load carries its toasts).
 */
export async function expectToast(page: Page, title: string, description = '') {
  await expect
    .poll(() =>
      page
        .evaluate(() => (window as unknown as { __toasts: SeenToast[] }).__toasts)
        // Between two pages there is no page to ask: ask again.
        .catch(() => []),
    )
    .toContainEqual({ title, description });
}

/** The account menu of the layout (sidebar on desktop, header on a phone). */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^Account: / }).filter({ visible: true });
}

export async function signOutThroughMenu(page: Page) {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

export type BusySnapshot = { busyDisabled: boolean; allWaysInDisabled: boolean; signedIn: boolean };

/**
 * Records, from inside the page, how the portal looks whenever a button reads
 * `busyText`. A loaded machine can take longer than the 1000 ms wait between
 * two assertions, so the page itself notes what it showed during the wait, in
 * session storage: the portal moves on to the next page with a whole page load.
 */
export async function recordBusyStates(page: Page, busyText: string) {
  await page.evaluate((text) => {
    const KEY = 'e2e.busy-states';
    sessionStorage.setItem(KEY, '[]');
    const capture = () => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('main button')];
      const busy = buttons.find((b) => b.textContent?.trim() === text);
      if (!busy) return;
      const waysIn = buttons.filter(
        (b) => b === busy || b.type === 'submit' || b.textContent?.includes('Quick Demo Login'),
      );
      const states = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as BusySnapshot[];
      states.push({
        busyDisabled: busy.disabled,
        allWaysInDisabled: waysIn.length > 0 && waysIn.every((b) => b.disabled),
        signedIn: localStorage.getItem('ted.auth.session') !== null,
      });
      sessionStorage.setItem(KEY, JSON.stringify(states));
    };
    new MutationObserver(capture).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, busyText);
}

export function readBusyStates(page: Page): Promise<BusySnapshot[]> {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('e2e.busy-states') ?? '[]') as BusySnapshot[],
  );
}
