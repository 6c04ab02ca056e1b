import { expect, test, useDemoSession } from './fixtures';

test.use({ viewport: { width: 1366, height: 900 } });

test("a browser's repeated start-ups are one row, and details read as text", async ({ page }) => {
  test.setTimeout(60_000);
  await useDemoSession(page);
  // Each full page load records a start-up; the page sends it when it is left.
  for (let i = 0; i < 4; i += 1) {
    await page.goto('/demo');
    await page.goto('/final-todo');
  }
  await page.goto('/admin?tab=security-audit');
  const trail = page.getByRole('table', { name: 'Audit events' });
  await expect(trail.getByText(/^App started · \d+ times /).first()).toBeVisible({
    timeout: 15_000,
  });
  // This browser's eight start-ups sent so far are one row, whatever other tests' browsers add.
  await expect(async () => {
    const groups = await trail.getByText(/^App started · \d+ times /).allTextContents();
    const counts = groups.map((text) => Number(/· (\d+) times/.exec(text)![1]));
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(8);
  }).toPass({ timeout: 15_000 });
  await expect(trail).not.toContainText('{"');
  // A group's panel says it in words too: how many start-ups, since when.
  const group = trail.getByRole('button', { name: /^App started · \d+ times / }).first();
  await group.click();
  const panel = page.getByRole('dialog', { name: 'App started' });
  await expect(panel.getByText(/^App started · \d+ times .*, the first /)).toBeVisible();
  await expect(panel.getByText('Action', { exact: true })).toBeVisible();
  await expect(panel.getByText('app started', { exact: true })).toBeVisible();
  await expect(panel.locator('dl').last()).not.toContainText('app_startup');
});
