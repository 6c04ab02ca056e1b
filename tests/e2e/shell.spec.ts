import { expect, expectAccessible, test, useDemoSession } from './fixtures';

// That every route renders inside the shared layout (sidebar, ecosystem bar,
// demo note) and passes axe is checked by the layout sweep of every screen (support/screen-sweep.ts).
test.describe('every route', () => {
  test('the auth page has no sidebar', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});

test.describe('not-found page', () => {
  test('shows 404 with a way home, without the sidebar', async ({ page, allowConsoleErrors }) => {
    // The document itself is answered with status 404, which Chromium logs.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectAccessible(page, { bestPractice: true });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("carries the product's name and the ways on: dashboards, sign-in, search", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Talent Ecosystem' }),
    ).toHaveAttribute('href', '/');
    const ways = page.getByRole('navigation', { name: 'Ways on' });
    await expect(ways.getByRole('link', { name: 'Dashboards' })).toHaveAttribute('href', '/demo');
    await expect(ways.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await page.getByRole('button', { name: /Search…/ }).click();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('hirehub');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/hirehub$/);
    await expect(page.getByRole('heading', { level: 1, name: 'HireHub' })).toBeVisible();
  });

  test('signed in, offers no Sign in', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await useDemoSession(page);
    await page.goto('/no/such/page');
    const ways = page.getByRole('navigation', { name: 'Ways on' });
    await expect(ways.getByRole('link', { name: 'Dashboards' })).toBeVisible();
    await expect(ways.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
});

test.describe('tab panels', () => {
  test('show a focus ring when the keyboard lands on them', async ({ page }) => {
    await page.goto('/demo/admin?tab=users');
    const tab = page.getByRole('tab', { name: 'Users' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await tab.focus();
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toBeFocused();
    const outline = await panel.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });
});

test.describe('sidebar', () => {
  test('has twelve entries that point at the /demo twins while under /demo', async ({ page }) => {
    await page.goto('/demo');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(12);
    await expect(nav.getByRole('link', { name: 'HireHub' })).toHaveAttribute(
      'href',
      '/demo/hirehub',
    );
    await expect(nav.getByRole('link', { name: 'Final To-Do' })).toHaveAttribute(
      'href',
      '/final-todo',
    );
    await nav.getByRole('link', { name: 'SortStak' }).click();
    await expect(page).toHaveURL(/\/demo\/sortstak$/);
  });

  test('points at the protected screens outside /demo', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/final-todo');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  test('collapses to icons and remembers it', async ({ page }) => {
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    // Still reachable by name when collapsed.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'HireHub' }),
    ).toBeVisible();
  });

  test('opens as a drawer on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Data Mining' }).click();
    await expect(page).toHaveURL(/\/demo\/data-mining$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('persona switcher', () => {
  test('defaults to recruiter and keeps a choice across reloads', async ({ page }) => {
    await page.goto('/demo');
    const group = page.getByRole('group', { name: 'Viewing as' });
    await expect(group.getByRole('button', { name: 'Recruiter' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await group.getByRole('button', { name: 'Talent' }).click();
    await expect(group.getByRole('button', { name: 'Talent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Viewing as' }).getByRole('button', { name: 'Talent' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('selects the persona named in a shared ?persona= link', async ({ page }) => {
    await page.goto('/demo?persona=investor');
    await expect(
      page.getByRole('group', { name: 'Viewing as' }).getByRole('button', { name: 'Investor' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('ecosystem bar', () => {
  test('has five links that open in a new tab without an opener', async ({ page, context }) => {
    await page.goto('/demo');
    const bar = page.getByRole('navigation', { name: 'Ecosystem' });
    const links = bar.getByRole('link');
    await expect(links).toHaveCount(5);
    for (const name of ['Home', 'SortStak', 'Role Builder', 'QRC', 'TalentSpark']) {
      const link = bar.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      bar.getByRole('link', { name: /^SortStak/ }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/demo/sortstak');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
  });
});
