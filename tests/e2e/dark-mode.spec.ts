import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, useDemoSession } from './fixtures';
import { expectDark, expectLight, lightness } from './support/theme';

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

test.describe('dark, with the system preferring it', () => {
  test.use({ colorScheme: 'dark' });

  // Every screen of the layout sweep is checked in dark there too (support/screen-sweep.ts); this one is
  // served by the server on its own, with its own stylesheet.
  test('/sso/demo-callback', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.goto('/sso/demo-callback');
    await settle(page);
    await expectDark(page);
    await expectAccessible(page);
  });

  test('the demo banner is quieter than the cards: no brighter, barely tinted, still legible', async ({
    page,
  }) => {
    await page.goto('/demo');
    await settle(page);
    await expectDark(page);
    const banner = page.getByRole('note').filter({ hasText: 'Demonstration site' });
    const colours = await banner.evaluate((el) => ({
      banner: getComputedStyle(el).backgroundColor,
      // A card's surface (bg-white, slate-900 in dark).
      card: getComputedStyle(document.querySelector('[data-slot="card"], .bg-white')!)
        .backgroundColor,
    }));
    expect(
      lightness(colours.banner),
      `${colours.banner} against ${colours.card}`,
    ).toBeLessThanOrEqual(lightness(colours.card));
    const chroma = /^oklch\([\d.]+%? ([\d.]+)/.exec(colours.banner);
    expect(chroma, colours.banner).not.toBeNull();
    expect(Number(chroma![1]), 'the banner is a dark neutral with a hint of amber').toBeLessThan(
      0.03,
    );
    await expectAccessible(page, { include: ['[role=note]'], colorsOnly: true });
  });

  test('the account menu and its theme choice', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/demo');
    await settle(page);
    await page
      .getByRole('button', { name: /^Account:/ })
      .first()
      .click();
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeVisible();
    // The open menu is modal: the page behind it is hidden from assistive technology.
    await expectAccessible(page, { exclude: ['[aria-hidden="true"]'] });
  });
});

test.describe('dialogs in dark', () => {
  test.use({ colorScheme: 'dark' });

  test('a dialog is dark over a dimmed page, not a light veil', async ({ page }) => {
    test.setTimeout(120_000);
    await useDemoSession(page);
    await page.goto('/admin?tab=users');
    await settle(page);
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await expect(dialog).toBeVisible();
    const overlay = await page.evaluate(
      () => getComputedStyle(document.elementFromPoint(2, 400)!).backgroundColor,
    );
    expect(lightness(overlay), `the overlay (${overlay}) is dark`).toBeLessThan(0.3);
    const surface = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(lightness(surface), 'the dialog is dark').toBeLessThan(0.3);
    await expectAccessible(page, { exclude: ['[aria-hidden="true"]'] });
  });
});

test.describe('no flash of the wrong theme: the first paint needs no script', () => {
  test.beforeEach(async ({ page, allowConsoleErrors }) => {
    // Every script is blocked: the page's loader reports each module it cannot fetch.
    allowConsoleErrors(
      /ERR_FAILED|Failed to load resource|Failed to fetch dynamically imported module/,
    );
    await page.route('**/*.js', (route) => route.abort());
  });

  /** The document as the browser paints it before any script (all scripts are blocked). */
  async function firstPaint(page: Page, path: string) {
    const response = await page.goto(path, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    return (await response!.text()).match(/<html[^>]*>/)![0];
  }

  for (const path of ['/', '/demo', '/admin']) {
    test(`${path} is dark when the system prefers dark`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await firstPaint(page, path)).not.toContain('data-theme');
      await expectDark(page);
      expect(
        await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme),
      ).toBe('light dark');
    });

    test(`${path} is light when the cookie says light and the system prefers dark`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await context.addCookies([{ name: 'ted_theme', value: 'light', url: baseURL! }]);
      expect(await firstPaint(page, path)).toContain('data-theme="light"');
      await expectLight(page);
    });

    test(`${path} is dark when the cookie says dark and the system prefers light`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await context.addCookies([{ name: 'ted_theme', value: 'dark', url: baseURL! }]);
      expect(await firstPaint(page, path)).toContain('data-theme="dark"');
      await expectDark(page);
    });
  }

  test('without a choice and with the system preferring light, nothing changes', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await firstPaint(page, '/demo');
    await expectLight(page);
  });
});

test.describe('the theme choice in the account menu', () => {
  test('Dark, chosen with the keyboard, holds across a reload; System forgets it', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await useDemoSession(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/demo');
    await settle(page);
    await expectLight(page);

    const trigger = page.getByRole('button', { name: /^Account:/ }).first();
    await trigger.focus();
    await page.keyboard.press('Enter');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('menuitemradio')).toHaveText(['System', 'Light', 'Dark']);
    await expect(theme.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const dark = theme.getByRole('menuitemradio', { name: 'Dark' });
    // One key at a time, each waited for: a key pressed before the last one has moved the focus
    // would be taken for one more and pass Dark by.
    const items = page.getByRole('menu').locator('[role^="menuitem"]:not([data-disabled])');
    const names = await items.evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));
    const steps = names.indexOf('Dark');
    expect(steps, names.join(', ')).toBeGreaterThan(0);
    await expect(items.first()).toBeFocused();
    for (let i = 1; i <= steps; i++) {
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(i)).toBeFocused();
    }
    await expect(dark).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectDark(page);
    expect((await context.cookies()).find((c) => c.name === 'ted_theme')).toMatchObject({
      value: 'dark',
      sameSite: 'Lax',
      httpOnly: false,
    });

    const response = await page.reload();
    expect(await response!.text()).toMatch(/<html[^>]*data-theme="dark"/);
    await settle(page);
    await expectDark(page);
    await trigger.click();
    await expect(dark).toHaveAttribute('aria-checked', 'true');

    await theme.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expectLight(page);
    expect((await context.cookies()).find((c) => c.name === 'ted_theme')).toBeUndefined();
    await page.reload();
    await settle(page);
    await expectLight(page);
  });
});
