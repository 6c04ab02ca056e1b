import { expect, type Page } from '@playwright/test';
import { E2E_SETUP_KEY } from '../../../playwright.config';

/** Helpers for the production-mode specs (`*.prod.spec.ts`, DEMO_MODE=false). */

export type Account = { email: string; password: string };

/**
 * Creates the three system administrators through the landing page's setup
 * panel and reads their generated passwords off the screen. `origin` names a
 * server of the spec's own (the run's production server by default).
 */
export async function createSystemAdmins(page: Page, origin = ''): Promise<Account[]> {
  await page.goto(`${origin}/?setup=true`);
  await page.getByLabel('Setup confirmation key').fill(E2E_SETUP_KEY);
  await page.getByRole('button', { name: 'Create System Admins' }).click();
  // Three scrypt hashes at N=2^17: a few seconds on a busy machine.
  await expect(page.getByText('System admins processed successfully!')).toBeVisible({
    timeout: 60_000,
  });
  const items = page
    .getByRole('list', { name: 'System administrator accounts' })
    .getByRole('listitem');
  await expect(items).toHaveCount(3);
  const accounts: Account[] = [];
  for (const item of await items.all()) {
    const email = (await item.getByText(/@talentecosystem\.demo$/).textContent())!.trim();
    const password = (await item.getByRole('code').textContent())!.trim();
    accounts.push({ email, password });
  }
  return accounts;
}

/** Signs in on /auth with email and password. */
export async function signInWithPassword(page: Page, account: Account, path = '/auth') {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The session as the app keeps it (tokens included). */
export function storedTokens(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('ted.auth.session');
    return raw
      ? (JSON.parse(raw) as { access_token: string; refresh_token: string; expires_at: number })
      : null;
  });
}
