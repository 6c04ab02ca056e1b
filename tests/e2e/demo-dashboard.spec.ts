import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { PERSONA_BUTTONS, switchPersona, type PersonaButton } from './support/persona-dashboards';

/** One sample of every block of /demo, as each persona sees it. */
const BY_PERSONA: Record<
  PersonaButton,
  {
    title: string;
    cta: [string, string, string];
    stat: string;
    activity: string;
    tool: string;
    health: string;
    market: string;
    highlight: string;
  }
> = {
  Recruiter: {
    title: 'Recruiter Command Center',
    cta: ['Run a role check', 'Build a role', 'Post the job'],
    stat: 'Candidates in Pipeline',
    activity: 'Priya Raman passed her role check',
    tool: 'Search verified talent profiles and skills.',
    health: 'Roles awaiting approval',
    market: '18,400 verified candidates',
    highlight: 'lower cost per hire',
  },
  Talent: {
    title: 'Your Career Hub',
    cta: ['Start an assessment', 'Build a career path', 'Browse jobs'],
    stat: 'Profile Strength',
    activity: 'Lumen Analytics viewed your profile',
    tool: 'Your profile, skills and certifications.',
    health: 'New jobs today',
    market: '612 open roles match your skills',
    highlight: 'higher offers',
  },
  Investor: {
    title: 'Investor Overview',
    cta: ['See check volume', 'See adoption', 'See the marketplace'],
    stat: 'Annual Recurring Revenue',
    activity: 'Meridian Bank renewed its enterprise plan',
    tool: 'Data processing at ecosystem scale.',
    health: 'Records processed today',
    market: '$3.1M ARR',
    highlight: 'net revenue retention',
  },
};

const JOURNEY = [
  { product: 'Quick Role Check', minutes: '2 min', href: '/demo/qrc' },
  { product: 'Role Builder', minutes: '5 min', href: '/demo/role-builder' },
  { product: 'TalentMLS', minutes: '3 min', href: '/demo/talentmls' },
];

test.describe('/demo dashboard', () => {
  test('every block follows the persona, accessibly', async ({ page }) => {
    test.setTimeout(60_000); // axe runs once per persona
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/demo');
    for (const persona of PERSONA_BUTTONS) {
      await switchPersona(page, persona);
      const want = BY_PERSONA[persona];
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(want.title);

      const journey = page.getByRole('region', { name: 'Your 10-Minute Journey' });
      const steps = journey.getByRole('listitem');
      await expect(steps).toHaveCount(3);
      for (const [i, step] of JOURNEY.entries()) {
        await expect(steps.nth(i).getByRole('heading')).toHaveText(
          `Step ${i + 1}: ${step.product}`,
        );
        await expect(steps.nth(i)).toContainText(step.minutes);
        await expect(steps.nth(i).getByRole('link', { name: want.cta[i] })).toHaveAttribute(
          'href',
          step.href,
        );
      }

      await expect(page.getByText(want.stat, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem'),
      ).toHaveCount(5);
      await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(
        want.activity,
      );
      const tools = page.getByRole('region', { name: 'Tools' }).getByRole('link');
      await expect(tools).toHaveCount(4);
      await expect(tools.filter({ hasText: want.tool })).toHaveAttribute('href', /^\/demo\//);
      const health = page.getByRole('region', { name: 'Platform Health' }).getByRole('listitem');
      await expect(health).toHaveCount(4);
      await expect(page.getByRole('region', { name: 'Platform Health' })).toContainText(
        want.health,
      );
      await expect(page.getByRole('region', { name: 'Market Expansion' })).toContainText(
        want.market,
      );
      await expect(page.getByRole('region', { name: 'Investment Highlights' })).toContainText(
        want.highlight,
      );
      await expectAccessible(page);
    }
  });

  test('keeps the chosen persona from a shared link, signed in too', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/demo?persona=talent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Career Hub');
  });

  test('the journey and the tools lead to the public screens', async ({ page }) => {
    await page.goto('/demo');
    await page.getByRole('link', { name: 'Build a role' }).click();
    await expect(page).toHaveURL(/\/demo\/role-builder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Role Builder' })).toBeVisible();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Tools' })
      .getByRole('link', { name: /TalentSpark/ })
      .click();
    await expect(page).toHaveURL(/\/demo\/talentspark$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Start with Quick Role Check' }).click();
    await expect(page).toHaveURL(/\/demo\/qrc$/);
  });

  test('health cards and markets carry text statuses and labelled bars', async ({ page }) => {
    await page.goto('/demo');
    const talentmls = page
      .getByRole('region', { name: 'Platform Health' })
      .getByRole('listitem')
      .filter({ hasText: 'TalentMLS' });
    await expect(talentmls).toContainText('Degraded');
    await expect(talentmls).toContainText('99.62%');
    const bar = page.getByRole('progressbar', { name: /^North America:/ });
    await expect(bar).toHaveAttribute('aria-valuenow', '92');
    await expect(
      page.getByRole('region', { name: 'Market Expansion' }).getByText('Pilot', { exact: true }),
    ).toBeVisible();
  });

  test('loads no charting code, which a screen fetches once it shows a chart', async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text());
    });
    const chartCode = async () => (await Promise.all(scripts)).some((t) => t.includes('recharts'));
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await chartCode(), 'recharts on /demo').toBe(false);
    await page.getByRole('link', { name: 'Start with Quick Role Check' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Role Check' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await chartCode(), 'recharts on /demo/qrc before a chart is shown').toBe(false);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    // A chart loads its plot as it comes near the screen.
    await page.getByRole('tabpanel').getByRole('img').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-responsive-container').first()).toBeVisible();
    expect(await chartCode(), 'recharts once the Analytics tab shows its charts').toBe(true);
  });

  test('has no sideways page scroll at 375 px or 1440 px', async ({ page }, testInfo) => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/demo');
      for (const persona of PERSONA_BUTTONS) {
        await switchPersona(page, persona);
        expect(await hasHorizontalOverflow(page), `${persona} at ${width} px`).toBe(false);
      }
      await switchPersona(page, 'Recruiter');
      const file = testInfo.outputPath(`demo-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`demo at ${width} px`, { path: file, contentType: 'image/png' });
    }
  });
});
