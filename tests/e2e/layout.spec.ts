import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sweepScreens } from './support/screen-sweep';

// The public site's pages and the sign-on step; the screens' parts are `layout-<part>.spec.ts`.
sweepScreens('site');

test.describe('tabs', () => {
  const outline = (page: Page, name: string) =>
    page
      .getByRole('tab', { name, exact: true })
      .evaluate((el) => getComputedStyle(el).outlineStyle);

  test('a mouse click shows the selected tab without a focus ring; the keyboard shows it', async ({
    page,
  }) => {
    await page.goto('/demo/hirehub');
    await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Inventory', exact: true })).toBeFocused();
    expect(await outline(page, 'Inventory')).toBe('none');

    await page.keyboard.press('ArrowLeft');
    const first = await page.getByRole('tab').first().innerText();
    await expect(page.getByRole('tab', { name: first, exact: true })).toBeFocused();
    expect(await outline(page, first)).toBe('solid');
  });
});

test.describe('layout', () => {
  test('the persona switcher sits in the sidebar on a laptop and in a bottom bar on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/demo/hirehub');
    const group = page.getByRole('group', { name: 'Viewing as' });
    await expect(group).toHaveCount(1);
    const sidebar = page.getByRole('complementary').filter({ has: page.getByRole('navigation') });
    // Whole from the first paint, before any scroll.
    await expect(sidebar.getByRole('group', { name: 'Viewing as' })).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar.getByRole('button', { name: 'Talent' })).toBeInViewport({ ratio: 1 });
    const [aside, main] = await Promise.all([
      sidebar.boundingBox(),
      page.locator('main').boundingBox(),
    ]);
    const talent = await sidebar.getByRole('button', { name: 'Talent' }).boundingBox();
    expect(talent!.x + talent!.width).toBeLessThanOrEqual(aside!.x + aside!.width);
    expect(talent!.x + talent!.width).toBeLessThanOrEqual(main!.x);

    await page.setViewportSize({ width: 390, height: 844 });
    const bar = page.getByRole('complementary', { name: 'Persona' });
    await expect(bar.getByRole('group', { name: 'Viewing as' })).toBeVisible();
    // The page keeps the bar's height free below its end: its last line is never under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [barBox, lastBox] = await Promise.all([
      bar.boundingBox(),
      page.locator('main > *').last().boundingBox(),
    ]);
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(barBox!.y);
  });

  test('on a phone each bar takes one line and the landing page has one header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/demo/hirehub']) {
      await page.goto(path);
      const ecosystem = await page.getByRole('navigation', { name: 'Ecosystem' }).boundingBox();
      const banner = await page.getByRole('note').boundingBox();
      expect(ecosystem!.height, `${path}: ecosystem bar`).toBeLessThanOrEqual(32);
      expect(banner!.height, `${path}: demo banner`).toBeLessThanOrEqual(36);
      // One app bar: one title leading home, one menu button.
      const titles = page.getByRole('link', { name: /^Talent Ecosystem/ });
      await expect(titles.filter({ visible: true }), `${path}: headers`).toHaveCount(1);
      const menu = page.getByRole('button', { name: 'Open navigation' });
      await expect(menu).toHaveCount(1);
      await expect(menu).toBeVisible();
    }
  });
});
