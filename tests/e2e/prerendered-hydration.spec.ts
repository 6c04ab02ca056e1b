import { expect, test } from './fixtures';

/**
 * docs/product/quality.md#landing-budget: a pre-rendered page is taken over by its script without
 * being built again. Hydration keeps the markup it finds (a mismatch would make React render the
 * page anew, and throw away the nodes the reader already sees), and the code that arrives after
 * the first paint does not link the stylesheet the page already carries inline (restyling the
 * whole page once more).
 */

type Watch = { main: Element | null; stylesheets: string[] };

for (const path of ['/', '/auth', '/demo/admin', '/demo/hirehub', '/demo/health']) {
  test(`${path} hydrates the markup it was served with`, async ({ page }) => {
    const cssRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') cssRequests.push(request.url());
    });
    await page.addInitScript(() => {
      const watch: Watch = { main: null, stylesheets: [] };
      (window as unknown as { watch: Watch }).watch = watch;
      document.addEventListener('DOMContentLoaded', () => {
        watch.main = document.querySelector('#root main');
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
                watch.stylesheets.push(node.href);
        }).observe(document.head, { childList: true });
      });
    });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    // Lazily loaded parts (the toaster, charts near the screen) come in after the ready mark.
    await page.waitForLoadState('networkidle');
    const result = await page.evaluate(() => {
      const { watch } = window as unknown as { watch: Watch };
      return {
        kept: watch.main !== null && watch.main === document.querySelector('#root main'),
        stylesheets: watch.stylesheets,
      };
    });
    expect(result.kept, 'the pre-rendered <main> is still the one on screen').toBe(true);
    expect(result.stylesheets, 'stylesheets linked after the first paint').toEqual([]);
    expect(cssRequests, 'stylesheets fetched').toEqual([]);
  });
}

test('the sign-in portal shows its demo forms from its HTML, with scripts turned off', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Admin Portal' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Demo Sign In' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await context.close();
});
