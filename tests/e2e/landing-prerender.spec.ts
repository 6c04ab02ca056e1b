import { expect, test, useDemoSession } from './fixtures';

/**
 * docs/product/quality.md#landing-budget: `/` is pre-rendered at build time and hydrated, so its content
 * paints before any script runs, and nothing moves when the script takes over.
 */

test('paints the landing page from its HTML, with scripts turned off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Five hiring platforms. One connected ecosystem.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Integrated Platform Ecosystem' })).toBeVisible();
  await expect(page.getByText('Mock authentication only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo Admin Portal' }).first()).toHaveAttribute(
    'href',
    '/auth',
  );
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(12);
  await context.close();
});

test('takes the visitor’s persona, sidebar and session once hydrated', async ({ page }) => {
  await useDemoSession(page);
  await page.addInitScript(() => {
    localStorage.setItem('ted.persona', 'investor');
    localStorage.setItem('ted.sidebar.collapsed', 'true');
  });
  await page.goto('/');
  await expect(
    page.getByRole('group', { name: 'Viewing as' }).getByRole('button', { name: 'Investor' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('group', { name: 'Viewing as' }).getByRole('button', { name: 'Recruiter' }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account: Demo User' })).toBeVisible();
});

test('signs out from the landing page with the toast of docs/product/sign-in.md#mock-texts', async ({
  page,
}) => {
  await useDemoSession(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Account: Demo User' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Demo logout successful')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account: Demo User' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ted.auth.session'))).toBeNull();
});

test('does not shift its layout while it loads and hydrates', async ({ page }) => {
  // The font is held back: text stays in the fallback font (font-display: optional never swaps
  // it in later), so any shift measured here is the page's own doing, not the network's timing.
  await page.route('**/*.woff2', () => new Promise(() => {}));
  await page.addInitScript(() => {
    (window as unknown as { shifts: number[] }).shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput)
          (window as unknown as { shifts: number[] }).shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // The held font keeps the load event from firing.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Hydrated: the persona switcher answers clicks (a click before hydration does nothing).
    const talent = page.getByRole('button', { name: 'Talent', exact: true });
    await expect(async () => {
      await talent.click();
      await expect(talent).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Recruiter', exact: true }).click();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts, `layout shifts at ${width} px`).toEqual([]);
  }
});

test('fetches no script before its first paint, and then hydrates', async ({ page }) => {
  await page.goto('/');
  // Hydrated: the persona switcher answers clicks (a click before hydration does nothing).
  const talent = page.getByRole('button', { name: 'Talent', exact: true });
  await expect(async () => {
    await talent.click();
    await expect(talent).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter(
        (r) => (r as PerformanceResourceTiming).initiatorType === 'script' || /\.js$/.test(r.name),
      )
      .map((r) => ({ name: r.name, startTime: r.startTime })),
  }));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.startTime, script.name).toBeGreaterThanOrEqual(paint);
  }
  // As served, the document's one script is the inline starter: no entry script, no preload.
  const html = await (await page.request.get('/')).text();
  expect(html).not.toMatch(/<script[^>]* src=|modulepreload/);
  expect(html.match(/<script(?![^>]*application\/json)[^>]*>/g)).toEqual(['<script id="starter">']);
});

test('the landing page paints in a face shaped like Inter, asking for no web font before', async ({
  page,
}) => {
  // No font arrives: what the page paints and keeps is the local face.
  await page.route('**/*.woff2', () => new Promise(() => {}));
  await page.goto('/');
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  const faces = await page.evaluate(() =>
    // size-adjust is in Chromium's FontFace, not yet in TypeScript's DOM types.
    ([...document.fonts] as (FontFace & { sizeAdjust: string })[])
      .filter((face) => face.family.replace(/["']/g, '') === 'Inter Fallback')
      .map((face) => ({
        weight: face.weight,
        sizeAdjust: face.sizeAdjust,
        ascent: face.ascentOverride,
        descent: face.descentOverride,
        lineGap: face.lineGapOverride,
      })),
  );
  expect(faces).toEqual([
    {
      weight: '100 500',
      sizeAdjust: '107%',
      ascent: '90.54%',
      descent: '22.54%',
      lineGap: '0%',
    },
    {
      weight: '600 900',
      sizeAdjust: '101.5%',
      ascent: '95.44%',
      descent: '23.76%',
      lineGap: '0%',
    },
  ]);
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Inter Fallback", /);
  await page.waitForLoadState('load');
  // The first paint came before any font was asked for (the document and its inline styles).
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
    fonts: performance
      .getEntriesByType('resource')
      .filter((r) => /\.woff2$/.test(r.name))
      .map((r) => r.startTime),
  }));
  for (const start of timing.fonts) expect(start).toBeGreaterThanOrEqual(timing.paint);
});

test('once loaded, the landing page takes Inter, and nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-font', 'inter');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Inter Landing", "Inter Fallback", /);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Landing"'))).toBe(true);
  // One file: the Latin one.
  expect(fonts).toEqual([
    expect.stringMatching(/\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
  ]);
  // The fallback is shaped like Inter: the swap moves nothing that counts (Chromium measures a
  // few millionths for the glyphs' sub-pixel differences; Lighthouse shows CLS to 0.001).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(
    0.0005,
  );
});

test('the other pages keep Inter', async ({ page }) => {
  await page.goto('/demo');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Inter Variable", "Inter Fallback", /);
});
