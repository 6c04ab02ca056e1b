import type { Page } from '@playwright/test';
import { expect, test, useDemoSession } from './fixtures';
import {
  API_TOKEN,
  findUser,
  hidePage,
  patchUser,
  roleRecords,
  rowAction,
  setRoles,
} from './support/admin';
import { toast } from './support/admin-security';
import {
  AUDIT_EVENTS_URL,
  cutNetwork,
  expectOnlyOutageFailures,
  failedRequests,
  onceEach,
  OUTAGE_CONSOLE_ERRORS,
  queuedEvents,
  startOutageProxy,
  timesStored,
} from './support/network';

/**
 * docs/product/quality.md#lost-network: requests to /api/audit/events fail for a while; every
 * event the page logged meanwhile reaches the server once the network is back,
 * exactly once, whether the page stayed open, was hidden or was closed. Admin
 * changes that fail say so and leave the screen as the server has it.
 */

// Each test waits out several flushes and reloads on a machine it shares.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page, allowConsoleErrors }) => {
  await useDemoSession(page);
  for (const pattern of OUTAGE_CONSOLE_ERRORS) allowConsoleErrors(pattern);
});

/** A table row, also while a modal dialog hides the rest of the page from assistive technology. */
const rowBehindDialog = (page: Page, email: string) =>
  page
    .getByRole('row', { includeHidden: true })
    .filter({ has: page.getByText(email, { exact: true }) });

/** A moment safely before anything this test makes the server record. */
const startOfTest = () => new Date(Date.now() - 1000);

async function openUsersTab(page: Page, { q, origin = '' }: { q?: string; origin?: string } = {}) {
  await page.goto(`${origin}/admin?tab=users${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  await expect(page.getByText(/^\d+ users?( matching .*)?$/)).toBeVisible({ timeout: 20_000 });
}

test.describe('audit events through an outage', () => {
  test('are kept through failed, refused and unanswered flushes, then stored exactly once', async ({
    page,
  }) => {
    const since = startOfTest();
    const failed = failedRequests(page);
    await page.clock.install();
    const outage = await cutNetwork(page, AUDIT_EVENTS_URL, 'abort');
    await openUsersTab(page);

    // The start-up queue (every 5 s) and the console queue (every 30 s) both try and fail.
    await page.clock.fastForward(30_000);
    await expect.poll(() => outage.failed.length).toBeGreaterThanOrEqual(2);
    const logged = await queuedEvents(page);
    expect(logged.map((e) => e.event_type).sort()).toEqual(['admin.panel.access', 'config_change']);

    // Something in the way answers 503: still nothing lost.
    outage.mode = 'unavailable';
    const before = outage.failed.length;
    await page.clock.fastForward(30_000);
    await expect.poll(() => outage.failed.length).toBeGreaterThan(before);
    expect(await queuedEvents(page)).toEqual(logged);
    expect(Object.values(await timesStored(page.request, logged, since))).toEqual([0, 0]);

    // The server stores the events but its answers are lost: the page must send them again.
    outage.mode = 'lost-answer';
    await page.clock.fastForward(30_000);
    await expect.poll(() => timesStored(page.request, logged, since)).toEqual(onceEach(logged));
    expect(await queuedEvents(page)).toEqual(logged);

    await outage.end();
    await page.clock.fastForward(30_000);
    await expect.poll(() => queuedEvents(page)).toEqual([]);
    expect(await timesStored(page.request, logged, since)).toEqual(onceEach(logged));
    expectOnlyOutageFailures(failed, outage);
  });

  test('a hidden page flushes what it holds with keepalive once the network is back', async ({
    page,
  }) => {
    const since = startOfTest();
    const failed = failedRequests(page);
    const outage = await cutNetwork(page, AUDIT_EVENTS_URL, 'abort');
    await openUsersTab(page);
    const logged = await queuedEvents(page);
    expect(logged.map((e) => e.event_type)).toContain('admin.panel.access');

    // Hidden mid-outage: the keepalive requests fail, the events stay in storage.
    const attempts = outage.failed.length;
    await hidePage(page);
    await expect.poll(() => outage.failed.length).toBeGreaterThan(attempts);
    expect(await queuedEvents(page)).toEqual(expect.arrayContaining(logged));

    // Hidden again with the network back (well inside the console queue's 30 s): all sent, once.
    await outage.end();
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/audit/events') && r.postDataJSON().source === 'console',
    );
    await hidePage(page);
    expect((await (await sent).response())?.status()).toBe(200);
    await expect.poll(() => queuedEvents(page)).toEqual([]);
    await expect.poll(() => timesStored(page.request, logged, since)).toEqual(onceEach(logged));
    expectOnlyOutageFailures(failed, outage);
  });

  test('a page closed mid-outage leaves its events to the next page, which sends them once', async ({
    page,
    context,
    baseURL,
  }) => {
    const since = startOfTest();
    // A real outage: the requests a closing page sends with keepalive outlive its routes.
    const proxy = await startOutageProxy(baseURL!, '/api/audit/events');
    try {
      proxy.down = true;
      const failedBefore = failedRequests(page);
      await openUsersTab(page, { origin: proxy.url });
      const logged = await queuedEvents(page);
      expect(logged.map((e) => e.event_type)).toContain('admin.panel.access');
      const refused = proxy.refused;
      await page.close({ runBeforeUnload: true });
      // The pagehide flush tried, and failed.
      await expect.poll(() => proxy.refused).toBeGreaterThan(refused);
      expect(Object.values(await timesStored(context.request, logged, since))).toEqual(
        logged.map(() => 0),
      );
      expect(failedBefore.filter((f) => f !== 'POST /api/audit/events')).toEqual([]);

      proxy.down = false;
      const next = await context.newPage();
      const failed = failedRequests(next);
      await next.clock.install();
      await next.goto(`${proxy.url}/`);
      await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
      // The pre-rendered page shows its heading before its script logs the start-up.
      const ownEvents = async () =>
        (await queuedEvents(next)).filter((e) => !logged.some((l) => l.id === e.id));
      await expect
        .poll(async () => (await ownEvents()).map((e) => e.event_type))
        .toEqual(['config_change']);
      const nextOwn = await ownEvents();
      // Both queues run on every page: the start-up queue in 5 s, the console queue in 30 s.
      await next.clock.fastForward(30_000);
      await expect.poll(() => queuedEvents(next)).toEqual([]);
      const all = [...logged, ...nextOwn];
      await expect.poll(() => timesStored(context.request, all, since)).toEqual(onceEach(all));
      expect(failed).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  test('a page closed with the network up sends its events on the way out', async ({
    page,
    context,
  }) => {
    const since = startOfTest();
    const failed = failedRequests(page);
    await openUsersTab(page);
    // The console queue flushes every 30 s: only the pagehide flush (keepalive) can send this now.
    const logged = await queuedEvents(page);
    expect(logged.map((e) => e.event_type)).toContain('admin.panel.access');
    expect(failed).toEqual([]);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => timesStored(context.request, logged, since)).toEqual(onceEach(logged));
  });
});

test.describe('admin changes that fail', () => {
  const EMAIL = 'mateo.rossi@talentspark.example';

  test('a user edit that fails keeps the dialog input and the table as the server has it', async ({
    page,
  }) => {
    const before = await findUser(page.request, EMAIL);
    const name = before.full_name!;
    try {
      await openUsersTab(page, { q: EMAIL });
      const row = rowBehindDialog(page, EMAIL);
      await rowAction(row, 'Edit user');
      const dialog = page.getByRole('dialog', { name: 'Edit user' });
      await dialog.getByLabel('Full name').fill(`${name} (offline edit)`);

      // The request never gets through.
      const failed = failedRequests(page);
      const outage = await cutNetwork(page, '**/api/admin/users/*', 'abort', ['PATCH']);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Failed to update user')).toContainText(
        'Could not reach the server. Check your connection and try again.',
      );
      await expect(dialog.getByLabel('Full name')).toHaveValue(`${name} (offline edit)`);
      await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeEnabled();
      await expect(row).toContainText(name);
      await expect(row).not.toContainText('(offline edit)');
      expect((await findUser(page.request, EMAIL)).full_name).toBe(name);

      // The server applies it but the answer is lost: the table shows what the server holds.
      outage.mode = 'lost-answer';
      await dialog.getByLabel('Full name').fill(`${name} (applied)`);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Failed to update user').nth(1)).toBeVisible();
      await expect(dialog.getByLabel('Full name')).toHaveValue(`${name} (applied)`);
      expect((await findUser(page.request, EMAIL)).full_name).toBe(`${name} (applied)`);
      await expect(row).toContainText(`${name} (applied)`);
      await outage.end();
      expectOnlyOutageFailures(failed, outage);
    } finally {
      await patchUser(page.request, before.id, { full_name: before.full_name });
    }
  });

  test('a role change that fails puts the switch back to what the server holds', async ({
    page,
  }) => {
    const user = await findUser(page.request, EMAIL);
    expect(user.roles).not.toContain('platform_admin');
    try {
      await openUsersTab(page, { q: EMAIL });
      const row = rowBehindDialog(page, EMAIL);
      await rowAction(row, 'Manage roles');
      const dialog = page.getByRole('dialog', { name: 'Manage roles' });
      const admin = dialog.getByRole('switch', { name: 'Platform Admin' });
      const save = dialog.getByRole('button', { name: 'Save roles' });

      const failed = failedRequests(page);
      const outage = await cutNetwork(page, '**/api/admin/users/*/roles', 'unavailable', ['PUT']);
      await admin.click();
      await expect(admin).toBeChecked();
      await save.click();
      await expect(toast(page, 'Failed to update user roles')).toContainText(
        'Service temporarily unavailable',
      );
      await expect(admin).not.toBeChecked();
      await expect(save).toBeDisabled();
      await expect(row).not.toContainText('Platform Admin');
      expect((await roleRecords(page.request, user.id)).roles).not.toContain('platform_admin');

      // Applied, answer lost: the switch and the table show the role the server granted.
      outage.mode = 'lost-answer';
      await admin.click();
      await save.click();
      await expect(toast(page, 'Failed to update user roles').nth(1)).toBeVisible();
      await expect(admin).toBeChecked();
      await expect(save).toBeDisabled();
      await expect(row).toContainText('Platform Admin');
      expect((await roleRecords(page.request, user.id)).roles).toContain('platform_admin');
      await outage.end();
      expectOnlyOutageFailures(failed, outage);
    } finally {
      await setRoles(page.request, user.id, { platform_admin: false });
    }
  });

  test('a credential request that fails keeps the justification and lists nothing new', async ({
    page,
  }) => {
    const justification = `Rotate the HireHub key after the outage ${Date.now()}`;
    await page.goto('/admin?tab=security');
    const mine = page.getByRole('table', {
      name: 'Your credential access requests',
      includeHidden: true,
    });
    await expect(mine.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Request access to HireHub credentials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Credential Access' });
    await dialog.getByLabel('Justification').fill(justification);

    const failed = failedRequests(page);
    const outage = await cutNetwork(page, '**/api/admin/credential-requests', 'abort', ['POST']);
    await dialog.getByRole('button', { name: 'Request API Key' }).click();
    await expect(toast(page, 'Request Failed')).toContainText(
      'Failed to submit credential access request',
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Justification')).toHaveValue(justification);
    await expect(mine).not.toContainText(justification);
    const res = await page.request.get('/api/admin/credential-requests', {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect(JSON.stringify(await res.json())).not.toContain(justification);

    // Closed without a retry (one would leave a pending request on the shared server): still nothing.
    await outage.end();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(mine.getByRole('row').nth(1)).toBeVisible();
    await expect(mine).not.toContainText(justification);
    expectOnlyOutageFailures(failed, outage);
  });
});
