import type { Locator, Page } from '@playwright/test';
import { expect, useDemoSession } from '../fixtures';

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

/** Opens the Security Audit tab's Request access dialog and returns it. */
export async function openRequestDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Request access', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Time-Limited Credential Access' });
  await expect(dialog).toBeVisible();
  return dialog;
}
