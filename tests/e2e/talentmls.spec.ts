import { expect, test, useDemoSession } from './fixtures';
import {
  openTab,
  switchPersona,
  tabPanel,
  toast,
  visitTabs,
  type PersonaButton,
  type TabCheck,
} from './support/persona-dashboards';

const listing: TabCheck['sample'] = {
  role: 'row',
  texts: ['Senior Data Engineer', 'Lumen Analytics', 'Featured'],
};
const employer: TabCheck['sample'] = {
  role: 'row',
  texts: ['Meridian Bank', 'Verified', '4.1', '$122,400'],
};
const payment: TabCheck['sample'] = {
  role: 'row',
  texts: ['PAY-50412', 'Meridian Bank', '$12,000', 'Completed'],
};
const analytics: TabCheck['sample'] = { role: 'row', texts: ['Jun', '18,930'] };

/** The tabs as each persona names them (docs/product/dashboards.md#persona-labels: personas change marketplace labels). */
const TABS_BY_PERSONA: Record<PersonaButton, TabCheck[]> = {
  Recruiter: [
    { tab: 'Job Listings', heading: 'Job Listings', sample: listing },
    { tab: 'Employers', heading: 'Employers', sample: employer },
    {
      tab: 'Analytics',
      heading: 'Applications per Month',
      sample: analytics,
      inChartTable: true,
    },
    { tab: 'Payments', heading: 'Payments', sample: payment },
  ],
  Talent: [
    { tab: 'Open Jobs', heading: 'Open Jobs', sample: listing },
    { tab: 'Companies', heading: 'Companies Hiring', sample: employer },
    {
      tab: 'Market Insights',
      heading: 'Applicants per Month',
      sample: analytics,
      inChartTable: true,
    },
  ],
  Investor: [
    { tab: 'Listings', heading: 'Listing Inventory', sample: listing },
    { tab: 'Employer Accounts', heading: 'Employer Accounts', sample: employer },
    {
      tab: 'Marketplace Analytics',
      heading: 'Marketplace Volume (Applications)',
      sample: analytics,
      inChartTable: true,
    },
    { tab: 'Revenue', heading: 'Revenue', sample: payment },
  ],
};

const LABELS: Record<
  PersonaButton,
  {
    action: string;
    fraud: string;
    salary: string;
    applications: string;
    totalPaid: string;
    stat: string;
    description: string;
  }
> = {
  Recruiter: {
    action: 'Post a Job',
    fraud: 'Fraud Alerts',
    salary: 'Salary',
    applications: 'Applications',
    totalPaid: 'Total Paid',
    stat: 'Active Listings',
    description:
      'Job marketplace admin of TalentMLS, the multiple listing service for talent and opportunities: publish listings, find verified employers and track spend.',
  },
  Talent: {
    action: 'Create Job Alert',
    fraud: 'Safety Alerts',
    salary: 'Pay',
    applications: 'Applicants',
    totalPaid: 'Hiring Spend',
    stat: 'Matches for You',
    description:
      'Job marketplace admin of TalentMLS, the multiple listing service for talent and opportunities: open jobs from verified companies, with pay shown up front.',
  },
  Investor: {
    action: 'Export Report',
    fraud: 'Trust & Safety',
    salary: 'Salary Band',
    applications: 'Applications',
    totalPaid: 'Lifetime Value',
    stat: 'Marketplace Revenue (30 days)',
    description:
      'Job marketplace admin of TalentMLS, the multiple listing service for talent and opportunities: listing volume, employer revenue and trust & safety.',
  },
};

test.describe('TalentMLS', () => {
  test('the protected route shows every tab to a recruiter', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/talentmls');
    await expect(page.getByRole('heading', { level: 1, name: 'TalentMLS' })).toBeVisible();
    await visitTabs(page, TABS_BY_PERSONA.Recruiter, { axe: false });
  });

  test('the public twin renames tabs, columns and actions for each persona', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/demo/talentmls');
    for (const persona of ['Recruiter', 'Talent', 'Investor'] as const) {
      await switchPersona(page, persona);
      const labels = LABELS[persona];
      await expect(page.getByText(labels.stat, { exact: true })).toBeVisible();
      await visitTabs(page, TABS_BY_PERSONA[persona], { axe: false });
      await openTab(page, TABS_BY_PERSONA[persona][0]!.tab);
      const panel = tabPanel(page);
      await expect(panel.getByRole('heading', { name: labels.fraud })).toBeVisible();
      await expect(
        panel.getByRole('columnheader', { name: labels.salary, exact: true }),
      ).toBeVisible();
      await expect(
        panel.getByRole('columnheader', { name: labels.applications, exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: labels.action }).click();
      await expect(toast(page, labels.action)).toContainText('full product');
      await expect(page.getByText(labels.description, { exact: true })).toBeVisible();
      await openTab(page, TABS_BY_PERSONA[persona][1]!.tab);
      await expect(
        tabPanel(page).getByRole('columnheader', { name: labels.totalPaid, exact: true }),
      ).toBeVisible();
    }
  });

  test('every persona’s view is accessible', async ({ page }) => {
    test.setTimeout(90_000); // axe runs once per tab and persona
    await page.goto('/demo/talentmls');
    for (const persona of ['Talent', 'Investor'] as const) {
      await switchPersona(page, persona);
      await visitTabs(page, TABS_BY_PERSONA[persona], { axe: true });
    }
  });

  test('a shared ?persona= link opens the investor view', async ({ page }) => {
    await page.goto('/demo/talentmls?persona=investor');
    await expect(page.getByRole('tab', { name: 'Marketplace Analytics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Report' })).toBeVisible();
  });

  test('fraud alerts show severity and whether they were blocked automatically', async ({
    page,
  }) => {
    await page.goto('/demo/talentmls');
    const alert = tabPanel(page)
      .getByRole('listitem')
      .filter({ hasText: 'QuickCash Staffing LLC' });
    await expect(alert).toContainText('Critical');
    await expect(alert).toContainText('Auto-blocked');
    const held = tabPanel(page).getByRole('listitem').filter({ hasText: 'Brightway Careers' });
    await expect(held).toContainText('Held for review');
  });

  test('payments total the completed and pending amounts', async ({ page }) => {
    await page.goto('/demo/talentmls?tab=payments');
    const panel = tabPanel(page);
    await expect(panel.getByText('$25,668', { exact: true })).toBeVisible();
    await expect(panel.getByText('8 payments settled')).toBeVisible();
    await expect(panel.getByText('$8,189', { exact: true })).toBeVisible();
    await expect(panel.getByRole('row').filter({ hasText: 'PAY-50410' })).toContainText('Pending');
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
