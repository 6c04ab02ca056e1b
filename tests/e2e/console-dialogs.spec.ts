import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectModalAccessible, test, useDemoSession } from './fixtures';
import { rowAction, userRow } from './support/admin';
import { choose, openRequestDialog } from './support/admin-security';
import { expectDark, expectLight } from './support/theme';

/**
 * Every dialog of the console, opened in each theme, passes axe (WCAG 2.2 AA and best
 * practices), and so does the Users tab with a row selected (docs/product/quality.md). The
 * screens themselves are swept by the layout specs; these are the states a sweep never opens.
 */

type Opener = { name: string; open: (page: Page) => Promise<Locator> };

const users = async (page: Page) => {
  await page.goto('/admin?tab=users');
  const row = userRow(page, 'sara.haddad@globex.example');
  await expect(row).toBeVisible();
  return row;
};

const DIALOGS: Opener[] = [
  {
    name: 'Edit user',
    open: async (page) => {
      await rowAction(await users(page), 'Edit user');
      return page.getByRole('dialog', { name: 'Edit user' });
    },
  },
  {
    name: 'Manage roles',
    open: async (page) => {
      await rowAction(await users(page), 'Manage roles');
      const dialog = page.getByRole('dialog', { name: 'Manage roles' });
      await expect(dialog.getByRole('switch', { name: 'Super Admin' })).toBeVisible();
      return dialog;
    },
  },
  {
    name: 'Invite user',
    open: async (page) => {
      await users(page);
      await page.getByRole('button', { name: 'Invite user' }).click();
      return page.getByRole('dialog', { name: 'Invite user' });
    },
  },
  {
    name: 'bulk Deactivate',
    open: async (page) => {
      await users(page);
      await page.getByRole('checkbox', { name: 'Select Sara Haddad', exact: true }).check();
      const bar = page.getByRole('region', { name: 'Bulk changes' });
      await bar.getByRole('button', { name: 'Deactivate', exact: true }).click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'Request Credential Access',
    open: async (page) => {
      await page.goto('/admin?tab=security');
      await page.getByRole('button', { name: 'Request access to HireHub credentials' }).click();
      return page.getByRole('dialog', { name: 'Request Credential Access' });
    },
  },
  {
    name: 'Approve Credential Access',
    open: async (page) => {
      await page.goto('/admin?tab=security');
      const review = page.getByRole('table', { name: 'Requests from other administrators' });
      // A request no other test decides (the server's data is shared by the run): opened, not decided.
      const row = review.getByRole('row').filter({ hasText: 'Yuki Tanaka' });
      await row.getByRole('button', { name: /^Approve Yuki Tanaka's request/ }).click();
      return page.getByRole('dialog', { name: 'Approve Credential Access' });
    },
  },
  {
    name: 'Request Time-Limited Credential Access',
    open: async (page) => {
      await page.goto('/admin?tab=security-audit');
      return openRequestDialog(page);
    },
  },
  {
    name: 'Confirm Credential Access',
    open: async (page) => {
      await page.goto('/admin?tab=security-audit');
      await openRequestDialog(page);
      await choose(page, 'Application', 'HireHub');
      await page.getByLabel('Justification').fill('Check the dialogs in both themes');
      await page.getByRole('button', { name: 'Request Access' }).click();
      return page.getByRole('alertdialog', { name: 'Confirm Credential Access' });
    },
  },
  {
    name: 'audit event',
    open: async (page) => {
      await page.goto('/admin?tab=security-audit');
      const table = page.getByRole('table', { name: 'Audit events' });
      // Whichever event is first (new ones arrive live; start-ups group under one line).
      await table.getByRole('row').nth(1).getByRole('button').first().click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'Command palette',
    open: async (page) => {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('ControlOrMeta+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('sara');
      await expect(palette.getByRole('option').first()).toBeVisible();
      return palette;
    },
  },
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in ${scheme}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await useDemoSession(page);
    });

    for (const { name, open } of DIALOGS) {
      test(`the ${name} dialog passes axe`, async ({ page }) => {
        const dialog = await open(page);
        await expect(dialog).toBeVisible();
        await (scheme === 'dark' ? expectDark(page) : expectLight(page));
        await expectModalAccessible(page);
      });
    }

    test('the Users tab with a row selected passes axe', async ({ page }) => {
      await users(page);
      await page.getByRole('checkbox', { name: 'Select Sara Haddad', exact: true }).check();
      await expect(page.getByRole('region', { name: 'Bulk changes' })).toBeVisible();
      await (scheme === 'dark' ? expectDark(page) : expectLight(page));
      await expectAccessible(page, { bestPractice: true });
    });
  });
}
