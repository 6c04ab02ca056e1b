import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { choose } from './support/admin-security';
import {
  LIVE_LABEL,
  liveStatus,
  openLive,
  recordElsewhere,
  reportFromBrowser,
  rowWith,
} from './support/audit-live';

const DEMO_ADMIN = 'demo.admin@talentecosystem.demo';

/**
 * The live audit trail (docs/product/audit-trail.md#live-trail) and its
 * filters in the address (docs/product/audit-trail.md#audit-filters-in-address).
 */

test.describe('Live audit trail', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new event appears without a reload; pause holds it, resume shows it', async ({
    page,
  }) => {
    // One export first, so the filtered list is not empty.
    const seed = `e2e-seed-${Date.now()}`;
    await recordElsewhere(page.request, seed);
    await openLive(page);

    const first = `e2e-live-${Date.now()}`;
    await recordElsewhere(page.request, first);
    const row = rowWith(page, first);
    await expect(row).toBeVisible();
    await expect(row).toContainText('New');
    await expect(page.getByText('1 new event', { exact: true })).toBeAttached();
    // It arrives above the rows that were there (other tests record events of this type too,
    // so it need not stay the very first row).
    const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
    const position = async (marker: string) =>
      (await rows.allTextContents()).findIndex((text) => text.includes(marker));
    expect(await position(first)).toBeGreaterThanOrEqual(0);
    expect(await position(first)).toBeLessThan(await position(seed));

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'paused');
    await expect(liveStatus(page)).toHaveText(/Paused$/);
    const held = `e2e-held-${Date.now()}`;
    await recordElsewhere(page.request, held);
    // Long enough for a live view to have shown it.
    await page.waitForTimeout(1_500);
    await expect(rowWith(page, held)).toHaveCount(0);

    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(rowWith(page, held)).toBeVisible();
    await expect(rowWith(page, held)).toContainText('New');
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);
  });

  test('keeps the row being read in place when new events arrive above it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 500 });
    for (let i = 0; i < 6; i++) await recordElsewhere(page.request, `e2e-filler-${i}`);
    await openLive(page);
    const table = page.getByRole('table', { name: 'Audit events' });
    const reading = table.locator('tbody tr').nth(4);
    await expect(reading).toBeVisible();
    const seq = await reading.getAttribute('data-seq');
    // The reader is inside the list: the rows above the one being read are out of view (a
    // reader who still sees the list's top sees new rows push in, as on any page).
    await reading.evaluate((row) => row.scrollIntoView({ block: 'start' }));
    await expect.poll(() => table.evaluate((t) => t.getBoundingClientRect().top)).toBeLessThan(0);
    const before = await page.locator(`tr[data-seq="${seq}"]`).boundingBox();

    const marker = `e2e-above-${Date.now()}`;
    await recordElsewhere(page.request, marker);
    await expect(rowWith(page, marker)).toBeAttached();
    const after = await page.locator(`tr[data-seq="${seq}"]`).boundingBox();
    expect(Math.round(after!.y)).toBe(Math.round(before!.y));
  });

  test('the filters live in the address: reload and back/forward restore them', async ({
    page,
  }) => {
    await openLive(page);
    const type = page.getByLabel('Event type', { exact: true });
    const severity = page.getByLabel('Severity', { exact: true });
    await expect(type).toHaveText(LIVE_LABEL);

    await page.reload();
    await expect(type).toHaveText(LIVE_LABEL);
    await expect(severity).toHaveText('All severities');

    await choose(page, 'Severity', 'Medium');
    await expect(page).toHaveURL(/[?&]severity=medium(&|$)/);
    await expect(page).toHaveURL(/[?&]tab=security-audit(&|$)/);
    await page.reload();
    await expect(severity).toHaveText('Medium');
    await expect(type).toHaveText(LIVE_LABEL);

    await page.goBack();
    await expect(page).not.toHaveURL(/severity=/);
    await expect(severity).toHaveText('All severities');
    await page.goForward();
    await expect(severity).toHaveText('Medium');

    // Back to the defaults: the address carries no filter at all.
    await choose(page, 'Severity', 'All severities');
    await choose(page, 'Event type', 'All types');
    await expect(page).not.toHaveURL(/[?&](type|severity)=/);

    // The stream follows the filter: an event of another type does not arrive.
    await choose(page, 'Event type', LIVE_LABEL);
    // The filter is applied (the address changes in a transition) and its own stream is open.
    await expect(type).toHaveText(LIVE_LABEL);
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');
    const marker = `e2e-filtered-${Date.now()}`;
    await recordElsewhere(page.request, marker);
    await expect(rowWith(page, marker)).toBeVisible();
  });

  test('actor, source and time range live in the address and narrow the live view', async ({
    page,
    allowConsoleErrors,
  }) => {
    // The unknown email at the end is refused with 400, which the browser logs.
    allowConsoleErrors(/status of 400 \(Bad Request\)/);
    await useDemoSession(page);
    await page.goto('/admin?tab=security-audit');
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');
    const actor = page.getByLabel('Actor', { exact: true });
    const source = page.getByLabel('Source', { exact: true });
    const range = page.getByLabel('Time range', { exact: true });

    // By keyboard: the actor applies on Enter, the quick range on its button.
    await actor.fill(DEMO_ADMIN);
    await actor.press('Enter');
    await expect(page).toHaveURL(/[?&]actor=demo\.admin%40talentecosystem\.demo(&|$)/);
    await choose(page, 'Source', 'Server');
    await expect(page).toHaveURL(/[?&]source=server(&|$)/);
    await range.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Last 24 h' }).press('Enter');
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A00Z(&|$)/);
    // The picker names the preset the address's range is.
    await expect(range).toHaveText('Last 24 h');
    const fromParam = new URL(page.url()).searchParams.get('from');

    await page.reload();
    await expect(actor).toHaveValue(DEMO_ADMIN);
    await expect(source).toHaveText('Server');
    await expect(range).toHaveText('Last 24 h');
    expect(new URL(page.url()).searchParams.get('from')).toBe(fromParam);
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');

    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]from=/);
    await expect(range).toHaveText('Any time');
    await expect(actor).toHaveValue(DEMO_ADMIN);
    await page.goForward();
    await expect(range).toHaveText('Last 24 h');
    await expect(source).toHaveText('Server');
    await expect(liveStatus(page)).toHaveAttribute('data-live-state', 'live');

    // The same account's event from a browser (source console) does not pass; its export
    // (source server) does. The stream sends in order, so the first is not merely late.
    const other = `e2e-console-${Date.now()}`;
    await reportFromBrowser(page.request, other);
    const marker = `e2e-actor-${Date.now()}`;
    await recordElsewhere(page.request, marker);
    await expect(rowWith(page, marker)).toBeVisible();
    await expect(rowWith(page, marker)).toContainText(DEMO_ADMIN);
    await expect(rowWith(page, other)).toHaveCount(0);
    await expectAccessible(page);

    // An email no account has: said plainly, nothing listed.
    await actor.fill(`nobody-${Date.now()}@example.com`);
    await actor.press('Enter');
    await expect(page.getByText('No such user', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/[?&](type|severity|actor|source|from|to)=/);
    await expect(actor).toHaveValue('');
    await expect(page.getByRole('table', { name: 'Audit events' })).toBeVisible();
  });

  test('is usable on a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLive(page);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    const marker = `e2e-phone-${Date.now()}`;
    await recordElsewhere(page.request, marker);
    await expect(rowWith(page, marker)).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page);
  });
});
