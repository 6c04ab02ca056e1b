import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
  useDemoSession,
} from './fixtures';
import { expectDark, expectLight } from './support/theme';

/**
 * The Integrations tab in demo mode (docs/product/audit-trail.md#audit-sinks): the same screens as
 * production's, simulated in the page and labelled as such; axe-clean in both themes, with its
 * dialogs open, and one compact row per sink on a phone.
 */

async function addSink(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add sink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sink' });
  await expect(dialog.getByRole('note')).toHaveText(/^Demo: sinks are simulated/);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Endpoint URL').fill('https://siem.example.com/audit');
  await dialog.getByLabel('Event types (optional)').fill('auth.*, admin.*');
  await dialog.getByLabel('High').check();
  await dialog.getByRole('button', { name: 'Add sink' }).click();
  return page.getByRole('dialog', { name: 'Sink added' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`adds a simulated sink and passes axe in ${scheme}, its dialogs open`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await useDemoSession(page);
    await page.goto('/admin?tab=integrations');
    await expect(page.getByText('No sinks yet')).toBeVisible();
    await (scheme === 'dark' ? expectDark(page) : expectLight(page));

    const added = await addSink(page, 'Security SIEM');
    await expect(added.getByLabel('Signing secret')).toHaveValue(/^whsec_[\w-]{43}$/);
    await expectModalAccessible(page);
    await added.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Security SIEM' });
    await expect(row).toContainText('auth.*, admin.* · High');
    await expect(row).toContainText('Delivering');
    await expect(row).toContainText('Up to date');
    await expectAccessible(page, { bestPractice: true });

    await row.getByRole('button', { name: 'Actions for Security SIEM' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this sink?' })).toBeVisible();
    await expectModalAccessible(page);
    await page.getByRole('button', { name: 'Delete Sink' }).click();
    await expect(page.getByText('No sinks yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions for Security SIEM' })).toHaveCount(0);
  });
}

test('on a phone a sink is one row: its name, "state · what it receives", its actions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useDemoSession(page);
  await page.goto('/admin?tab=integrations');
  await (await addSink(page, 'Phone SIEM')).getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Phone SIEM' });
  await expect(row.locator('[data-slot="phone-line"]')).toHaveText(
    'Delivering · auth.*, admin.* · High',
  );
  expect((await row.boundingBox())!.height).toBeLessThan(90);
  await expect(row.getByRole('button', { name: 'Actions for Phone SIEM' })).toBeInViewport();
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectAccessible(page, { bestPractice: true });
});
