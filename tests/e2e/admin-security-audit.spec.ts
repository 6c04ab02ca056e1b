import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
  useDemoSession,
} from './fixtures';
import { choose, openAdminTab, openRequestDialog, toast } from './support/admin-security';
import { expectDark } from './support/theme';
import { verifyExport } from '../../src/server/audit/proof/export-manifest';

test.describe('Security Audit tab', () => {
  test('submit waits for an application and a 15-character justification', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
    await openRequestDialog(page);
    const submit = page.getByRole('button', { name: 'Request Access' });
    await expect(page.getByLabel('Time limit (minutes)')).toHaveValue('30');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Justification').fill('fourteen chars');
    await expect(submit).toBeDisabled();
    // Enter in a field forces the submit and gets the documented message.
    await page.getByLabel('Time limit (minutes)').press('Enter');
    await expect(toast(page, 'Please select an app and provide justification')).toBeVisible();
    await choose(page, 'Application', 'HireHub');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Justification').fill('  fourteen chars  ');
    await expect(submit).toBeDisabled();
    // The count is of the trimmed text, against its floor.
    await expect(page.getByLabel('Justification')).toHaveAccessibleDescription(
      /^14 characters \(at least 15\)\. Ctrl\+Enter submits\./,
    );
    await page.getByLabel('Justification').fill('fifteen chars!!');
    await expect(submit).toBeEnabled();
    await page.getByLabel('Justification').fill('x');
    await expect(page.getByLabel('Justification')).toHaveAccessibleDescription(
      /^1 character \(at least 15\)\./,
    );
    await page.getByLabel('Justification').fill('fifteen chars!!');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectModalAccessible(page);
  });

  test('a time limit outside 5 to 120 minutes is explained', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
    await openRequestDialog(page);
    await choose(page, 'Application', 'HireHub');
    await page.getByLabel('Justification').fill('Checking the limit of the form');
    await page.getByLabel('Time limit (minutes)').fill('121');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('The time limit must be between 5 and 120 minutes')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a grant shows a live countdown and can be revoked early', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
    const dialog = await openRequestDialog(page);
    await choose(page, 'Application', 'Quick Role Check');
    await choose(page, 'Credential type', 'API key');
    await page.getByLabel('Time limit (minutes)').fill('5');
    await page.getByLabel('Justification').fill('Verify the assessment callback signatures');
    await page.getByRole('button', { name: 'Request Access' }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Confirm Credential Access' });
    await expect(confirm).toContainText('the API key of Quick Role Check for 5 minutes');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Request Access' }).click();
    await confirm.getByRole('button', { name: 'Confirm Request' }).click();

    await expect(toast(page, 'Access Granted')).toContainText(
      'Time-limited access granted for 5 minutes',
    );
    // A grant closes the dialog; the countdown is on the tab.
    await expect(dialog).toBeHidden();
    const timer = page.getByRole('timer', { name: /^Quick Role Check API key:/ });
    await expect(timer).toHaveText(/^0[45]:\d\d$/);
    await expect(timer).toHaveAccessibleName(/minutes? \d+ seconds? remaining$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!);

    // Revoking asks first, in the destructive style; Cancel keeps the access.
    const revoke = page.getByRole('button', {
      name: 'Revoke access to the Quick Role Check API key',
    });
    await revoke.click();
    const ask = page.getByRole('alertdialog', { name: 'Revoke this access?' });
    await expect(ask).toContainText('the Quick Role Check API key');
    const end = ask.getByRole('button', { name: 'Revoke Access' });
    await expect(end).toHaveAttribute('data-variant', 'destructive');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectModalAccessible(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(revoke).toBeFocused();
    await expect(timer).toBeVisible();
    await revoke.click();
    await end.click();
    await expect(toast(page, 'Access Revoked')).toBeVisible();
    await expect(timer).toHaveCount(0);
  });

  test("a denial shows the server's reason", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    await openAdminTab(page, 'security-audit');
    const dialog = await openRequestDialog(page);
    await choose(page, 'Application', 'SortStak');
    await expect(page.getByText('SortStak holds an API key.')).toBeVisible();
    await choose(page, 'Credential type', 'Webhook secret');
    await page.getByLabel('Justification').fill('Check the signature of the export callbacks');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await page.getByRole('button', { name: 'Confirm Request' }).click();
    await expect(toast(page, 'Access Denied')).toContainText('SortStak has no webhook secret');
    // A denial stays in the dialog, with the reason beside the form.
    await expect(dialog.getByText('SortStak has no webhook secret')).toBeVisible();
  });

  test('the audit trail filters by type and severity, exports CSV and verifies', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(60_000);
    allowConsoleErrors(/status of 409/);
    await openAdminTab(page, 'security-audit');
    // Make sure a refusal is on the record, whatever else this run has done.
    const dialog = await openRequestDialog(page);
    await choose(page, 'Application', 'TalentMLS (inactive)');
    await page.getByLabel('Justification').fill('Inspect the retired listing feed');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await page.getByRole('button', { name: 'Confirm Request' }).click();
    await expect(toast(page, 'Access Denied')).toContainText('TalentMLS is inactive');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    const table = page.getByRole('table', { name: 'Audit events' });
    // Event types are named in words; the address keeps the type's key.
    await choose(page, 'Event type', 'Time-limited access denied');
    await expect(page).toHaveURL(/[?&]type=admin\.credential\.grant\.denied(&|$)/);
    // The unfiltered list's first row is the denial too: wait until only denials are listed.
    const types = () => table.locator('tbody tr td:nth-child(2) button').allTextContents();
    await expect
      .poll(async () => [...new Set(await types())])
      .toEqual(['Time-limited access denied']);
    await choose(page, 'Severity', 'High');
    await expect(table).toHaveCount(0);
    await expect(page.getByText('No event matches these filters.')).toBeVisible();
    await choose(page, 'Severity', 'Medium');
    await expect(table.getByRole('row').nth(1)).toContainText('Medium');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq,recorded_at,occurred_at,event_type,severity,source,reported_by,claimed_at,user_email,user_id,session_id,ip_address,user_agent,details',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1))
      expect(line).toContain(',admin.credential.grant.denied,medium,');
    await expect(toast(page, 'Audit Trail Exported')).toBeVisible();

    // Its signed manifest is offered beside it and proves the file as saved.
    const manifestDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download manifest' }).click();
    const manifestFile = await manifestDownload;
    expect(manifestFile.suggestedFilename()).toMatch(/\.manifest\.json$/);
    const manifest = JSON.parse(await readFile(await manifestFile.path(), 'utf8'));
    expect(manifest).toMatchObject({ file_format: 'csv', rows: lines.length - 1 });
    const saved = await readFile(await file.path());
    expect(verifyExport(saved, manifest)).toMatchObject({ ok: true });
    await expect(toast(page, 'Manifest Downloaded')).toBeVisible();

    // The export itself is on the record.
    await choose(page, 'Severity', 'All severities');
    await choose(page, 'Event type', 'Audit trail exported');
    await expect(table.getByRole('row').nth(1)).toContainText('Audit trail exported');

    await page.getByRole('button', { name: 'Verify again' }).click();
    await expect(page.getByText('Chain intact')).toBeVisible();
    await expect(page.getByText(/\d+ events? verified/)).toBeVisible();
  });

  test('the chain check says when newer events arrived after it', async ({ page }) => {
    // The trail lists one type that only this test records here: other tests' events, arriving
    // meanwhile on the shared server, stay out of it.
    await useDemoSession(page);
    await page.goto('/admin?tab=security-audit&type=security.suspicious_activity');
    const card = page.getByRole('region', { name: 'Audit Chain Verification' });
    await expect(card.getByText('Chain intact')).toBeVisible();
    const behind = card.getByText('Events recorded since this check are not verified yet');
    await expect(behind).toHaveCount(0);

    // An event recorded while the page is open arrives in the trail above the card.
    const note = `after the check ${crypto.randomUUID()}`;
    const sent = await page.request.post('/api/audit/events', {
      data: {
        source: 'console',
        events: [
          {
            id: crypto.randomUUID(),
            event_type: 'security.suspicious_activity',
            severity: 'medium',
            session_id: 'e2e-chain-check',
            timestamp: new Date().toISOString(),
            details: { note },
          },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const table = page.getByRole('table', { name: 'Audit events' });
    await expect(table.getByRole('row').filter({ hasText: note })).toBeVisible();
    await expect(behind).toBeVisible();

    await card.getByRole('button', { name: 'Verify again' }).click();
    await expect(behind).toHaveCount(0);
    await expect(card.getByText(/\d+ events? verified/)).toBeVisible();
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAdminTab(page, 'security-audit');
    await expect(page.getByText('Chain intact')).toBeVisible();
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });
});

/** Sends one console event with `details` as the demo administrator's browser would. */
async function reportEvent(page: Page, eventType: string, details: Record<string, unknown>) {
  const sent = await page.request.post('/api/audit/events', {
    headers: { authorization: `Bearer demo-token-${Date.now()}` },
    data: {
      source: 'console',
      events: [
        {
          id: crypto.randomUUID(),
          event_type: eventType,
          severity: 'medium',
          session_id: null,
          timestamp: new Date().toISOString(),
          details,
        },
      ],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

// docs/product/admin-console.md#security-audit-tab: the trail comes first.
test.describe('Security Audit tab, trail first', () => {
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the trail's heading is on the first screen at ${size.width}×${size.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await openAdminTab(page, 'security-audit');
      const heading = page.getByText('Recent Audit Trail', { exact: true });
      await expect(heading).toBeVisible();
      const box = (await heading.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      if (size.width === 1366) {
        // The filters are one row above the events (they were a 3×2 grid of fields).
        const filters = (await page.getByRole('group', { name: 'Filters' }).boundingBox())!;
        expect(filters.height).toBeLessThan(70);
      }
      // The request form waits behind its button; the status list is one folded strip.
      await expect(page.getByLabel('Justification')).toHaveCount(0);
      const strip = page.getByRole('region', { name: 'Security status' });
      await expect(strip).toContainText('6 of 6 safeguards enabled');
      await expect(strip.getByText('Row-level security')).toBeHidden();
      await strip.getByRole('button', { name: 'How each is met' }).click();
      await expect(strip.getByText('Row-level security')).toBeVisible();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  }

  test('a wide screen gives the actor and target columns room for a whole address', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openAdminTab(page, 'security-audit');
    const rows = page.getByRole('table', { name: 'Audit events' }).getByRole('row');
    const actor = rows.filter({ hasText: 'demo.admin@talentecosystem.demo' }).first();
    await expect(actor).toBeVisible();
    // Not cut with an ellipsis: the text's cell shows all of it.
    const cut = await actor
      .getByText('demo.admin@talentecosystem.demo', { exact: true })
      .evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
  });

  test('the request dialog cancels, and is accessible in both themes', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
    // axe reads the page once it is drawn, not the document while it loads.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Recent Audit Trail', { exact: true })).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page, { bestPractice: true });
    const dialog = await openRequestDialog(page);
    // The page behind a modal dialog is hidden from assistive technology and dimmed: axe reads
    // the dialog, then in dark the rules the colours decide.
    await expectModalAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectDark(page);
    await expectModalAccessible(page, { colorsOnly: true });
    await dialog.getByLabel('Justification').fill('Half-written and then abandoned');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Request access', exact: true })).toBeFocused();
    // Opened again, it starts afresh.
    await openRequestDialog(page);
    await expect(page.getByLabel('Justification')).toHaveValue('');
  });

  test('each event is one line that opens its details, in words and in full', async ({ page }) => {
    await useDemoSession(page);
    const marker = `panel-${crypto.randomUUID()}`;
    const email = `someone.with.a.rather.long.address.${marker}@talentecosystem.demo`;
    await reportEvent(page, 'security.suspicious_activity', {
      marker,
      email,
      kind: 'credential_stuffing',
      seen_at: '2026-11-28T06:52:58.192Z',
    });
    await page.goto('/admin?tab=security-audit&type=security.suspicious_activity');
    // The row names its target, the address.
    const row = page
      .getByRole('table', { name: 'Audit events' })
      .getByRole('row')
      .filter({ hasText: email });
    await expect(row).toBeVisible();
    // One line: the row is no taller than a line of its badge and text, and says it in words.
    expect((await row.boundingBox())!.height).toBeLessThan(56);
    await expect(row).toContainText('Suspicious activity');
    await expect(row).not.toContainText('security.suspicious_activity');
    await expect(row).not.toContainText('2026-11-28T');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page, { bestPractice: true });

    // By keyboard: the row's button opens the panel, Escape closes it and focus comes back.
    const open = row.getByRole('button', { name: 'Suspicious activity' });
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Suspicious activity' });
    await expect(panel).toBeVisible();
    const readable = panel.locator('dl').last();
    await expect(readable).toContainText(email);
    await expect(readable).toContainText('credential stuffing');
    await expect(readable).not.toContainText('credential_stuffing');
    await expect(readable).not.toContainText('2026-11-28T06:52');
    const raw = panel.getByLabel('Raw event');
    await expect(raw).toBeHidden();
    await panel.getByText('Raw event', { exact: true }).click();
    await expect(raw).toContainText('"kind": "credential_stuffing"');
    await expect(raw).toContainText('"seen_at": "2026-11-28T06:52:58.192Z"');
    await expect(raw).toContainText('"event_type": "security.suspicious_activity"');
    await expect(raw).toContainText(/"recorded_at": "\d{4}-\d{2}-\d{2}T/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectModalAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectDark(page);
    await expectModalAccessible(page, { colorsOnly: true });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();

    // On a phone the panel fits, the long address wrapping inside it.
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button').click();
    await expect(panel).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.width).toBeLessThanOrEqual(390);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    expect(
      await panel.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      'the panel does not scroll sideways',
    ).toBe(true);
  });

  test('on a phone each event is a compact row: what, actor · time, severity', async ({
    page,
  }, testInfo) => {
    await useDemoSession(page);
    const marker = `phone-${crypto.randomUUID()}`;
    for (let n = 1; n <= 5; n++) {
      await reportEvent(page, 'security.suspicious_activity', {
        marker,
        target_email: `phone.row.${n}.${marker}@talentecosystem.demo`,
      });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/admin?tab=security-audit&type=security.suspicious_activity');
    const rows = page
      .getByRole('table', { name: 'Audit events' })
      .getByRole('row')
      .filter({ hasText: marker });
    await expect(rows).toHaveCount(5);

    // The trail's heading at the top of the screen: at least four events fit below it.
    const heading = page.getByText('Recent Audit Trail', { exact: true });
    await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const events = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
    const boxes = await events.evaluateAll((all) =>
      all.map((r) => r.getBoundingClientRect()).map((b) => ({ top: b.top, bottom: b.bottom })),
    );
    const inView = boxes.filter((b) => b.top >= 0 && b.bottom <= 844);
    expect(inView.length).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: testInfo.outputPath('phone-trail.png') });

    // Two lines: what happened, then the actor and the time; the severity beside them.
    const row = rows.first();
    await expect(row.getByRole('button', { name: 'Suspicious activity' })).toBeVisible();
    const meta = row.locator('[data-slot="phone-meta"]');
    await expect(meta).toBeVisible();
    await expect(meta).toHaveText(/^.+ · .*\d{1,2}:\d{2}\s?[AP]M$/);
    const severity = row.getByText('Medium', { exact: true });
    await expect(severity).toBeVisible();
    // The badge sits beside the two lines, not under them.
    const badgeBox = (await severity.boundingBox())!;
    const metaBox = (await meta.boundingBox())!;
    expect(badgeBox.y).toBeLessThan(metaBox.y + metaBox.height);
    expect(badgeBox.x).toBeGreaterThanOrEqual(metaBox.x + metaBox.width);
    expect((await row.boundingBox())!.height).toBeLessThan(72);
    // Time, Actor and Target are not drawn as label/value lines, yet are still cells of the
    // row for screen readers.
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(5);
    for (const n of [0, 2, 3]) {
      const box = (await cells.nth(n).boundingBox())!;
      expect(box.width * box.height).toBeLessThanOrEqual(1);
    }
    await expect(cells.nth(3)).toHaveText(/^phone\.row\.5\./);
    // The second line says the Actor cell's words.
    const actor = (await cells.nth(2).textContent())!.trim();
    expect((await meta.textContent())!.startsWith(`${actor} · `)).toBe(true);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await expectAccessible(page, { bestPractice: true });

    // Tapping the row anywhere opens the event in full.
    await meta.click();
    await expect(page.getByRole('dialog', { name: 'Suspicious activity' })).toBeVisible();
  });

  test('on a phone the filters fold behind a button that counts them', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useDemoSession(page);
    await reportEvent(page, 'security.suspicious_activity', { note: 'for the phone filters' });
    await page.goto('/admin?tab=security-audit&severity=medium&source=console');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAccessibleName('Filters 2 active');
    const severity = page.getByLabel('Severity', { exact: true });
    await expect(severity).toBeHidden();
    // Folded, the first event sits close under the trail's heading.
    const table = page.getByRole('table', { name: 'Audit events' });
    await expect(table).toBeVisible();
    const heading = (await page.getByText('Recent Audit Trail', { exact: true }).boundingBox())!;
    const first = (await table.locator('tbody tr').first().boundingBox())!;
    expect(first.y - heading.y).toBeLessThan(400);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(severity).toHaveText('Medium');
    await choose(page, 'Time range', 'Last 30 days');
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A00Z(&|$)/);
    await expect(page.getByLabel('Time range', { exact: true })).toHaveText('Last 30 days');
    await expect(toggle).toHaveAccessibleName('Filters 3 active');
    expect(await hasHorizontalOverflow(page)).toBe(false);
  });

  test('a custom time range shows From and To; Any time clears them', async ({ page }) => {
    await useDemoSession(page);
    await page.goto('/admin?tab=security-audit');
    const from = page.getByLabel('From', { exact: true });
    await expect(page.getByLabel('Time range', { exact: true })).toHaveText('Any time');
    await expect(from).toHaveCount(0);
    await choose(page, 'Time range', 'Custom range');
    await from.fill('2026-11-01T08:00');
    // A date field applies when it is left.
    await from.blur();
    await expect(page).toHaveURL(/[?&]from=2026-11-/);
    await expect(page.getByLabel('Time range', { exact: true })).toHaveText('Custom range');
    await choose(page, 'Time range', 'Any time');
    await expect(page).not.toHaveURL(/[?&]from=/);
    await expect(from).toHaveCount(0);
  });
});
