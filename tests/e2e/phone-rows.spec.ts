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
