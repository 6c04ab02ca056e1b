import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

test.describe('the sign-on demo receiver', () => {
  for (const viewport of VIEWPORTS) {
    test(`looks like the product at ${viewport.width} px, under the CSP`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/sso/demo-callback');
      const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font).toContain('Inter');
      const bar = page.getByRole('banner');
      await expect(bar).toContainText('SSO Demo Receiver');
      await expect(bar.locator('img')).toBeVisible();
      const back = page.getByRole('link', { name: 'Return to Demo Dashboard' });
      // A button as the product draws one: brand colour, white text, not an underlined link.
      const look = await back.evaluate((a) => {
        const s = getComputedStyle(a);
        return { bg: s.backgroundColor, color: s.color, line: s.textDecorationLine };
      });
      expect(look).toEqual({ bg: 'rgb(79, 70, 229)', color: 'rgb(255, 255, 255)', line: 'none' });
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page);
    });
  }
});

async function openCustomSchedule(page: Page) {
  await page.goto('/demo/data-mining');
  await page.getByRole('button', { name: 'New Mining Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Mining Job' });
  await dialog.getByRole('tab', { name: 'Schedule' }).click();
  await dialog.getByRole('combobox', { name: 'Schedule type' }).click();
  await page.getByRole('option', { name: 'Custom (cron)', exact: true }).click();
  return dialog;
}

test('the cron box ends after its help text when nothing is typed', async ({ page }) => {
  const dialog = await openCustomSchedule(page);
  const help = dialog.getByText(/Use standard cron syntax/);
  const box = help.locator('..');
  const gap = await box.evaluate((el) => {
    const help = el.querySelector('[data-slot=field-description]')!.getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(el).paddingBottom);
    return el.getBoundingClientRect().bottom - help.bottom - padding;
  });
  // Only the border is left below the help text: no empty line held in reserve.
  expect(gap).toBeLessThanOrEqual(1.5);
});

test.describe('setup result summaries', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/setup/system-admins', (r) =>
      r.fulfill({
        json: {
          results: [
            { email: 'admin1@talentecosystem.demo', status: 'created', password: 'Xk9-pQ2r-77aB' },
            { email: 'admin2@talentecosystem.demo', status: 'already_exists' },
          ],
        },
      }),
    );
    await page.route('**/api/setup/clear-all-users', (r) =>
      r.fulfill({
        json: {
          cleared: {
            auth_users: 34,
            platform_users: true,
            role_assignments: true,
            sessions: true,
            audit_logs: true,
          },
        },
      }),
    );
    await page.goto('/?setup=true');
    await page.getByLabel('Setup confirmation key').fill('a-key-that-the-route-never-checks');
  });

  test('the clear summary puts each value next to its label', async ({ page }) => {
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Clear All Users' }).click();
    const list = page.getByRole('status').filter({ hasText: 'All users cleared successfully!' });
    await expect(list.locator('dl')).toBeVisible();
    const gaps = await list.locator('dl').evaluate((dl) =>
      [...dl.querySelectorAll('dt')].map((dt) => {
        const range = document.createRange();
        range.selectNodeContents(dt);
        const label = range.getBoundingClientRect();
        const dd = dt.nextElementSibling!;
        const valueRange = document.createRange();
        valueRange.selectNodeContents(dd);
        return valueRange.getBoundingClientRect().left - label.right;
      }),
    );
    // The longest label's value follows it by the column gap, not by half the box.
    expect(Math.min(...gaps)).toBeGreaterThan(0);
    expect(Math.min(...gaps)).toBeLessThanOrEqual(40);
  });

  test('on a phone an address wraps at its @, never inside a word', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Create System Admins' }).click();
    const accounts = page.getByRole('list', { name: 'System administrator accounts' });
    await expect(accounts.getByRole('listitem')).toHaveCount(2);
    const lines = await accounts.evaluate((list) => {
      const out: number[] = [];
      const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        const start = text.indexOf('talentecosystem.demo');
        if (start < 0) continue;
        const range = document.createRange();
        range.setStart(n, start);
        range.setEnd(n, start + 'talentecosystem.demo'.length);
        out.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
      }
      return out;
    });
    expect(lines).toEqual([1, 1]);
    await expectAccessible(page);
  });
});
