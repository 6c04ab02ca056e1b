import { expect, test, useDemoSession } from './fixtures';
import {
  openTab,
  PERSONA_BUTTONS,
  switchPersona,
  tabPanel,
  toast,
  visitTabs,
  type TabCheck,
} from './support/persona-dashboards';

const TABS: TabCheck[] = [
  {
    tab: 'Active Pipelines',
    heading: 'Active Pipelines',
    sample: {
      role: 'row',
      texts: ['Candidate profile normalisation', 'TalentSpark', 'Running', '72%', '18,400 rec/min'],
    },
  },
  {
    tab: 'Data Quality',
    heading: 'Quality by Dimension',
    sample: { role: 'row', texts: ['talent.email', 'Same email on two', '1,284', 'High'] },
  },
  {
    tab: 'User Data & Privacy',
    heading: 'Data Subject Requests',
    sample: { role: 'row', texts: ['DSR-3091', 'Erasure', 'In progress'] },
  },
  {
    tab: 'API Management',
    heading: 'API Endpoints',
    sample: { role: 'row', texts: ['/v2/checks/run', 'Quick Role Check', '1.18%', 'Degraded'] },
  },
];

test.describe('SortStak', () => {
  test('the protected route shows stats and every tab', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/sortstak');
    await expect(page.getByRole('heading', { level: 1, name: 'SortStak' })).toBeVisible();
    await expect(page.getByText('Records Processed Today', { exact: true })).toBeVisible();
    await visitTabs(page, TABS, { axe: false });
  });

  test('pipelines show status badges, labelled progress and the live throughput', async ({
    page,
  }) => {
    await page.goto('/demo/sortstak');
    const panel = tabPanel(page);
    await expect(panel.getByText('5 running at 70,250 records per minute')).toBeVisible();
    for (const status of ['Running', 'Queued', 'Completed']) {
      await expect(panel.getByText(status, { exact: true }).first()).toBeVisible();
    }
    await expect(
      panel.getByRole('progressbar', { name: 'Job posting deduplication progress' }),
    ).toHaveAttribute('aria-valuenow', '45');
    const queued = panel.getByRole('row').filter({ hasText: 'Salary benchmark refresh' });
    await expect(queued).toContainText('Waiting');
  });

  test('privacy lists the retention periods and API clients the rate limit', async ({ page }) => {
    await page.goto('/demo/sortstak');
    await openTab(page, 'User Data & Privacy');
    const retention = tabPanel(page).getByRole('heading', { name: 'Retention Policies' });
    await expect(retention).toBeVisible();
    for (const period of ['30 days', '90 days', '7 years', '1 year']) {
      await expect(tabPanel(page).getByText(period, { exact: true })).toBeVisible();
    }
    await openTab(page, 'API Management');
    const client = tabPanel(page).getByRole('row').filter({ hasText: 'TalentMLS web' });
    await expect(client).toContainText('1,000 req/min');
    await client.getByRole('button', { name: 'Rotate key of TalentMLS web' }).click();
    await expect(toast(page, 'Rotate key of TalentMLS web')).toContainText('grace period');
  });

  test('looks the same to every persona', async ({ page }) => {
    await page.goto('/demo/sortstak');
    for (const persona of PERSONA_BUTTONS) {
      await switchPersona(page, persona);
      await expect(page.getByRole('tab', { name: 'Active Pipelines' })).toBeVisible();
    }
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
