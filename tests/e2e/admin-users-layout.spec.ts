import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
  useDemoSession,
} from './fixtures';
import { findUser, patchUser, userRow } from './support/admin';
import { expectDark } from './support/theme';

/**
 * Where the Users tab's parts sit (docs/product/admin-console.md#users-layout): one toolbar row
 * on a laptop ending with Invite user, a bulk bar that floats without moving the table, Last
 * Login on one line, a "⋯" menu per row, the User header's sort menu, and compact rows on a
 * phone; in demo mode, the simulated invitations (docs/product/admin-console.md#demo-invitations).
 */

test.beforeEach(async ({ page }) => {
  await useDemoSession(page);
});

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const toolbar = (page: Page) => page.getByRole('group', { name: 'Filter and sort users' });
const table = (page: Page) => page.getByRole('table', { name: /^Platform users/ });
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk changes' });

async function openUsers(page: Page, query = '') {
  await page.goto(`/admin?tab=users${query}`);
  await expect(page.getByText(/^\d+ users?( |$)/)).toBeVisible();
  await expect(
    table(page)
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .first(),
  ).toBeVisible();
}

/** Where the element starts on the page (not the screen: ticking a box may scroll it into view). */
const pageTop = (element: Locator) =>
  element.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

/** How many lines the element's first text (what the eye reads) is laid out on. */
const linesOf = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.firstChild!);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test.describe('at 1366×900', () => {
  test.use({ viewport: LAPTOP });

  for (const [when, query] of [
    ['', ''],
    // Every facet set shows Clear filters and a count on each button: still one row.
    [
      ' with a search and every filter set',
      '&q=a&role=super_admin&status=active&org=Acme&never=true',
    ],
  ] as const)
    test(`the toolbar is one row${when}, Invite user at its right end`, async ({ page }) => {
      await page.goto(`/admin?tab=users${query}`);
      const group = toolbar(page);
      if (query) await expect(group.getByRole('button', { name: 'Clear filters' })).toBeVisible();
      else await openUsers(page);
      const controls = [
        group.getByRole('searchbox', { name: 'Search users' }),
        group.getByRole('button', { name: /^Role filter/ }),
        group.getByRole('button', { name: /^Status filter/ }),
        group.getByRole('button', { name: /^Organization filter/ }),
        group.getByRole('button', { name: /^Never signed in/ }),
        group.getByRole('button', { name: /^Sort: / }),
        group.getByRole('button', { name: 'View options' }),
        group.getByRole('button', { name: 'Export CSV' }),
        group.getByRole('button', { name: 'Invite user' }),
      ];
      const boxes = [];
      for (const control of controls) {
        await expect(control).toBeVisible();
        boxes.push((await control.boundingBox())!);
      }
      const middles = boxes.map((b) => Math.round(b.y + b.height / 2));
      for (const m of middles) expect(Math.abs(m - middles[0]!)).toBeLessThanOrEqual(2);
      // Left to right in that order, Invite user last and flush with the toolbar's end.
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x);
      const end = (await group.boundingBox())!;
      const invite = boxes.at(-1)!;
      expect(Math.abs(end.x + end.width - (invite.x + invite.width))).toBeLessThanOrEqual(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });

  test('Last Login is one line, relative, with the exact time as tooltip and for screen readers', async ({
    page,
  }) => {
    await openUsers(page);
    const times = table(page).locator('time');
    await expect(times.first()).toBeVisible();
    const all = await times.all();
    expect(all.length).toBeGreaterThan(3);
    for (const time of all) {
      // What the eye reads: the first text of the element, before the screen readers' part.
      const text = await time.evaluate((el) => el.firstChild?.textContent ?? '');
      expect(text).toMatch(/ago$|^yesterday$|^just now$|^last (week|month|year)$/);
      expect(await linesOf(time), text).toBe(1);
      const exact = await time.getAttribute('title');
      expect(exact).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
      // Screen readers hear the exact time too.
      expect(await time.textContent()).toContain(`(${exact})`);
    }
    // Every row is one line high in that column: "Never" included.
    const rows = table(page).getByRole('row');
    const heights = await rows.evaluateAll((all) =>
      all.slice(1).map((r) => r.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(60);
  });

  test('ticking a row floats the bulk bar over the table foot without moving a row', async ({
    page,
  }, testInfo) => {
    await openUsers(page);
    const row = userRow(page, 'sara.haddad@globex.example');
    const before = await pageTop(row);
    const tableBefore = (await table(page).boundingBox())!;
    const tableTop = await pageTop(table(page));
    await row.getByRole('checkbox').check();
    await expect(bar(page)).toContainText('1 user selected');
    expect(await pageTop(row)).toBe(before);
    expect(await pageTop(table(page))).toBe(tableTop);
    // The bar is in view at the bottom of the screen, over the table's rows.
    const floating = (await bar(page).boundingBox())!;
    expect(floating.y + floating.height).toBeLessThanOrEqual(LAPTOP.height);
    expect(floating.y + floating.height).toBeGreaterThan(LAPTOP.height - 60);
    expect(floating.y).toBeLessThan(tableBefore.y + tableBefore.height);
    await page.screenshot({ path: testInfo.outputPath('bulk-bar-1366.png') });

    // Every loaded row ticked: the offer to select every matching user is in the bar too.
    await table(page).getByRole('checkbox', { name: 'Select all loaded users' }).check();
    await expect(
      bar(page).getByRole('button', { name: /^Select all \d+ matching users$/ }),
    ).toBeVisible();
    expect(await pageTop(row)).toBe(before);
  });

  test('a selected row keeps its text legible, light and dark', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openUsers(page);
    // Rows with "No roles", "Not specified" and an unnamed user, ticked.
    const row = userRow(page, 'temp.user@unknown.example');
    await row.getByRole('checkbox').check();
    await expect(row).toHaveAttribute('data-state', 'selected');
    await expect(row).toContainText('No roles');
    await expectAccessible(page, { bestPractice: true });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectDark(page);
    // Every rule has read the page in light; in dark, the rules the colours decide.
    await expectAccessible(page, { colorsOnly: true });
  });

  test('the User header reads User and sorts by name or by email from its menu', async ({
    page,
  }) => {
    await openUsers(page);
    const header = table(page).getByRole('columnheader').nth(1);
    await expect(header).toHaveText('User');
    await header.getByRole('button').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveText([
      'Name, A to Z',
      'Name, Z to A',
      'Email, A to Z',
      'Email, Z to A',
    ]);
    await expectAccessible(page, { include: ['[role="menu"]'] });
    await menu.getByRole('menuitemradio', { name: 'Email, Z to A' }).click();
    await expect(page).toHaveURL(/sort=email&dir=desc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(table(page)).toHaveAccessibleName(/sorted by email, z to a$/);
    await header.getByRole('button').click();
    await page.getByRole('menuitemradio', { name: 'Name, A to Z' }).click();
    await expect(page).toHaveURL(/sort=name(?!.*dir=)/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  test('each row has one "⋯" menu: Edit user, Manage roles, Reset, focus back on it after', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openUsers(page, '&q=sara.haddad');
    const row = userRow(page, 'sara.haddad@globex.example');
    await expect(row.getByRole('button')).toHaveCount(1);
    const more = row.getByRole('button', { name: 'Actions for Sara Haddad' });
    await more.focus();
    await page.keyboard.press('Enter');
    // Demo mode offers the reset too, simulated (docs/product/admin-console.md#reset-second-factor).
    await expect(page.getByRole('menuitem')).toHaveText([
      'Edit user',
      'Manage roles',
      'Reset two-step sign-in',
    ]);
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByLabel('Email')).toHaveValue('sara.haddad@globex.example');
    await expectModalAccessible(page);
    await page.keyboard.press('Escape');
    await expect(edit).toHaveCount(0);
    await expect(more).toBeFocused();

    await more.click();
    await page.getByRole('menuitem', { name: 'Manage roles' }).click();
    const roles = page.getByRole('dialog', { name: 'Manage roles' });
    await expect(roles.getByRole('switch', { name: 'User' })).toBeVisible();
    await expectModalAccessible(page);
    await page.keyboard.press('Escape');
    await expect(more).toBeFocused();
  });
});

test.describe('destructive confirmations', () => {
  test.use({ viewport: LAPTOP });
  const ETHAN = 'ethan.brown@rolebuilder.example';

  test.afterEach(async ({ page }) => {
    await patchUser(page.request, (await findUser(page.request, ETHAN)).id, { is_active: true });
  });

  test('Deactivate and Revoke role confirm with the red button; a change is announced once', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openUsers(page, '&q=rolebuilder');
    await userRow(page, ETHAN).getByRole('checkbox').check();
    const dialog = page.getByRole('alertdialog');

    for (const [button, confirm, red] of [
      ['Activate', 'Activate', false],
      ['Grant role…', 'Grant', false],
      ['Revoke role…', 'Revoke', true],
      ['Deactivate', 'Deactivate', true],
    ] as const) {
      await bar(page).getByRole('button', { name: button, exact: true }).click();
      const action = dialog.getByRole('button', { name: confirm, exact: true });
      const colour = await action.evaluate((el) => getComputedStyle(el).backgroundColor);
      const reference = await page.evaluate((variable) => {
        const probe = document.createElement('span');
        probe.style.color = `var(${variable})`;
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      }, '--color-rose-600');
      expect(colour === reference, `${confirm}: ${colour}`).toBe(red);
      if (confirm === 'Deactivate') {
        await expectModalAccessible(page);
        await action.click();
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }

    // Said once: by the toast, not by a result panel as well.
    await expect(page.getByText('Users updated')).toBeVisible();
    await expect(page.getByText('Deactivate 1 user: 1 changed.')).toHaveCount(1);
    await expect(page.locator('[data-slot="bulk-result"]')).toHaveCount(0);
    await expect(userRow(page, ETHAN)).toContainText('Inactive');
  });
});

test.describe('demo mode invitations', () => {
  test.use({ viewport: LAPTOP });

  test('invites and revokes, simulated and labelled, without writing to the server', async ({
    page,
  }, testInfo) => {
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/invitations')) writes.push(`${r.method()} ${r.url()}`);
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openUsers(page);
    const card = page.getByText(/^People invited to create an account/);
    await expect(card).toContainText('Demo: invitations are simulated in this browser tab.');
    await expect(page.getByText('No invitations yet')).toBeVisible();

    await toolbar(page).getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await expect(dialog.getByRole('note')).toContainText('No mail is sent');
    await dialog.getByLabel('Email').fill('visitor@example.com');
    await dialog.getByLabel('Full name (optional)').fill('Visiting Person');
    await expectModalAccessible(page);
    await dialog.getByRole('button', { name: 'Create invitation' }).click();
    const shown = page.getByRole('dialog', { name: 'Invitation link' });
    await expect(shown).toContainText('Demo: no mail is sent and this link works nowhere.');
    await page.screenshot({ path: testInfo.outputPath('demo-invitation-link.png') });
    await expectModalAccessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();

    const invitations = page.getByRole('table', { name: 'Invitations' });
    const row = invitations.getByRole('row').filter({ hasText: 'visitor@example.com' });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Revoke the invitation of visitor@example.com' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this invitation?' });
    await expectModalAccessible(page);
    await confirm.getByRole('button', { name: 'Revoke Invitation' }).click();
    await expect(row).toContainText('Revoked');
    expect(writes).toEqual([]);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  test('each user is one compact row: name, email, organization, status and ⋯', async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openUsers(page);
    const rows = table(page)
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox') });
    // The list's top at the top of the screen: at least four rows start within it.
    await table(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const tops = await rows.evaluateAll((all) => all.map((r) => r.getBoundingClientRect().top));
    const inView = tops.filter((t) => t >= 0 && t < PHONE.height);
    expect(inView.length).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: testInfo.outputPath('phone-rows.png') });

    const row = userRow(page, 'sara.haddad@globex.example');
    await expect(row.getByText('Sara Haddad')).toBeVisible();
    await expect(row.getByText('sara.haddad@globex.example')).toBeVisible();
    await expect(row.locator('[data-slot="phone-organization"]')).toBeVisible();
    await expect(row.locator('[data-slot="phone-organization"]')).toHaveText('Globex Recruiting');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Actions for Sara Haddad' })).toBeVisible();
    // Organization, Roles and Last Login are not drawn as label/value lines, yet are still
    // cells of the row for screen readers.
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(7);
    for (const n of [2, 3, 5]) {
      const box = (await cells.nth(n).boundingBox())!;
      expect(box.width * box.height).toBeLessThanOrEqual(1);
    }
    const height = (await row.boundingBox())!.height;
    expect(height).toBeLessThan(90);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page, { bestPractice: true });
  });

  test('the bulk bar floats above the persona bar without moving a row', async ({
    page,
  }, testInfo) => {
    await openUsers(page);
    const row = userRow(page, 'sara.haddad@globex.example');
    const before = await pageTop(row);
    await row.getByRole('checkbox').check();
    await expect(bar(page)).toBeVisible();
    expect(await pageTop(row)).toBe(before);
    const floating = (await bar(page).boundingBox())!;
    const persona = (await page.getByRole('button', { name: 'Recruiter' }).boundingBox())!;
    expect(floating.y + floating.height).toBeLessThanOrEqual(persona.y);
    await page.screenshot({ path: testInfo.outputPath('bulk-bar-390.png') });
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

test.describe('at 320×640', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a name takes its line: the status goes under it, the ⋯ menu stays at its right', async ({
    page,
  }) => {
    await openUsers(page);
    const row = userRow(page, 'sara.haddad@globex.example');
    const name = row.getByText('Sara Haddad', { exact: true });
    await expect(name).toBeVisible();
    const rowBox = (await row.boundingBox())!;
    const nameBox = (await name.boundingBox())!;
    // Beside a status and a menu the name had under a third of the row (95 of 288 px).
    expect(nameBox.width).toBeGreaterThan(rowBox.width * 0.55);
    const status = (await row.getByText('Active', { exact: true }).boundingBox())!;
    expect(status.y).toBeGreaterThan(nameBox.y + nameBox.height);
    const menu = (await row
      .getByRole('button', { name: 'Actions for Sara Haddad' })
      .boundingBox())!;
    expect(menu.x).toBeGreaterThan(nameBox.x + nameBox.width);
    // No name of the first page is cut.
    const cut = await table(page)
      .locator('tbody tr td:nth-child(2) > div:first-child')
      .evaluateAll((all) =>
        all.filter((d) => d.scrollWidth > d.clientWidth).map((d) => d.textContent),
      );
    expect(cut).toEqual([]);
    expect(rowBox.height).toBeLessThan(110);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page, { bestPractice: true });
  });
});
