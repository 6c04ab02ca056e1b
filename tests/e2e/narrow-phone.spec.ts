import { SCREEN_SLUGS } from '../../src/shared/routes';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  hasHorizontalOverflow,
  test,
  trackRequests,
  useDemoSession,
} from './fixtures';

/**
 * The stacked cards of a table on the narrowest phones: below 18rem of card (a 320 px screen) the
 * label column would be too narrow for a long label ("ENGAGEMENT" broke before its last letter),
 * so each label goes above its value; on wider cards it stays beside it.
 */
test('at 320 px each label of a stacked card sits above its value, whole', async ({ page }) => {
  await useDemoSession(page);
  const labelsOfFirstCard = async () => {
    // Data Mining's discovered patterns stay stacked cards on a phone (the lists people scan
    // are compact rows), and one of their labels is long: Confidence.
    await page.goto('/demo/data-mining?tab=patterns');
    const cells = page
      .getByRole('table', { name: 'Discovered patterns' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell');
    await expect(cells.first()).toBeVisible();
    return cells.evaluateAll((all) =>
      all
        .filter((c) => c.getAttribute('data-label'))
        .map((c) => {
          // Whether the label's longest word fits the room it has: the width of its float, or of
          // the whole cell when it sits above the value.
          const before = getComputedStyle(c, '::before');
          const label = c.getAttribute('data-label') ?? '';
          const pen = document.createElement('canvas').getContext('2d')!;
          pen.font = `${before.fontWeight} ${before.fontSize} ${before.fontFamily}`;
          const spacing = parseFloat(before.letterSpacing) || 0;
          const longest = Math.max(
            ...label
              .toUpperCase()
              .split(/[\s-]/)
              .map((w) => pen.measureText(w).width + spacing * w.length),
          );
          const room =
            before.float === 'none'
              ? c.clientWidth - parseFloat(getComputedStyle(c).paddingLeft)
              : parseFloat(before.width);
          return { label, float: before.float, fits: longest <= room };
        }),
    );
  };

  await page.setViewportSize({ width: 320, height: 844 });
  const narrow = await labelsOfFirstCard();
  expect(narrow.map((l) => l.label)).toContain('Confidence');
  for (const l of narrow) expect(l).toEqual({ label: l.label, float: 'none', fits: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await labelsOfFirstCard();
  for (const l of phone) expect(l).toEqual({ label: l.label, float: 'left', fits: true });
});

test('no screen scrolls sideways at 320 px', async ({ page }) => {
  test.setTimeout(120_000);
  await useDemoSession(page);
  const requests = trackRequests(page);
  await page.setViewportSize({ width: 320, height: 844 });
  for (const path of ['/', '/final-todo', '/demo', '/auth', ...SCREEN_SLUGS.map((s) => `/${s}`)]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await requests.settled();
    expect(await hasHorizontalOverflow(page), path).toBe(false);
  }
  // The users tab's toolbar: search, filters, sort, view and export.
  await page.goto('/admin?tab=users');
  await expect(page.getByRole('checkbox', { name: /^Select / }).first()).toBeVisible();
  expect(await hasHorizontalOverflow(page)).toBe(false);
});

/** How far each tab of the page's main tab list reaches past the screen's sides (none: 0). */
const tabsPastEdges = (page: Page) =>
  page
    .getByRole('tablist')
    .first()
    .getByRole('tab')
    .evaluateAll((tabs) =>
      tabs
        .map((t) => {
          const box = t.getBoundingClientRect();
          const past = Math.max(0, -box.left, box.right - document.documentElement.clientWidth);
          return { tab: t.textContent ?? '', past: Math.round(past) };
        })
        .filter((t) => t.past > 0),
    );

test('on a phone every tab of a dashboard is in sight, none past the edge', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    for (const slug of SCREEN_SLUGS) {
      await page.goto(`/demo/${slug}`);
      await expect(page.getByRole('tab').first()).toBeVisible();
      expect(await tabsPastEdges(page), `/demo/${slug} at ${width} px`).toEqual([]);
    }
  }
});

test('at 390 px the keyboard walks the settings tabs to the last one, in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/settings');
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(5);
  expect(await tabsPastEdges(page)).toEqual([]);
  await tabs.first().focus();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(i)).toBeFocused();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
  }
  await expect(tabs.last()).toBeInViewport({ ratio: 1 });
  expect(await tabsPastEdges(page)).toEqual([]);
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(count - 2)).toBeFocused();
  await expectAccessible(page, { bestPractice: true });
});

test('at 320 px the ecosystem links and the demo banner read whole', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 844 });
  for (const path of ['/', '/demo/settings']) {
    await page.goto(path);
    const links = page.getByRole('navigation', { name: 'Ecosystem' }).getByRole('link');
    await expect(links).toHaveCount(5);
    const clipped = await links.evaluateAll((all) =>
      all
        .map((a) => {
          const box = a.getBoundingClientRect();
          let cut = a.scrollWidth > a.clientWidth;
          for (let p = a.parentElement; p; p = p.parentElement) {
            const outer = p.getBoundingClientRect();
            const clips = getComputedStyle(p).overflowX !== 'visible';
            if (clips && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)) cut = true;
          }
          if (box.left < 0 || box.right > document.documentElement.clientWidth) cut = true;
          return { link: a.textContent ?? '', cut };
        })
        .filter((l) => l.cut),
    );
    expect(clipped, `${path}: ecosystem links cut off`).toEqual([]);
    // The phone's wording of the banner, whole: nothing ends in an ellipsis or past its box.
    const words = page.getByRole('note').getByText('mock data, sign-in disabled, SSO simulated.');
    await expect(words).toBeVisible();
    const cut = await words.evaluate((el) => {
      const style = getComputedStyle(el);
      return (
        style.textOverflow === 'ellipsis' ||
        el.scrollWidth > el.clientWidth ||
        el.getBoundingClientRect().right > document.documentElement.clientWidth
      );
    });
    expect(cut, `${path}: demo banner cut short`).toBe(false);
  }
});
