import type { Locator, Page } from '@playwright/test';
import { expect, test, useDemoSession } from './fixtures';

/**
 * Ids never wrap; long emails stay on one line, cut with an ellipsis, with the
 * whole value as a tooltip and in the page for screen readers.
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/** How many lines the element's text is laid out on (distinct line boxes of its text). */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return tops.size;
  });
}

async function textElements(page: Page, pattern: RegExp): Promise<Locator[]> {
  const main = page.getByRole('main');
  await expect(main.getByText(pattern).first()).toBeVisible();
  return main.getByText(pattern).all();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('order ids stay on one line', async ({ page }) => {
      await page.goto('/demo/hirehub');
      const ids = await textElements(page, /^ORD-\d+$/);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        if (!(await id.isVisible())) continue;
        expect(await linesOf(id), await id.innerText()).toBe(1);
      }
    });

    test('emails in the users table stay on one line with the whole address as a tooltip', async ({
      page,
    }) => {
      await useDemoSession(page);
      await page.goto('/admin?tab=users');
      const table = page.getByRole('table', { name: 'Platform users' });
      const email = table.getByText(/^[^\s@]+@[^\s@]+\.example$/);
      // The table shows before its rows arrive.
      await expect(email.first()).toBeVisible();
      const emails = await email.all();
      expect(emails.length).toBeGreaterThan(0);
      for (const email of emails) {
        const value = await email.evaluate((el) => el.textContent ?? '');
        expect(await linesOf(email), value).toBe(1);
        await expect(email).toHaveAttribute('title', value);
      }
    });
  });
}
