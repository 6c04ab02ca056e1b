import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, hasHorizontalOverflow, test, useDemoSession } from './fixtures';
import { choose, openAdminTab, toast } from './support/admin-security';

test.describe('Security Audit tab', () => {
  test('submit waits for an application and a 15-character justification', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
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
    await page.getByLabel('Justification').fill('fifteen chars!!');
    await expect(submit).toBeEnabled();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);
  });

  test('a time limit outside 5 to 120 minutes is explained', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
    await choose(page, 'Application', 'HireHub');
    await page.getByLabel('Justification').fill('Checking the limit of the form');
    await page.getByLabel('Time limit (minutes)').fill('121');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByText('The time limit must be between 5 and 120 minutes')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a grant shows a live countdown and can be revoked early', async ({ page }) => {
    await openAdminTab(page, 'security-audit');
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
    const timer = page.getByRole('timer', { name: /^Quick Role Check API key:/ });
    await expect(timer).toHaveText(/^0[45]:\d\d$/);
    await expect(timer).toHaveAccessibleName(/minutes? \d+ seconds? remaining$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!);

    await page
      .getByRole('button', { name: 'Revoke access to the Quick Role Check API key' })
      .click();
    await expect(toast(page, 'Access Revoked')).toBeVisible();
    await expect(timer).toHaveCount(0);
  });

  test("a denial shows the server's reason", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    await openAdminTab(page, 'security-audit');
    await choose(page, 'Application', 'SortStak');
    await expect(page.getByText('SortStak holds an API key.')).toBeVisible();
    await choose(page, 'Credential type', 'Webhook secret');
    await page.getByLabel('Justification').fill('Check the signature of the export callbacks');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await page.getByRole('button', { name: 'Confirm Request' }).click();
    await expect(toast(page, 'Access Denied')).toContainText('SortStak has no webhook secret');
  });

  test('the audit trail filters by type and severity, exports CSV and verifies', async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(60_000);
    allowConsoleErrors(/status of 409/);
    await openAdminTab(page, 'security-audit');
    // Make sure a refusal is on the record, whatever else this run has done.
    await choose(page, 'Application', 'TalentMLS (inactive)');
    await page.getByLabel('Justification').fill('Inspect the retired listing feed');
    await page.getByRole('button', { name: 'Request Access' }).click();
    await page.getByRole('button', { name: 'Confirm Request' }).click();
    await expect(toast(page, 'Access Denied')).toContainText('TalentMLS is inactive');

    const table = page.getByRole('table', { name: 'Audit events' });
    await choose(page, 'Event type', 'admin.credential.grant.denied');
    // The unfiltered list's first row is the denial too: wait until only denials are listed.
    const types = () => table.locator('tbody tr td:nth-child(3)').allTextContents();
    await expect
      .poll(async () => [...new Set(await types())])
      .toEqual(['admin.credential.grant.denied']);
    await choose(page, 'Severity', 'high');
    await expect(table).toHaveCount(0);
    await expect(page.getByText('No event matches these filters.')).toBeVisible();
    await choose(page, 'Severity', 'medium');
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

    // The export itself is on the record.
    await choose(page, 'Severity', 'All severities');
    await choose(page, 'Event type', 'admin.audit.exported');
    await expect(table.getByRole('row').nth(1)).toContainText('admin.audit.exported');

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

    // An event recorded while the page is open arrives in the trail below the card.
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
