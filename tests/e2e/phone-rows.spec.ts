import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { openAdminTab } from './support/admin-security';

/**
 * Record tables on a phone (docs/product/quality.md#phone-tables): a table whose columns say
 * where they sit shows each record as one compact row — its name, one line under it, a status
 * and the actions at its right — not a card of label and value lines, so that a 390×844 screen
 * shows several at once. The other columns stay cells of the row for screen readers.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** How many of the table's rows start on the screen once the table's top is at its top. */
async function rowsOnFirstScreen(page: Page, table: Locator) {
  await table.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const tops = await table
    .getByRole('row')
    .evaluateAll((all) => all.slice(1).map((r) => r.getBoundingClientRect().top));
  return tops.filter((t) => t >= 0 && t < 844).length;
}

/** The cells laid out as nothing on screen (read by screen readers only). */
const invisible = (cells: Locator) =>
  cells.evaluateAll((all) =>
    all.map((c) => {
      const box = c.getBoundingClientRect();
      return box.width * box.height <= 1;
    }),
  );

test('HireHub orders: the customer, "id · total · placed", the status', async ({ page }) => {
  await useDemoSession(page);
  await page.goto('/hirehub?tab=orders');
  const table = page.getByRole('table', { name: 'Recent orders' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const line = row.locator('[data-slot="phone-line"]');
  await expect(line).toBeVisible();
  await expect(line).toHaveText(/^ORD-[\w-]+ · \$[\d,.]+ · .+$/);
  expect((await row.boundingBox())!.height).toBeLessThan(80);
  expect(await rowsOnFirstScreen(page, table)).toBeGreaterThanOrEqual(6);
  // Order details, Items and Cross-platform are cells, not lines, on a phone.
  expect(await invisible(row.getByRole('cell'))).toEqual([
    true,
    false,
    true,
    true,
    true,
    false,
    true,
    true,
  ]);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectAccessible(page, { bestPractice: true });
});

test('Security tab applications: name and address, "type · credentials", status, actions', async ({
  page,
}) => {
  await openAdminTab(page, 'security');
  const table = page.getByRole('table', { name: 'Registered applications' });
  const row = table.getByRole('row').filter({ hasText: 'HireHub' });
  await expect(row.locator('[data-slot="phone-line"]')).toHaveText(
    'Marketplace · API key · webhook secret',
  );
  await expect(
    row.getByRole('button', { name: 'Request access to HireHub credentials' }),
  ).toBeVisible();
  expect((await row.boundingBox())!.height).toBeLessThan(90);
  expect(await rowsOnFirstScreen(page, table)).toBeGreaterThanOrEqual(5);
  expect(await hasHorizontalOverflow(page)).toBe(false);
  await expectAccessible(page, { bestPractice: true });
});

/**
 * The dashboards' lists: each record is one row of its name, a line of its key facts and, where
 * it has one, its status or action, so that a 390×844 screen shows five or more (they were cards
 * of 180 to 280 px each).
 */
const DASHBOARD_TABLES = [
  { path: '/demo/hirehub?tab=inventory', table: 'Inventory', line: /^\S+ · [\d,]+ on hand$/ },
  { path: '/demo/role-builder?tab=roles', table: 'Roles', line: /^.+ · .+$/ },
  { path: '/demo/role-builder?tab=templates', table: 'Role templates', line: / · [\d,]+ roles$/ },
  { path: '/demo/qrc?tab=checks', table: 'Recent checks', line: /^.+ · \d+\/100$/ },
  { path: '/demo/qrc?tab=templates', table: 'Check templates', line: / · \d+ checks$/ },
  {
    path: '/demo/qrc?tab=performance',
    table: 'Performance by role',
    line: / checks · score \d+\/100 · \d+% pass$/,
  },
  { path: '/demo/sortstak?tab=pipelines', table: 'Pipelines', line: /^\S+ · \d+% · / },
  { path: '/demo/sortstak?tab=quality', table: 'Open quality issues', line: / records$/ },
  { path: '/demo/sortstak?tab=privacy', table: 'Data subject requests', line: / · due / },
  { path: '/demo/sortstak?tab=api', table: 'API endpoints', line: /^\S+ · p95 \d+ ms$/ },
  { path: '/demo/sortstak?tab=api', table: 'API clients', line: / · expires / },
  { path: '/demo/talentmls?tab=listings', table: 'Job Listings', line: /^.+ · .+$/ },
  { path: '/demo/talentmls?tab=employers', table: 'Employers', line: /^\d+ open jobs · ★ \d\.\d$/ },
  { path: '/demo/talentmls?tab=payments', table: 'Payments', line: /^\S+ · \$[\d,.]+ · .+$/ },
  { path: '/demo/talentspark?tab=profiles', table: 'Talent profiles', line: /^.+, .+$/ },
  {
    path: '/demo/talentspark?tab=skills',
    table: 'Skills and certifications',
    line: / certified · .+ pending · \d+% pass$/,
  },
  { path: '/demo/talentspark?tab=training', table: 'Training programs', line: / · \d+% complete$/ },
  {
    path: '/demo/ip-filters?tab=blocks',
    table: 'Recent blocks',
    line: /^203\.0\.113\.42 · HireHub · 2 min ago$/,
  },
  {
    path: '/demo/settings?tab=global',
    table: 'Global settings',
    line: /^Talent Ecosystem · General$/,
  },
  { path: '/demo/data-mining?tab=jobs', table: 'Mining jobs', line: /^.+ · .+ · \d+% done$/ },
  {
    path: '/demo/data-mining?tab=datasets',
    table: 'Datasets',
    line: /^[\w -]+ · [\d,]+ records · .+ ago$/,
  },
  {
    path: '/demo/health?tab=servers',
    table: 'Servers',
    line: /^[\w-]+ · CPU \d+% · Memory \d+% · Disk \d+%$/,
  },
  {
    path: '/demo/health?tab=api',
    table: 'Endpoints',
    line: /^[\w ]+ · p95 [\d,]+ ms · \d+\.\d\d% success$/,
  },
  {
    path: '/demo/health?tab=incidents',
    table: 'Incidents',
    line: /^\w+ · (Low|Medium|High|Critical) severity · .+ · .+$/,
  },
  {
    path: '/demo/settings?tab=platforms',
    table: 'Platform configuration',
    line: /^(.+ on)?( · )?(.+ off)? · (synced \d+ min ago|syncing now)$/,
  },
  {
    path: '/demo/settings?tab=security',
    table: 'API credentials',
    line: /^\S+ · (expires|expired) .+ · [\d,]+ requests in 30 days$/,
  },
  {
    path: '/demo/ip-filters?tab=geographic',
    table: 'Geographic rules',
    line: /^HireHub, SortStak and 3 more · 48,210 users$/,
  },
  {
    path: '/demo/ip-filters?tab=threats',
    table: 'Threat feeds',
    line: /^Spamhaus DROP · 1,240 indicators · 5 min ago$/,
  },
  {
    path: '/demo/settings?tab=backup',
    table: 'Backups',
    line: /^Today 02:00 · 48\.2 GB · kept 30 days$/,
  },
  {
    path: '/demo/settings?tab=backup',
    table: 'Audit log',
    line: /^admin@talent-ecosystem\.example · All platforms · Today 13:52$/,
  },
];

for (const { path, table: name, line } of DASHBOARD_TABLES) {
  test(`${name} (${path}): one compact row per record, five or more on a screen`, async ({
    page,
  }) => {
    await page.goto(path);
    const table = page.getByRole('table', { name, exact: true });
    const row = table.getByRole('row').nth(1);
    await expect(row.locator('[data-slot="phone-line"]')).toHaveText(line);
    expect((await row.boundingBox())!.height).toBeLessThan(100);
    expect(await rowsOnFirstScreen(page, table)).toBeGreaterThanOrEqual(5);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page, { include: ['[role=tabpanel]'], bestPractice: true });
  });
}

/**
 * A row whose box is cut: its name or its line of facts wider than itself (cut by the row, or
 * ending in an ellipsis), or any of its parts past the row's right edge or the screen's.
 */
const cutRows = (table: Locator) =>
  table.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).flatMap((row) => {
      const edge = Math.min(
        row.getBoundingClientRect().right,
        document.documentElement.clientWidth,
      );
      const cells = [...row.querySelectorAll<HTMLElement>('[role=cell]')].filter(
        (c) => c.getBoundingClientRect().width * c.getBoundingClientRect().height > 1,
      );
      const parts = [...cells, ...row.querySelectorAll<HTMLElement>('[data-slot="phone-line"]')];
      return parts
        .filter(
          (el) =>
            el.scrollWidth > el.clientWidth + 1 ||
            getComputedStyle(el).textOverflow === 'ellipsis' ||
            el.getBoundingClientRect().right > edge + 0.5,
        )
        .map((el) => `${row.textContent?.slice(0, 40)}: ${el.textContent?.slice(0, 60)}`);
    }),
  );

/** Every dashboard list: rows on a 320 px phone too, none of them cut. */

for (const width of [390, 320]) {
  test.describe(`at ${width}×700`, () => {
    test.use({ viewport: { width, height: 700 } });

    for (const { path, table: name } of DASHBOARD_TABLES) {
      test(`${name}: rows, none cut, five or more on a screen`, async ({ page }) => {
        await page.goto(path);
        const table = page.getByRole('table', { name, exact: true });
        const row = table.getByRole('row').nth(1);
        await expect(row.locator('[data-slot="phone-line"]')).toBeVisible();
        expect(await cutRows(table)).toEqual([]);
        const heights = await table
          .getByRole('row')
          .evaluateAll((all) => all.slice(1).map((r) => r.getBoundingClientRect().height));
        // Five or more rows on a 700 px screen: none taller than 140 px (a name beside a status
        // and an action had 85 px of a 320 px row, and its rows grew to 190 px).
        expect(Math.max(...heights), `${name} at ${width} px`).toBeLessThanOrEqual(140);
        expect(await hasHorizontalOverflow(page)).toBe(false);
      });
    }
  });
}

test.describe('at 320×640', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a line of facts beside a long status wraps rather than cut a fact off', async ({
    page,
  }) => {
    await page.goto('/demo/talentmls?tab=listings');
    const lines = page
      .getByRole('table', { name: 'Job Listings', exact: true })
      .locator('[data-slot="phone-line"]');
    await expect(lines.first()).toBeVisible();
    const cut = await lines.evaluateAll((all) =>
      all.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
    );
    expect(cut).toEqual([]);
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});
