import { expect, test, useDemoSession } from './fixtures';
import {
  switchPersona,
  tabPanel,
  toast,
  visitTabs,
  type TabCheck,
} from './support/persona-dashboards';

const TABS: TabCheck[] = [
  {
    tab: 'Active Roles',
    heading: 'Active Roles',
    sample: {
      role: 'row',
      texts: ['Senior Data Engineer', 'Lumen Analytics', 'Active', '14', '100%'],
    },
  },
  {
    tab: 'Templates',
    heading: 'Role Templates',
    sample: {
      role: 'row',
      texts: ['Software Engineer (IC ladder)', 'Engineering', '412 roles', '4.8'],
    },
  },
  {
    tab: 'Role Builder',
    heading: 'Role Definition: Product Designer',
    sample: { role: 'listitem', texts: ['People team', 'Fatima Khan', 'Pending'] },
  },
  {
    tab: 'Analytics',
    heading: 'Roles Created and Published',
    inChartTable: true,
    sample: { role: 'row', texts: ['Jun', '64', '57'] },
  },
];

test.describe('Role Builder', () => {
  test('the protected route shows stats and every tab', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/role-builder');
    await expect(page.getByRole('heading', { level: 1, name: 'Role Builder' })).toBeVisible();
    await expect(page.getByText('Avg. Completion', { exact: true })).toBeVisible();
    await visitTabs(page, TABS, { axe: false });
  });

  test('roles show Active, Draft and Review badges with their completion', async ({ page }) => {
    await page.goto('/demo/role-builder');
    const panel = tabPanel(page);
    await expect(panel.getByText('7 active, 3 in review, 2 drafts.')).toBeVisible();
    const draft = panel.getByRole('row').filter({ hasText: 'Grid Reliability Engineer' });
    await expect(draft).toContainText('Draft');
    await expect(
      draft.getByRole('progressbar', { name: 'Grid Reliability Engineer completion' }),
    ).toHaveAttribute('aria-valuenow', '30');
    await expect(panel.getByRole('row').filter({ hasText: 'Avionics Technician' })).toContainText(
      'Review',
    );
  });

  test('the main button follows the persona and Templates opens the library', async ({ page }) => {
    await page.goto('/demo/role-builder');
    const header = page.getByRole('main');
    const expected = {
      Recruiter: 'Create New Role',
      Talent: 'Build Career Path',
      Investor: 'View Analytics',
    } as const;
    for (const [persona, label] of Object.entries(expected)) {
      await switchPersona(page, persona as keyof typeof expected);
      await expect(header.getByRole('button', { name: label, exact: true })).toBeVisible();
      for (const other of Object.values(expected).filter((l) => l !== label)) {
        await expect(header.getByRole('button', { name: other, exact: true })).toHaveCount(0);
      }
      await header.getByRole('button', { name: label, exact: true }).click();
      await expect(toast(page, label)).toContainText('full product');
    }
    // The investor's View Analytics also opens the Analytics tab.
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await header.getByRole('button', { name: 'Templates', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(toast(page, 'Templates')).toContainText('template library');
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
