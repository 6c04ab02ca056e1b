import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, useDemoSession } from './fixtures';
import { API_TOKEN, findUser, patchUser, rowAction, userRow } from './support/admin';
import { toast } from './support/admin-security';
import { startIsolatedServer, type IsolatedServer } from './support/isolated-server';
import { textPastRows } from './support/layout-checks';
import { parseCsv } from '../../src/server/testing/csv-parse';

/**
 * docs/product/quality.md#hostile-content: user fields holding HTML, script and very long text are
 * shown as text everywhere (users table, dialogs, toasts, audit trail, CSV),
 * without breaking the layout; the CSV export cannot run spreadsheet formulas.
 * The hostile values are on every screen of the server, so this spec has a
 * server of its own, and its tests run in order on that state.
 */
test.describe.configure({ mode: 'serial' });

const MARKUP = {
  email: 'eve.markup@evil.example',
  full_name: `<img src=x onerror="window.__pwned='name'">Eve <b>Markup</b>`,
  organization: `<script>window.__pwned='org'</script>`,
  department: `=HYPERLINK("https://evil.example/steal","Refund")`,
};
/** The longest values the fields take, as single words, so they cannot wrap at a space. */
const LONG = {
  email: `${'l'.repeat(240)}@evil.example`,
  full_name: 'W'.repeat(200),
  organization: '@SUM(1+1)',
  department: `-2+3+cmd|' /C calc'!A0`,
};
/** What a hostile client can put into its own audit events. */
const CLIENT_EVENT = {
  session_id: '+SUM(1,2)',
  user_agent: '=HYPERLINK("https://evil.example/ua","ua")',
  note: `<img src=x onerror="window.__pwned='audit'">${'Z'.repeat(1500)}`,
};
const TEN_THOUSAND = '<b>x</b>'.repeat(1250);

let server: IsolatedServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a server of its own starts, migrates and seeds
  server = await startIsolatedServer();
  api = await playwrightRequest.newContext({ baseURL: server.url });
  const seeded = ['chloe.johnson@acme-staffing.example', 'david.nguyen@acme-staffing.example'];
  for (const [email, values] of [
    [seeded[0]!, MARKUP],
    [seeded[1]!, LONG],
  ] as const) {
    await patchUser(api, (await findUser(api, email)).id, values);
  }
  // The server refuses text beyond its bounds, and changes nothing.
  const eve = await findUser(api, MARKUP.email);
  const tooLong = await api.patch(`/api/admin/users/${eve.id}`, {
    data: { full_name: TEN_THOUSAND },
    headers: { authorization: `Bearer ${API_TOKEN}` },
  });
  expect(tooLong.status()).toBe(400);
  expect((await findUser(api, MARKUP.email)).full_name).toBe(MARKUP.full_name);

  await sendClientEvent({ id: crypto.randomUUID(), note: CLIENT_EVENT.note });
});

/** Reports a suspicious-activity event as a hostile browser would, with `note` in its details. */
async function sendClientEvent({ id, note }: { id: string; note: string }) {
  const sent = await api.post('/api/audit/events', {
    headers: { 'user-agent': CLIENT_EVENT.user_agent },
    data: {
      source: 'console',
      events: [
        {
          id,
          event_type: 'security.suspicious_activity',
          severity: 'medium',
          session_id: CLIENT_EVENT.session_id,
          timestamp: new Date().toISOString(),
          details: { note },
        },
      ],
    },
  });
  expect(await sent.json()).toEqual({ received: 1, stored: 1 });
}

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
  // A desktop screen, on which the tables fit their cards with ordinary values.
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** Nothing the hostile values carry has run or become an element. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(
    page.locator('#root img[src="x"], #root b, #root script, #root svg[onload]'),
  ).toHaveCount(0);
}

/** Nothing the hostile values carry has become an element of the open panel either. */
async function expectInertPanel(page: Page) {
  await expectInert(page);
  await expect(page.locator('[role="dialog"] :is(img[src="x"], b, script)')).toHaveCount(0);
}

/** No element inside `selector` is wider than its box: long text wraps instead. */
async function expectNoSidewaysScroll(page: Page, selector: string) {
  const boxes = await page
    .locator(selector)
    .evaluateAll((els) => els.map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
    ),
  ).toBe(true);
}

test('the users table shows markup as text and wraps the longest values', async ({ page }) => {
  await page.goto(`${server.url}/admin?tab=users&q=evil.example`);
  await expect(page.getByText('2 users matching “evil.example”')).toBeVisible();
  for (const value of [...Object.values(MARKUP), ...Object.values(LONG)]) {
    // The organization is in the table twice: its column, and the phone's line under the name.
    await expect(
      page.getByRole('cell').getByText(value, { exact: true }).filter({ visible: true }),
    ).toBeVisible();
  }
  await expectInert(page);
  // The table fits its card: the long name and address wrap, in full, inside their cells.
  await expectNoSidewaysScroll(page, 'div:has(> table), td');
});

test('the edit and roles dialogs hold the full values and refuse 10,000 characters', async ({
  page,
}) => {
  let patches = 0;
  page.on('request', (r) => void (r.method() === 'PATCH' && patches++));
  await page.goto(`${server.url}/admin?tab=users&q=evil.example`);
  await rowAction(userRow(page, LONG.email), 'Edit user');
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(dialog.getByText(LONG.email)).toBeVisible();
  for (const [label, value] of [
    ['Email', LONG.email],
    ['Full name', LONG.full_name],
    ['Organization', LONG.organization],
    ['Department', LONG.department],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveValue(value);
  }
  await expectNoSidewaysScroll(page, '[role="dialog"], [role="dialog"] p');
  await dialog.getByLabel('Full name').fill(TEN_THOUSAND);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Full name must be at most 200 characters')).toBeVisible();
  expect(patches).toBe(0);
  await expectNoSidewaysScroll(page, '[role="dialog"]');
  await expectInert(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await rowAction(userRow(page, MARKUP.email), 'Manage roles');
  const roles = page.getByRole('dialog', { name: 'Manage roles' });
  await expect(roles).toContainText(`Roles of ${MARKUP.full_name} (${MARKUP.email})`);
  await expect(roles.getByRole('switch', { name: 'User' })).toBeVisible();
  await expectInert(page);
});

test('a search from the address is shown as text, however long', async ({
  page,
  allowConsoleErrors,
}) => {
  const search = `<svg onload="window.__pwned='search'">`;
  await page.goto(`${server.url}/admin?tab=users&q=${encodeURIComponent(search)}`);
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(
    page.getByText(`No email, name or organization contains “${search}”.`),
  ).toBeVisible();
  await expectInert(page);

  allowConsoleErrors(/status of 400/);
  await page.goto(`${server.url}/admin?tab=users&q=${'W'.repeat(10_000)}`);
  await expect(page.getByRole('alert')).toContainText(
    'Failed to load users: q: Search must be at most 100 characters',
  );
  await expectInert(page);
  await expectNoSidewaysScroll(page, 'main');
});

test('toasts and inline errors show a server message as text', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409/);
  const message = `Another user already has the email ${MARKUP.full_name}${'M'.repeat(300)}`;
  await page.route('**/api/admin/users/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'conflict', message } }),
        })
      : route.fallback(),
  );
  await page.goto(`${server.url}/admin?tab=users&q=${MARKUP.email}`);
  await rowAction(userRow(page, MARKUP.email), 'Edit user');
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Failed to update user')).toContainText(message);
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await expectInert(page);
  await expect(page.locator('[data-sonner-toaster] img, [data-sonner-toaster] b')).toHaveCount(0);
  await expectNoSidewaysScroll(page, '[data-sonner-toast], [role="dialog"]');
});

test('the audit trail shows hostile details as text, in full in the event panel', async ({
  page,
}) => {
  await page.goto(`${server.url}/admin?tab=security-audit`);
  const table = page.getByRole('table', { name: 'Audit events' });
  const suspicious = table.getByRole('row').filter({ hasText: 'Suspicious activity' });
  await expect(suspicious).toContainText(`Note: <img src=x onerror="window.__pwned='audit'">ZZZ`);
  // The row is one line; the panel holds the whole note, as text.
  await suspicious.getByRole('button', { name: 'Suspicious activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Suspicious activity' });
  await expect(panel.getByText(CLIENT_EVENT.note, { exact: true })).toBeVisible();
  await expectInertPanel(page);
  await expectNoSidewaysScroll(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // The row names the account by the address it had; its panel holds the new values.
  const edit = table
    .getByRole('row')
    .filter({ hasText: 'User edited' })
    .filter({ hasText: 'chloe.johnson@acme-staffing.example' });
  await edit.getByRole('button', { name: 'User edited' }).click();
  const editPanel = page.getByRole('dialog', { name: 'User edited' });
  await expect(editPanel).toContainText('Full name');
  await expect(editPanel).toContainText(` → ${MARKUP.full_name}`);
  await expect(editPanel).toContainText(` → ${MARKUP.email}`);
  await expectInertPanel(page);
  await page.keyboard.press('Escape');
  await expect(editPanel).toBeHidden();
  await expectInert(page);
  await expectNoSidewaysScroll(page, 'div:has(> table)');

  // An event arriving while the trail is open is marked New, and the table still fits.
  await sendClientEvent({ id: crypto.randomUUID(), note: 'arrived while open' });
  await expect(table.getByRole('row').filter({ hasText: 'arrived while open' })).toContainText(
    'New',
  );
  await expectNoSidewaysScroll(page, 'div:has(> table)');

  // On a phone each event is a card, and its longest event type wraps inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await textPastRows(page)).toEqual([]);
});

test('the CSV export keeps the values and neutralises every formula', async ({ page }) => {
  await page.goto(`${server.url}/admin?tab=security-audit`);
  await expect(page.getByRole('table', { name: 'Audit events' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, ...rows] = parseCsv(await readFile((await (await download).path())!, 'utf8'));
  const col = (name: string) => header!.indexOf(name);
  const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));

  // No cell starts a formula: the ones that would are prefixed with an apostrophe.
  for (const record of records) {
    for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  }
  const client = records.find(
    (r) => r.event_type === 'security.suspicious_activity' && r.details!.includes('ZZZZ'),
  )!;
  expect(client.session_id).toBe(`'${CLIENT_EVENT.session_id}`);
  // Demo mode keeps no user agent on the trail (docs/api/audit-trail.md#demo-privacy).
  expect(client.user_agent).toBe('');
  expect(JSON.parse(client.details!)).toEqual({ note: CLIENT_EVENT.note });

  // The users' values are all there, unchanged, inside the details.
  const edits = records
    .filter((r) => r.event_type === 'admin.user.updated')
    .map((r) => JSON.parse(r.details!) as { changes: Record<string, { to: unknown }> });
  for (const values of [MARKUP, LONG]) {
    const edit = edits.find((e) => e.changes.email?.to === values.email)!;
    for (const [field, value] of Object.entries(values)) {
      expect(edit.changes[field]!.to).toBe(value);
    }
  }
  expect(col('details')).toBe(header!.length - 1);
});
