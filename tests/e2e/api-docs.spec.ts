import { expect, test } from './fixtures';

/**
 * The API reference for people (README "Map of the code"): /api/docs renders
 * /api/openapi.json from our own origin, under the app's Content-Security-Policy
 * (the fixtures fail the test on any CSP violation or console error).
 */
test('the API reference renders the contract under the CSP', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');

  await expect(page.getByRole('heading', { name: /Talent Ecosystem Demo API/ })).toBeVisible({
    timeout: 20_000,
  });
  // An operation of the contract, by its path.
  await expect(page.getByText('/api/admin/users', { exact: true }).first()).toBeVisible();

  // Opening an operation shows its parameters and answers.
  await page.getByText('/api/health', { exact: true }).first().click();
  await expect(page.getByText('Responses').first()).toBeVisible();

  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});

test('/api/docs/ leads to the reference; it is not a JSON 404', async ({ request }) => {
  const page = await request.get('/api/docs/', { maxRedirects: 0 });
  expect(page.status()).toBe(301);
  expect(page.headers()['location']).toBe('/api/docs');
  const docs = await request.get('/api/docs');
  expect(docs.headers()['content-type']).toContain('text/html');
});
