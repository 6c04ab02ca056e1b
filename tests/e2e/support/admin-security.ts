import type { Locator, Page } from '@playwright/test';
import { useDemoSession } from '../fixtures';

/** Opens a tab of the admin console as the demo administrator. */
export async function openAdminTab(page: Page, tab: 'security' | 'security-audit') {
  await useDemoSession(page);
  await page.goto(`/admin?tab=${tab}`);
}

/** The toast that carries `title` (sonner renders one list item per toast). */
export function toast(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

/** Picks an option of a Radix select by the select's label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}
