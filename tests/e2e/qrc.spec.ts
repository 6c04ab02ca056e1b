import { expect, test, useDemoSession } from './fixtures';
import {
  openTab,
  switchPersona,
  tabPanel,
  toast,
  visitTabs,
  type TabCheck,
} from './support/persona-dashboards';

const TABS: TabCheck[] = [
  {
    tab: 'Recent Checks',
    heading: 'Recent Checks',
    sample: {
      role: 'row',
      texts: ['Priya Raman', 'Senior Data Engineer', 'Pass', '94/100', '1m 42s'],
    },
  },
  {
    tab: 'Check Templates',
    heading: 'Check Templates',
    sample: { role: 'row', texts: ['Software Engineer Screen', 'Engineering', '12', '81%'] },
  },
  {
    tab: 'Performance',
    heading: 'Performance by Role',
    sample: { role: 'row', texts: ['ICU Registered Nurse', '538', '86/100', '88%', '2m 01s'] },
  },
  {
    tab: 'Analytics',
    heading: 'Checks per Day',
    inChartTable: true,
    sample: { role: 'row', texts: ['Tue', '342'] },
  },
];

test.describe('Quick Role Check', () => {
  test('the protected route shows stats and every tab', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/qrc');
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Role Check' })).toBeVisible();
    await expect(page.getByText('Checks Today', { exact: true })).toBeVisible();
    await visitTabs(page, TABS, { axe: false });
  });

  test('results are Pass, Conditional or Fail badges with score, time and issues', async ({
    page,
  }) => {
    await page.goto('/demo/qrc');
    const panel = tabPanel(page);
    const failed = panel.getByRole('row').filter({ hasText: 'Diego Santos' });
    await expect(failed).toContainText('Fail');
    await expect(failed).toContainText('41/100');
    await expect(failed.getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByRole('row').filter({ hasText: 'Marcus Chen' })).toContainText(
      'Conditional',
    );
    await expect(panel.getByText('7 passed, 3 conditional, 2 failed')).toBeVisible();
  });

  test('Run and Edit on a check template say what would happen', async ({ page }) => {
    await page.goto('/demo/qrc');
    await openTab(page, 'Check Templates');
    const row = tabPanel(page).getByRole('row').filter({ hasText: 'Driver & Fleet Safety' });
    await row.getByRole('button', { name: 'Run Driver & Fleet Safety' }).click();
    await expect(toast(page, 'Run Driver & Fleet Safety')).toContainText('7 checks');
    await row.getByRole('button', { name: 'Edit Driver & Fleet Safety' }).click();
    await expect(toast(page, 'Edit Driver & Fleet Safety')).toContainText('reorder its checks');
  });

  test('Reset and the persona main button', async ({ page }) => {
    await page.goto('/demo/qrc');
    const main = page.getByRole('main');
    const expected = {
      Recruiter: 'New Role Check',
      Talent: 'Start Assessment',
      Investor: 'View Reports',
    } as const;
    for (const [persona, label] of Object.entries(expected)) {
      await switchPersona(page, persona as keyof typeof expected);
      await expect(main.getByRole('button', { name: 'Reset', exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: label, exact: true })).toBeVisible();
      for (const other of Object.values(expected).filter((l) => l !== label)) {
        await expect(main.getByRole('button', { name: other, exact: true })).toHaveCount(0);
      }
      await main.getByRole('button', { name: label, exact: true }).click();
      await expect(toast(page, label)).toContainText('full product');
    }
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await main.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(toast(page, 'Reset')).toContainText('starts again');
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
