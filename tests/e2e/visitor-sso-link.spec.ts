import { expect, test, useDemoSession } from './fixtures';

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
});

test('a made-up app_id shows Invalid Request with a reason before any click', async ({ page }) => {
  await page.goto('/auth-redirect?app_id=madeupapp&redirect_url=https%3A%2F%2Fx.example%2F');
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid Request' });
  await expect(alert).toContainText('No application of the ecosystem is registered as “madeupapp”');
  await expect(page.getByRole('button', { name: 'Initiate Mock SSO' })).toHaveCount(0);
});

test('a malformed app_id is refused on arrival without asking the server', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sso/')) asked.push(r.url());
  });
  await page.goto('/auth-redirect?app_id=..%2Fadmin&redirect_url=https%3A%2F%2Fx.example%2F');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Request' })).toContainText(
    'may hold only letters, digits and dashes',
  );
  await expect(page.getByRole('button', { name: 'Initiate Mock SSO' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('an inactive product is refused on arrival', async ({ page }) => {
  await page.goto(
    '/auth-redirect?app_id=talentmls&redirect_url=https%3A%2F%2Ftalentmls.example%2F',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Request' })).toContainText(
    'TalentMLS is not active',
  );
});

test('?app_id=hirehub resolves to the registered HireHub and signs on to it', async ({ page }) => {
  let posted = '';
  await page.route('https://hirehub.example/**', async (route) => {
    posted = route.request().postData() ?? '';
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>HireHub</h1>' });
  });
  await page.goto('/auth-redirect?app_id=hirehub&redirect_url=https%3A%2F%2Fhirehub.example%2Fsso');
  await expect(page.getByRole('heading', { name: 'HireHub' })).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-/)).toBeVisible();
  await page.getByRole('button', { name: 'Initiate Mock SSO' }).click();
  await expect(page.getByText('Signing you in to HireHub…')).toBeVisible();
  await expect(page).toHaveURL('https://hirehub.example/sso', { timeout: 10_000 });
  expect(posted).toMatch(/^code=[A-Za-z0-9_-]+$/);
});

test.describe('the demo account', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test('has one name in the sidebar, the Users table and on the sign-on receiver', async ({
    page,
  }) => {
    await page.goto('/admin?tab=users&q=demo.admin');
    await expect(page.getByRole('complementary').getByText('Demo User').first()).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'demo.admin@talentecosystem.demo' });
    await expect(row).toContainText('Demo User');
    await expect(page.getByText('Demo Administrator')).toHaveCount(0);
  });
});
