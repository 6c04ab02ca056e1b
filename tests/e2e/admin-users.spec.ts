import type { Page, Request } from '@playwright/test';
import { expect, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import {
  findUser,
  hidePage,
  patchUser,
  roleRecords,
  rowAction,
  setRoles,
  userRow,
} from './support/admin';

/** The admin dashboard's Users tab (docs/product/admin-console.md#users), on the real server with the seeded sample users. */

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
});

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });

test.describe('users table', () => {
  test('shows the columns, the count and the documented placeholders', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/admin?tab=users');
    const headers = page.getByRole('columnheader');
    await expect(headers).toHaveText([
      'Select', // the selection checkbox (docs/product/admin-console.md#bulk-changes), named for screen readers
      'User', // its header's menu sorts by name or by email (docs/product/admin-console.md#users-filters-ui)
      'Organization',
      'Roles',
      'Status',
      'Last Login',
      'Actions',
    ]);
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    const unnamed = userRow(page, 'temp.user@unknown.example');
    await expect(unnamed).toContainText('Unnamed User');
    await expect(unnamed).toContainText('Not specified');
    await expect(unnamed).toContainText('Never');
    await expect(unnamed).toContainText('Inactive');
    await expect(userRow(page, 'pierre.laurent@globex.example')).toContainText('Platform Admin');
    // axe reads this tab in admin-users-layout.spec.ts (a row ticked) and in the console's sweep.
  });

  test('keeps the tab in the address and loads more users on request', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\?tab=users$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(26); // header + the first page of 25
    await page.getByRole('button', { name: 'Load more users' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(26);
    await expect(page.getByText(/^Showing (\d+) of \1 users$/)).toBeVisible();
  });

  test('shows skeletons while loading', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/users?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin?tab=users');
    await expect(page.getByText('Loading users…')).toBeAttached();
    await expect(page.getByText('Counting users…')).toBeVisible();
    release();
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
  });

  test('says so when the users cannot be loaded', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 403/);
    await page.route('**/api/admin/users?*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'forbidden', message: 'Administrator role required' },
        }),
      }),
    );
    await page.goto('/admin?tab=users');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Failed to load admin data securely');
    await expect(alert).toContainText('Failed to load users: Administrator role required');
  });

  test('fits a phone screen: the table scrolls inside itself', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin?tab=users');
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test.describe('search', () => {
  test('finds users by email, keeps the search in the address across a reload', async ({
    page,
  }) => {
    await page.goto('/admin?tab=users');
    await search(page).fill('globex.example');
    await expect(page.getByText('3 users matching “globex.example”')).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=globex\.example/);
    await expect(page).toHaveURL(/[?&]tab=users/);
    for (const email of [
      'aisha.bello@globex.example',
      'pierre.laurent@globex.example',
      'sara.haddad@globex.example',
    ]) {
      await expect(userRow(page, email)).toBeVisible();
    }
    await page.reload();
    await expect(search(page)).toHaveValue('globex.example');
    await expect(page.getByText('3 users matching “globex.example”')).toBeVisible();
  });

  test('finds users by full name, whatever the case', async ({ page }) => {
    await page.goto('/admin?tab=users');
    await search(page).fill('OKAFOR');
    await expect(page.getByText('1 user matching “OKAFOR”')).toBeVisible();
    await expect(userRow(page, 'amara.okafor@hirehub.example')).toContainText('Amara Okafor');
  });

  test('finds users by organization', async ({ page }) => {
    await page.goto('/admin?tab=users');
    await search(page).fill('ventures');
    await expect(page.getByText('2 users matching “ventures”')).toBeVisible();
    await expect(userRow(page, 'tom.becker@summitvc.example')).toContainText('Summit Ventures');
    await expect(userRow(page, 'investor.relations@summitvc.example')).toBeVisible();
  });

  test('says No users found when nothing matches', async ({ page }) => {
    await page.goto('/admin?tab=users&q=zz-nobody-zz');
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('0 users matching “zz-nobody-zz”')).toBeVisible();
    await search(page).fill('');
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    await expect(page).not.toHaveURL(/q=/);
  });
});

test.describe('edit user', () => {
  const EMAIL = 'chloe.johnson@acme-staffing.example';

  test('saves the change, shows it without a reload, and empty text as Not specified', async ({
    page,
  }) => {
    const before = await findUser(page.request, EMAIL);
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin?tab=users&q=${encodeURIComponent(EMAIL)}`);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await rowAction(userRow(page, EMAIL), 'Edit user');
      const dialog = page.getByRole('dialog', { name: 'Edit user' });
      // axe reads this dialog in admin-users-layout.spec.ts.

      // The shared schema refuses a bad email before anything is sent.
      let patches = 0;
      page.on('request', (r) => void (r.method() === 'PATCH' && patches++));
      await dialog.getByLabel('Email').fill('not-an-email');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
      expect(patches).toBe(0);

      await dialog.getByLabel('Email').fill(EMAIL);
      await dialog.getByLabel('Full name').fill('Chloe A. Johnson');
      await dialog.getByLabel('Organization').fill('');
      await dialog.getByLabel('Department').fill('Talent Acquisition');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('User updated successfully')).toBeVisible();
      await expect(dialog).toBeHidden();

      const row = userRow(page, EMAIL);
      await expect(row).toContainText('Chloe A. Johnson');
      await expect(row).toContainText('Not specified');
      await expect(row).toContainText('Talent Acquisition');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

      const after = await findUser(page.request, EMAIL);
      expect(after).toMatchObject({
        full_name: 'Chloe A. Johnson',
        organization: null,
        department: 'Talent Acquisition',
      });
    } finally {
      await patchUser(page.request, before.id, {
        full_name: before.full_name,
        organization: before.organization,
        department: before.department,
      });
    }
  });

  test('refuses an email another user has, with the reason', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 409/);
    await page.goto(`/admin?tab=users&q=${encodeURIComponent(EMAIL)}`);
    await rowAction(userRow(page, EMAIL), 'Edit user');
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await dialog.getByLabel('Email').fill('aisha.bello@globex.example');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Failed to update user')).toBeVisible();
    await expect(
      dialog.getByText('Another user already has the email aisha.bello@globex.example'),
    ).toBeVisible();
    expect((await findUser(page.request, EMAIL)).email).toBe(EMAIL);
  });
});

test.describe('manage roles', () => {
  const EMAIL = 'jonas.lindqvist@brightpath.example';

  test('saves only the toggle that changed, and records are kept when turned off', async ({
    page,
  }) => {
    const jonas = await findUser(page.request, EMAIL);
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin?tab=users&q=${encodeURIComponent(EMAIL)}`);
      const row = userRow(page, EMAIL);
      await rowAction(row, 'Manage roles');
      const dialog = page.getByRole('dialog', { name: 'Manage roles' });
      for (const [name, description] of [
        ['User', 'Basic platform access'],
        ['Platform Admin', 'Administrative access to platform features'],
        ['Super Admin', 'Full system access and control'],
      ] as const) {
        await expect(dialog.getByRole('switch', { name })).toBeVisible();
        await expect(dialog.getByText(description)).toBeVisible();
      }
      await expect(dialog.getByRole('switch', { name: 'User' })).toBeChecked();
      // axe reads this dialog in admin-users-layout.spec.ts.

      const admin = dialog.getByRole('switch', { name: 'Platform Admin' });
      await expect(admin).not.toBeChecked();
      await admin.click();
      const [put] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/roles')),
        dialog.getByRole('button', { name: 'Save roles' }).click(),
      ]);
      expect(put.postDataJSON()).toEqual({ changes: { platform_admin: true } });
      await expect(page.getByText('User roles updated successfully')).toBeVisible();
      await expect(row).toContainText('Platform Admin');

      await rowAction(row, 'Manage roles');
      await expect(dialog.getByRole('switch', { name: 'Platform Admin' })).toBeChecked();
      await dialog.getByRole('switch', { name: 'Platform Admin' }).click();
      await dialog.getByRole('button', { name: 'Save roles' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).not.toContainText('Platform Admin');

      const { roles, records } = await roleRecords(page.request, jonas.id);
      expect(roles).toEqual(['user']);
      expect(records.find((r) => r.role === 'platform_admin')).toMatchObject({
        is_active: false,
      });
    } finally {
      await setRoles(page.request, jonas.id, { platform_admin: false });
    }
  });
});

test.describe('audit events', () => {
  type Batch = { source: string; events: { event_type: string; [k: string]: unknown }[] };
  const isAuditPost = (source: string) => (r: Request) =>
    r.method() === 'POST' &&
    r.url().endsWith('/api/audit/events') &&
    (r.postDataJSON() as Batch).source === source;

  test('reach the server on their timers, and are stored once however often they are sent', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Start-up queue: app_startup, flushed after 5000 ms.
    const startup = page.waitForRequest(isAuditPost('startup'));
    await page.clock.fastForward(5000);
    const startupRequest = await startup;
    const startupBatch = startupRequest.postDataJSON() as Batch;
    expect(startupBatch.events).toContainEqual(
      expect.objectContaining({
        event_type: 'config_change',
        severity: 'info',
        details: { action: 'app_startup' },
      }),
    );
    expect((await startupRequest.response())?.status()).toBe(200);

    // Console queue: admin.panel.access, flushed after 30 s.
    const consoleFlush = page.waitForRequest(isAuditPost('console'));
    await page.clock.fastForward(30_000);
    const consoleRequest = await consoleFlush;
    const consoleBatch = consoleRequest.postDataJSON() as Batch;
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('ted.auth.session')!).access_token as string,
    );
    expect(consoleBatch.events).toContainEqual(
      expect.objectContaining({
        event_type: 'admin.panel.access',
        severity: 'low',
        session_id: token.slice(-8),
        details: { path: '/admin', tab: 'overview' },
      }),
    );
    const stored = await (await consoleRequest.response())!.json();
    expect(stored).toEqual({
      received: consoleBatch.events.length,
      stored: consoleBatch.events.length,
    });
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('ted.audit.console')!).events),
      )
      .toEqual([]);

    // Sent again, the same events are recognised as already stored.
    for (const batch of [startupBatch, consoleBatch]) {
      const again = await page.request.post('/api/audit/events', { data: batch });
      expect(await again.json()).toEqual({ received: batch.events.length, stored: 0 });
    }
  });

  test('flush at once with keepalive when the page is hidden', async ({ page }) => {
    await page.goto('/admin?tab=users');
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    const hidden = page.waitForRequest(isAuditPost('console'));
    await hidePage(page);
    const request = await hidden;
    expect((request.postDataJSON() as Batch).events.map((e) => e.event_type)).toContain(
      'admin.panel.access',
    );
    expect((await request.response())?.status()).toBe(200);
  });

  test('a refused action is logged as a high-severity violation and sent at once', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 403/);
    await page.route('**/api/admin/users/*/roles', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'forbidden',
                message: 'Only a super administrator can grant or revoke super_admin',
              },
            }),
          })
        : route.continue(),
    );
    const email = 'emma.wilson@brightpath.example';
    await page.goto(`/admin?tab=users&q=${encodeURIComponent(email)}`);
    await rowAction(userRow(page, email), 'Manage roles');
    const dialog = page.getByRole('dialog', { name: 'Manage roles' });
    await dialog.getByRole('switch', { name: 'Super Admin' }).click();
    const violation = page.waitForRequest(isAuditPost('console'));
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(page.getByText('Failed to update user roles')).toBeVisible();
    const batch = (await violation).postDataJSON() as Batch;
    expect(batch.events).toContainEqual(
      expect.objectContaining({
        event_type: 'security.violation',
        severity: 'high',
        details: expect.objectContaining({ action: 'change_roles', status: 403 }),
      }),
    );
    expect((await findUser(page.request, email)).roles).not.toContain('super_admin');
  });
});
