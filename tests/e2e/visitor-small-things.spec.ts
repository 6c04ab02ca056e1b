import { SCREEN_SLUGS } from '../../src/shared/routes';
import { expect, test } from './fixtures';
import { readStoredSession } from './support/auth';

test('a browser that refuses to store the mock session is told so', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/QuotaExceededError|setItem/);
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Quick Demo Login' }).click();
  await expect(page.getByText('Failed to create mock session token')).toBeVisible();
  await expect(page.getByText('Demo login error occurred')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await readStoredSession(page)).toBeNull();
});

test('every screen has its own document title, from the first paint on', async ({ browser }) => {
  // Sixteen screens, each loaded twice (scripts off, then on).
  test.slow();
  const paths = ['/', '/demo', '/final-todo', '/auth', ...SCREEN_SLUGS.map((s) => `/demo/${s}`)];
  const titles = new Map<string, string>();
  // Scripts off: the title the pre-rendered document carries before the app takes it over.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const raw = await plain.newPage();
  for (const path of paths) {
    await raw.goto(path);
    titles.set(path, await raw.title());
  }
  await plain.close();
  expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(paths.length);
  for (const title of titles.values()) expect(title).toMatch(/Talent Ecosystem Demo$/);
  expect(titles.get('/demo/hirehub')).toBe('HireHub · Talent Ecosystem Demo');

  const live = await browser.newContext();
  const page = await live.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  for (const path of paths) {
    await page.goto(path);
    await expect(page).toHaveTitle(titles.get(path)!);
  }
  // Moving within the app renames the document too.
  await page.goto('/demo/hirehub');
  await page.getByRole('link', { name: 'System Health' }).first().click();
  await expect(page).toHaveTitle('System Health · Talent Ecosystem Demo');
  await live.close();
  expect(errors).toEqual([]);
});

test('?setup=true brings the setup panel into view and focuses its heading', async ({ page }) => {
  await page.goto('/?setup=true');
  const heading = page.getByRole('heading', { name: 'System Administrator Setup' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

test.describe('persona', () => {
  test('each persona of /demo gets its own call to action', async ({ page }) => {
    await page.goto('/demo');
    const group = page.getByRole('group', { name: 'Viewing as' });
    await expect(page.getByRole('link', { name: 'Start with Quick Role Check' })).toBeVisible();
    await group.getByRole('button', { name: 'Investor', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Start with Quick Role Check' })).toHaveCount(0);
    await page.getByRole('link', { name: 'See marketplace revenue' }).click();
    await expect(page).toHaveURL(/\/demo\/talentmls\?tab=payments$/);
    await expect(page.getByRole('tab', { name: 'Revenue', selected: true })).toBeVisible();
    await page.goto('/demo');
    await group.getByRole('button', { name: 'Talent', exact: true }).click();
    await expect(
      page.getByRole('link', { name: 'Get verified with Quick Role Check' }),
    ).toBeVisible();
  });

  test('the Talent persona on TalentMLS has no Employer Payments tab', async ({ page }) => {
    await page.goto('/demo/talentmls');
    await page
      .getByRole('group', { name: 'Viewing as' })
      .getByRole('button', { name: 'Talent', exact: true })
      .click();
    await expect(page.getByRole('tab', { name: 'Open Jobs' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: /Payments/ })).toHaveCount(0);
  });
});
