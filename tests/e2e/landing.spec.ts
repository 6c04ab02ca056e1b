import { expect, expectAccessible, test, useDemoSession } from './fixtures';

const PLATFORMS = [
  ['HireHub', 'An employment marketplace where employers and talent meet.', '/demo/hirehub'],
  ['SortStak', 'A sorting and categorisation tool for talent management.', '/demo/sortstak'],
  ['Role Builder', 'A role and permission management system.', '/demo/role-builder'],
  ['Quick Role Check', 'A rapid role verification and quality assurance platform.', '/demo/qrc'],
  ['TalentMLS', 'A multiple listing service for talent and opportunities.', '/demo/talentmls'],
] as const;

const HIGHLIGHTS = [
  'Enterprise-Grade Platform',
  'Talent Ecosystem',
  'AI-Powered Matching',
  'Secure & Compliant',
  'Global Reach',
  'Precision Targeting',
];

const FEATURES = [
  'Automated compliance tracking',
  'Real-time analytics and reporting',
  'Multi-platform integration',
  'Comprehensive talent management',
  'Advanced filtering',
  'Secure data handling',
];

test.describe('landing page sections', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('top bar has the product title and Demo Admin Login', async ({ page }) => {
    const bar = page.locator('header').filter({ hasText: 'Demo Admin Login' });
    await expect(bar.getByRole('link', { name: 'Talent Ecosystem Demo' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Demo Admin Login' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });

  test('hero has the Demo Admin Portal button and the mock note', async ({ page }) => {
    const hero = page.getByRole('region', { name: /Five hiring platforms/ });
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Demo Admin Portal' })).toBeVisible();
    await expect(hero.getByText('Mock authentication only', { exact: true })).toBeVisible();
  });

  test('Integrated Platform Ecosystem lists five Active platforms', async ({ page }) => {
    const section = page.getByRole('region', { name: 'Integrated Platform Ecosystem' });
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(5);
    for (const [index, [name, description, demo]] of PLATFORMS.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name })).toBeVisible();
      await expect(card.getByText('Active', { exact: true })).toBeVisible();
      await expect(card.getByText(description)).toBeVisible();
      await expect(card.getByRole('link', { name: `Explore ${name}` })).toHaveAttribute(
        'href',
        demo,
      );
    }
  });

  test('Why choose the ecosystem has six highlights', async ({ page }) => {
    const section = page.getByRole('region', { name: 'Why Choose the Talent Ecosystem?' });
    await expect(section.getByRole('listitem')).toHaveCount(6);
    for (const title of HIGHLIGHTS) {
      await expect(section.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(section.getByText(/GDPR/)).toBeVisible();
  });

  test('Platform Features is a checklist of six', async ({ page }) => {
    const section = page.getByRole('region', { name: 'Platform Features' });
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(6);
    await expect(items).toHaveText(FEATURES);
  });

  test('closes with another Demo Admin Portal button and a footer', async ({ page }) => {
    const cta = page.getByRole('region', { name: 'Ready to explore the ecosystem?' });
    await expect(cta.getByRole('link', { name: 'Demo Admin Portal' })).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer).toContainText('Talent Ecosystem Demo');
    await expect(footer).toContainText('sample data only');
  });

  test('shows the setup panel at the bottom only with ?setup=true', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'System Administrator Setup' })).toHaveCount(0);
    await page.goto('/?setup=true');
    await expect(page.getByRole('heading', { name: 'System Administrator Setup' })).toBeVisible();
  });
});

test.describe('landing page buttons reach /auth', () => {
  const buttons = [
    ['the top bar Demo Admin Login', 'Demo Admin Login', 0],
    ['the hero Demo Admin Portal', 'Demo Admin Portal', 0],
    ['the closing Demo Admin Portal', 'Demo Admin Portal', 1],
  ] as const;
  for (const [what, name, index] of buttons) {
    test(`${what} opens the sign-in portal`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name, exact: true }).nth(index).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Demo Admin Portal' })).toBeVisible();
    });
  }
});

test.describe('landing page layout', () => {
  test('the sticky top bar sits inside the layout and never covers content', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const bar = page.locator('header').filter({ hasText: 'Demo Admin Login' });
    const banner = page.getByRole('note');
    const hero = page.getByRole('region', { name: /Five hiring platforms/ });
    const barBox = (await bar.boundingBox())!;
    // Below the ecosystem bar and demo banner, beside the sidebar, above the hero.
    const bannerBox = (await banner.boundingBox())!;
    expect(barBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
    expect(barBox.x).toBeGreaterThanOrEqual(
      (await page.getByRole('complementary').boundingBox())?.width ?? 0,
    );
    expect((await hero.boundingBox())!.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);

    // Jumping to a section keeps its heading clear of the stuck bar.
    await bar.getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect
      .poll(async () => (await bar.boundingBox())!.y, { message: 'bar sticks to the top' })
      .toBe(0);
    const section = page.getByRole('region', { name: 'Platform Features' });
    await expect
      .poll(async () => (await section.boundingBox())!.y)
      .toBeGreaterThanOrEqual(barBox.height - 1);
  });

  // No sideways scroll and axe at a phone's and a laptop's size, light and dark: the layout sweep's
  // sweep; at 320 px, narrow-phone.spec.ts.
  test('its sidebar has Search with its shortcut and Sign in, as every page has', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const sidebar = page.getByRole('complementary').filter({
      has: page.getByRole('navigation', { name: 'Main' }),
    });
    await expect(sidebar.getByRole('button', { name: /Search…/ })).toContainText(/Ctrl K|⌘K/);
    const signIn = sidebar.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    await signIn.click();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('loads no admin console, dashboard or chart code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.some((s) => s.includes('landing-page'))).toBe(true);
    expect(
      scripts.filter((s) => /admin|chart|recharts|-page-/.test(s) && !/landing-page/.test(s)),
    ).toEqual([]);
  });

  test('is accessible signed in, with the account menu in the layout', async ({ page }) => {
    await useDemoSession(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account: Demo User' })).toBeVisible();
    await expectAccessible(page);
  });
});
