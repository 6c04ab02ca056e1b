import type { Page } from '@playwright/test';
import { expect, test, useDemoSession } from './fixtures';
import {
  expectTilesBeforeTabs,
  selectTab,
  statValue,
  visitTabsAccessibly,
  type TabCheck,
} from './support/dashboards';

const PRIORITIES = ['Critical', 'High', 'Medium', 'Low'];
const CATEGORIES = [
  'Security',
  'Infrastructure',
  'Integrations',
  'Compliance',
  'Quality',
  'Launch',
];

const TABS: TabCheck[] = [
  {
    name: 'By Priority',
    check: async (panel) => {
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(PRIORITIES);
      await expect(panel.getByRole('checkbox')).toHaveCount(20);
      const critical = panel.getByRole('region', { name: 'Critical' });
      await expect(critical.getByRole('checkbox')).toHaveCount(5);
      await expect(critical.getByText('2 of 5 done')).toBeVisible();
    },
  },
  {
    name: 'By Category',
    check: async (panel) => {
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(CATEGORIES);
      await expect(panel.getByRole('checkbox')).toHaveCount(20);
      await expect(
        panel.getByRole('region', { name: 'Security' }).getByRole('checkbox'),
      ).toHaveCount(4);
    },
  },
];

/** The percentage on a progress bar of the overview. */
const bar = (page: Page, name: string) =>
  page.getByRole('progressbar', { name: `${name} progress`, exact: true });

async function expectProgress(page: Page, expected: Record<string, number>) {
  for (const [name, percent] of Object.entries(expected)) {
    await expect(bar(page, name), `${name} progress`).toHaveAttribute(
      'aria-valuenow',
      String(percent),
    );
  }
}

const task = (page: Page, title: string) =>
  page.getByRole('tabpanel').getByRole('checkbox', { name: title, exact: true });

for (const signedIn of [false, true]) {
  test.describe(`/final-todo ${signedIn ? 'signed in' : 'signed out'}`, () => {
    test.beforeEach(async ({ page }) => {
      if (signedIn) await useDemoSession(page);
      await page.goto('/final-todo');
      await expect(page).toHaveURL(/\/final-todo$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Final To-Do' })).toBeVisible();
    });

    test(`opens with stat tiles and the progress overview, then shows both tabs${signedIn ? ', accessibly' : ''}`, async ({
      page,
    }) => {
      await expectTilesBeforeTabs(page, 'Hours remaining');
      await expect(statValue(page, 'Overall progress')).toHaveText('20%');
      await expect(page.getByText('4 of 20 tasks done').first()).toBeVisible();
      await visitTabsAccessibly(page, TABS, { axe: signedIn });
    });
    // No tab scrolls sideways on a phone: the layout sweep (support/screen-sweep.ts).
  });
}

test.describe('ticking tasks', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/final-todo');
  });

  test('moves the overall, priority and category progress to the right percentages', async ({
    page,
  }) => {
    // Four of twenty done to start: two of five Critical, one of four Security.
    await expectProgress(page, {
      Overall: 20,
      'Critical priority': 40,
      'High priority': 17,
      'Medium priority': 20,
      'Low priority': 0,
      'Security category': 25,
      'Infrastructure category': 50,
      'Integrations category': 33,
      'Quality category': 0,
    });

    // A Critical, Security task.
    const rotate = task(page, 'Rotate the setup confirmation key after first start');
    await expect(rotate).not.toBeChecked();
    await rotate.check();
    await expect(rotate).toBeChecked();
    await expectProgress(page, { Overall: 25, 'Critical priority': 60, 'Security category': 50 });
    await expect(statValue(page, 'Overall progress')).toHaveText('25%');
    await expect(statValue(page, 'Critical tasks open')).toHaveText('2');

    // A Low, Quality task, ticked from the other view.
    await selectTab(page, 'By Category');
    await expect(task(page, 'Rotate the setup confirmation key after first start')).toBeChecked();
    await task(page, 'Audit the accessibility of every dashboard').check();
    await expectProgress(page, { Overall: 30, 'Low priority': 25, 'Quality category': 33 });

    // Unticking a task that started done.
    await task(page, 'Enforce server-side role checks on every admin route').uncheck();
    await expectProgress(page, { Overall: 25, 'Critical priority': 40, 'Security category': 25 });
    await expect(page.getByText('5 of 20 tasks done').first()).toBeVisible();
  });

  test('ticks a task by clicking its title', async ({ page }) => {
    await page.locator('label', { hasText: /^Write the launch announcement$/ }).click();
    await expect(task(page, 'Write the launch announcement')).toBeChecked();
    await expectProgress(page, { 'Medium priority': 40, 'Launch category': 33 });
  });

  test('keeps ticks in page memory only: a reload starts over', async ({ page }) => {
    await task(page, 'Publish the GDPR record of processing').check();
    await expectProgress(page, { Overall: 25, 'High priority': 33, 'Compliance category': 33 });
    await page.reload();
    await expect(task(page, 'Publish the GDPR record of processing')).not.toBeChecked();
    await expectProgress(page, { Overall: 20, 'High priority': 17, 'Compliance category': 0 });
  });

  test('Reset checklist returns to the starting state', async ({ page }) => {
    await task(page, 'Hold the go-live retrospective').check();
    await task(page, 'Switch production to a managed PostgreSQL database').uncheck();
    await expectProgress(page, { Overall: 20, 'Low priority': 25, 'Critical priority': 20 });
    await page.getByRole('button', { name: 'Reset checklist' }).click();
    await expectProgress(page, { Overall: 20, 'Low priority': 0, 'Critical priority': 40 });
    await expect(task(page, 'Switch production to a managed PostgreSQL database')).toBeChecked();
  });

  test('shows each task with its details and what it waits on', async ({ page }) => {
    const item = page.getByRole('listitem').filter({
      has: page.getByRole('checkbox', {
        name: 'Feed TalentSpark profiles into TalentMLS matching',
      }),
    });
    await expect(
      task(page, 'Feed TalentSpark profiles into TalentMLS matching'),
    ).toHaveAccessibleDescription(/Verified talent profiles appear as candidates/);
    for (const text of [
      'Medium',
      'Integrations',
      '10 h',
      'Waiting on 1',
      'Send Quick Role Check results to Role Builder',
      'Uses the talent_matching mining algorithm.',
    ]) {
      await expect(item).toContainText(text);
    }
    await task(page, 'Send Quick Role Check results to Role Builder').check();
    await expect(item).toContainText('Ready');
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px each task's badges sit on one row`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/final-todo');
    const items = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({
        has: page.getByRole('checkbox'),
      });
    await expect(items).toHaveCount(20);
    // Each task's badges (priority, category, state) share one top edge.
    const rows = await items.evaluateAll((lis) =>
      lis.map((li) => {
        const badges = [...li.querySelectorAll('label ~ div > span')];
        const tops = badges.map((b) => Math.round(b.getBoundingClientRect().top));
        return {
          title: li.querySelector('label')?.textContent,
          badges: badges.length,
          rows: new Set(tops).size,
        };
      }),
    );
    expect(rows.filter((r) => r.badges !== 3 || r.rows !== 1)).toEqual([]);
  });
}
