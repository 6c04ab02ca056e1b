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
    tab: 'Talent Profiles',
    heading: 'Talent Profiles',
    sample: {
      role: 'row',
      texts: ['Priya Raman', 'Senior Data Engineer', 'Spark', 'Verified', '94%', 'Active'],
    },
  },
  {
    tab: 'Skills & Certifications',
    heading: 'Skills & Certifications',
    sample: { role: 'row', texts: ['AWS Solutions Architect', '2,840', '312', '78%'] },
  },
  {
    tab: 'Training Programs',
    heading: 'Training Programs',
    sample: {
      role: 'row',
      texts: ['Cloud Foundations Bootcamp', '6 weeks', '1,240', '968', '78%'],
    },
  },
  {
    tab: 'Matching Algorithm',
    heading: 'Matching Algorithm',
    sample: { role: 'listitem', texts: ['Skills match', '35%'] },
  },
];

test.describe('TalentSpark', () => {
  test('the protected route shows stats and every tab', async ({ page }) => {
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await useDemoSession(page);
    await page.goto('/talentspark');
    await expect(page.getByRole('heading', { level: 1, name: 'TalentSpark' })).toBeVisible();
    await expect(page.getByText('Verified Profiles', { exact: true })).toBeVisible();
    await visitTabs(page, TABS, { axe: false });
  });

  test('profiles come with cross-platform alerts that can be reviewed', async ({ page }) => {
    await page.goto('/demo/talentspark');
    const panel = tabPanel(page);
    await expect(panel.getByRole('heading', { name: 'Cross-Platform Alerts' })).toBeVisible();
    const alert = panel.getByRole('listitem').filter({ hasText: 'Different employment history' });
    await expect(alert).toContainText('Marcus Chen');
    await expect(alert).toContainText('High');
    await alert.getByRole('button', { name: 'Review Marcus Chen' }).click();
    await expect(toast(page, 'Review Marcus Chen')).toContainText('TalentSpark and TalentMLS');
    const pending = panel.getByRole('row').filter({ hasText: 'Daniel Okafor' });
    await expect(pending).toContainText('Pending verification');
    await expect(pending).toContainText('Unverified');
  });

  test('skills show certified, pending and pass-rate totals', async ({ page }) => {
    await page.goto('/demo/talentspark');
    await openTab(page, 'Skills & Certifications');
    const panel = tabPanel(page);
    await expect(panel.getByText('18,035', { exact: true })).toBeVisible();
    await expect(panel.getByText('1,893', { exact: true })).toBeVisible();
    await expect(panel.getByText('78%', { exact: true }).first()).toBeVisible();
  });

  test('looks the same to every persona', async ({ page }) => {
    await page.goto('/demo/talentspark');
    for (const persona of PERSONA_BUTTONS) {
      await switchPersona(page, persona);
      await expect(page.getByRole('tab', { name: 'Talent Profiles' })).toBeVisible();
    }
  });

  // No tab scrolls sideways on a phone or a laptop: the layout sweep (support/screen-sweep.ts).
});
