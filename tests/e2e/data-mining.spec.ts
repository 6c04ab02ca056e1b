import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectModalAccessible,
  hasHorizontalOverflow,
  test,
} from './fixtures';
import {
  expectNoOverflowOnPhone,
  expectTilesBeforeTabs,
  openDashboard,
  routesOf,
  rowsOf,
  selectTab,
  statValue,
  visitTabsAccessibly,
  type DashboardRoute,
  type TabCheck,
} from './support/dashboards';

const DATASETS = [
  ['talent_profiles', 'Talent Profiles', '1,284,560', 'Structured'],
  ['job_postings', 'Job Postings', '486,230', 'Semi-structured'],
  ['compensation_data', 'Compensation Data', '2,140,875', 'Time series'],
  ['skills_database', 'Skills Database', '38,420', 'Graph'],
  ['market_trends', 'Market Trends', '9,612,300', 'Aggregated'],
] as const;

const ALGORITHMS = [
  ['Skill Clustering', 'Groups profiles and postings', 'Medium complexity'],
  ['Salary Prediction', 'Predicts a fair pay band', 'High complexity'],
  ['Talent Matching', 'Scores each candidate', 'High complexity'],
  ['Trend Analysis', 'Finds rising and falling demand', 'Low complexity'],
  ['Career Path', 'Traces the moves people make', 'Medium complexity'],
] as const;

const TABS: TabCheck[] = [
  {
    name: 'Mining Jobs',
    check: async (panel) => {
      const jobs = rowsOf(panel, 'Mining jobs');
      await expect(jobs).toHaveCount(11);
      for (const status of ['Running', 'Completed', 'Paused']) {
        await expect(jobs.filter({ hasText: status }).first()).toBeVisible();
      }
      await expect(
        panel.getByRole('progressbar', { name: 'Emerging AI skills scan progress' }),
      ).toHaveAttribute('aria-valuenow', '81');
      await expect(
        jobs.filter({ hasText: 'HireHub to TalentMLS candidate matching' }),
      ).toContainText('Custom: 0 */6 * * *');
    },
  },
  {
    name: 'Datasets',
    check: async (panel) => {
      const rows = rowsOf(panel, 'Datasets');
      await expect(rows).toHaveCount(5);
      for (const [id, name, records, type] of DATASETS) {
        const row = rows.filter({ hasText: id });
        await expect(row).toContainText(name);
        await expect(row).toContainText(records);
        await expect(row).toContainText(type);
      }
      await expect(panel.getByRole('img', { name: /^Records by dataset/ })).toBeVisible();
    },
  },
  {
    name: 'Pattern Analysis',
    check: async (panel) => {
      await expect(rowsOf(panel, 'Discovered patterns')).toHaveCount(8);
      await expect(panel.getByText('High impact').first()).toBeVisible();
      await expect(panel.getByRole('img', { name: /^Skill demand in job postings/ })).toBeVisible();
    },
  },
  {
    name: 'Configuration',
    check: async (panel) => {
      for (const section of ['Compute', 'Data access', 'Scheduling', 'Notifications']) {
        await expect(panel.getByRole('heading', { name: section })).toBeVisible();
      }
      await expect(panel.getByText('Default timeout')).toBeVisible();
      await expect(panel.getByText('60 minutes')).toBeVisible();
    },
  },
];

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'New Mining Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Mining Job' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseSchedule(page: Page, dialog: Locator, option: string) {
  await dialog.getByRole('tab', { name: 'Schedule' }).click();
  await dialog.getByRole('combobox', { name: 'Schedule type' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Each required field of the wizard and how to set it. */
const REQUIRED: Record<string, (page: Page, dialog: Locator) => Promise<void>> = {
  'job name': async (_page, dialog) => {
    await dialog.getByRole('tab', { name: 'Basic Info' }).click();
    await dialog.getByLabel('Job name').fill('Weekly skills scan');
  },
  'data source': async (_page, dialog) => {
    await dialog.getByRole('tab', { name: 'Data Source' }).click();
    await dialog.getByRole('radio', { name: 'Job Postings' }).check();
  },
  algorithm: async (_page, dialog) => {
    await dialog.getByRole('tab', { name: 'Algorithm' }).click();
    await dialog.getByRole('radio', { name: 'Trend Analysis' }).check();
  },
  'schedule type': (page, dialog) => chooseSchedule(page, dialog, 'Weekly'),
};

for (const route of routesOf('data-mining').filter((r) => r.signedIn)) {
  test(`${route.path} opens with stat tiles, then shows every tab`, async ({ page }) => {
    await openDashboard(page, route, 'Data Mining');
    await expectTilesBeforeTabs(page, 'Running jobs');
    // Its /demo twin is the same page: the layout sweep checks it signed out, axe on every tab.
    await visitTabsAccessibly(page, TABS, { axe: false });
  });
}

// The two routes are one page: what follows runs on the public twin (the protected route
// creates a job in its own test below).
const [protectedRoute, publicRoute] = routesOf('data-mining') as [DashboardRoute, DashboardRoute];

test.describe(publicRoute.path, () => {
  test('fits a 375 px phone on every tab and in the wizard', async ({ page }) => {
    await openDashboard(page, publicRoute, 'Data Mining');
    await expectNoOverflowOnPhone(page, TABS);
    const dialog = await openWizard(page);
    await chooseSchedule(page, dialog, 'Custom (cron)');
    await dialog.getByLabel('Cron expression').fill('*/15 9-17 * * 1-5');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  for (const width of [1366, 1920]) {
    test(`the Datasets table fits at ${width} px without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page, publicRoute, 'Data Mining');
      await selectTab(page, 'Datasets');
      const table = page.getByRole('table', { name: 'Datasets' });
      await expect(table.getByRole('row')).not.toHaveCount(0);
      // The box that would scroll: the table's own scroller (components/ui/table.tsx).
      const scroll = await table.evaluate((el) => {
        const box = el.parentElement!;
        return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
      });
      expect(scroll.scrollWidth, JSON.stringify(scroll)).toBeLessThanOrEqual(scroll.clientWidth);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  }

  test('the run/pause button shows pause while running, play otherwise, and toggles the job', async ({
    page,
  }) => {
    await openDashboard(page, publicRoute, 'Data Mining');
    const row = rowsOf(page, 'Mining jobs').filter({
      hasText: 'Skill clusters for engineering talent',
    });
    await expect(row).toContainText('Running');
    await expect(statValue(page, 'Running jobs')).toHaveText('4');

    const pause = row.getByRole('button', {
      name: 'Pause Skill clusters for engineering talent',
    });
    await expect(pause.locator('svg.lucide-pause')).toHaveCount(1);
    await pause.click();
    await expect(row).toContainText('Paused');
    await expect(statValue(page, 'Running jobs')).toHaveText('3');
    const run = row.getByRole('button', { name: 'Run Skill clusters for engineering talent' });
    await expect(run.locator('svg.lucide-play')).toHaveCount(1);
    await expect(
      row.getByRole('progressbar', { name: 'Skill clusters for engineering talent progress' }),
    ).toHaveAttribute('aria-valuenow', '68');

    await run.click();
    await expect(row).toContainText('Running');
    await expect(
      row.getByRole('button', { name: 'Pause Skill clusters for engineering talent' }),
    ).toBeVisible();
    await expect(statValue(page, 'Running jobs')).toHaveText('4');
  });
});

test('a completed job shows play and runs again from the start', async ({ page }) => {
  await openDashboard(page, publicRoute, 'Data Mining');
  const row = rowsOf(page, 'Mining jobs').filter({ hasText: 'Salary bands refresh' });
  await expect(row).toContainText('Completed');
  const run = row.getByRole('button', { name: 'Run Salary bands refresh' });
  await expect(run.locator('svg.lucide-play')).toHaveCount(1);
  await run.click();
  await expect(row).toContainText('Running');
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(row.getByRole('button', { name: 'Pause Salary bands refresh' })).toBeVisible();
});

test.describe('New Mining Job wizard', () => {
  test.beforeEach(async ({ page }) => {
    await openDashboard(page, publicRoute, 'Data Mining');
  });

  test('Create stays disabled until the last required field is set, whichever it is', async ({
    page,
  }) => {
    for (const last of Object.keys(REQUIRED)) {
      await test.step(`the ${last} last`, async () => {
        const dialog = await openWizard(page);
        const create = dialog.getByRole('button', { name: 'Create Mining Job' });
        await expect(create).toBeDisabled();
        for (const [field, set] of Object.entries(REQUIRED)) {
          if (field === last) continue;
          await set(page, dialog);
          await expect(create).toBeDisabled();
        }
        await expect(dialog.getByText(`Still needed: ${last}.`)).toBeVisible();
        await REQUIRED[last]!(page, dialog);
        await expect(create).toBeEnabled();
        await expect(dialog.getByText('Ready: every required field is set.')).toBeVisible();
        // Cancel empties the wizard (checked below), so the next round starts from nothing.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      });
    }
  });

  test('has its four tabs, each data source and each algorithm with description and complexity', async ({
    page,
  }) => {
    test.slow(); // three axe runs
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const dialog = await openWizard(page);
    await expect(dialog.getByRole('tab')).toHaveText([
      'Basic Info',
      'Data Source',
      'Algorithm',
      'Schedule',
    ]);
    await expect(dialog.getByLabel('Job name')).toBeVisible();
    await expect(dialog.getByLabel('Description')).toBeVisible();
    await expectModalAccessible(page);

    await dialog.getByRole('tab', { name: 'Data Source' }).click();
    for (const [id, name, records] of DATASETS) {
      const radio = dialog.getByRole('radio', { name, exact: true });
      await expect(radio).toBeVisible();
      await expect(radio).toHaveAccessibleDescription(new RegExp(records));
      await expect(dialog.getByText(id, { exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    await dialog.getByRole('tab', { name: 'Algorithm' }).click();
    for (const [name, description, complexity] of ALGORITHMS) {
      const radio = dialog.getByRole('radio', { name, exact: true });
      await expect(radio).toHaveAccessibleDescription(new RegExp(`^${description}`));
      const card = dialog
        .locator('label')
        .filter({ has: page.getByRole('radio', { name, exact: true }) });
      await expect(card.getByText(complexity)).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('shows the cron field only for a custom schedule, with its help', async ({ page }) => {
    test.slow(); // three axe runs
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const dialog = await openWizard(page);
    await dialog.getByRole('tab', { name: 'Schedule' }).click();
    const cron = dialog.getByLabel('Cron expression');
    await expect(cron).toHaveCount(0);

    await dialog.getByRole('combobox', { name: 'Schedule type' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Immediate',
      'Daily',
      'Weekly',
      'Monthly',
      'Custom (cron)',
    ]);
    await page.keyboard.press('Escape');
    for (const option of ['Immediate', 'Daily', 'Weekly', 'Monthly']) {
      await chooseSchedule(page, dialog, option);
      await expect(cron).toHaveCount(0);
    }

    await chooseSchedule(page, dialog, 'Custom (cron)');
    await expect(cron).toBeVisible();
    await expect(cron).toHaveAccessibleDescription(/Use standard cron syntax/);
    await expect(dialog.getByText(/Use standard cron syntax/)).toContainText(
      '0 */6 * * * runs every 6 hours',
    );

    // Optional and unvalidated: whatever is typed is kept, and nothing is judged.
    await cron.fill('99 * * * *');
    await expect(cron).toHaveValue('99 * * * *');
    await expect(cron).not.toHaveAttribute('aria-invalid');
    await expect(dialog.getByText(/valid cron/)).toHaveCount(0);
    await expectAccessible(page);

    await chooseSchedule(page, dialog, 'Daily');
    await expect(cron).toHaveCount(0);
  });

  test('keeps description, cron and the advanced options optional and unvalidated', async ({
    page,
  }) => {
    const dialog = await openWizard(page);
    for (const set of Object.values(REQUIRED)) await set(page, dialog);
    const create = dialog.getByRole('button', { name: 'Create Mining Job' });
    await expect(create).toBeEnabled();

    await expect(dialog.getByLabel('Timeout')).toHaveAttribute('placeholder', '60 minutes');
    await dialog.getByLabel('Timeout').fill('whenever');
    await dialog.getByLabel('Notification email').fill('not an address');
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await expect(page.getByRole('option')).toHaveText(['Low', 'Normal', 'High', 'Critical']);
    await page.getByRole('option', { name: 'Critical' }).click();
    await chooseSchedule(page, dialog, 'Custom (cron)');
    await expect(create).toBeEnabled();
    await dialog.getByLabel('Cron expression').fill('not cron');
    await expect(create).toBeEnabled();
  });

  test('Cancel closes it without adding a job, and it opens empty again', async ({ page }) => {
    const dialog = await openWizard(page);
    await dialog.getByLabel('Job name').fill('Abandoned job');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowsOf(page, 'Mining jobs')).toHaveCount(11);
    await expect(page.getByText('Abandoned job')).toHaveCount(0);

    const again = await openWizard(page);
    await expect(again.getByLabel('Job name')).toHaveValue('');
  });
});

test(`${protectedRoute.path}: Create closes the wizard, logs the job and lists it`, async ({
  page,
}) => {
  const logged: unknown[] = [];
  page.on('console', async (msg) => {
    if (msg.type() === 'info' && msg.text().startsWith('Creating mining job')) {
      logged.push(await msg.args()[1]?.jsonValue());
    }
  });
  await openDashboard(page, protectedRoute, 'Data Mining');
  await selectTab(page, 'Datasets');

  const dialog = await openWizard(page);
  await dialog.getByLabel('Job name').fill('Nightly audit chain check');
  await dialog.getByLabel('Description').fill('Walk the audit chain every night.');
  await dialog.getByRole('tab', { name: 'Data Source' }).click();
  await dialog.getByRole('radio', { name: 'Skills Database' }).check();
  await dialog.getByRole('tab', { name: 'Algorithm' }).click();
  await dialog.getByRole('radio', { name: 'Career Path' }).check();
  await chooseSchedule(page, dialog, 'Custom (cron)');
  await dialog.getByLabel('Cron expression').fill('0 2 * * *');
  await dialog.getByLabel('Timeout').fill('45 minutes');
  await dialog.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await dialog.getByLabel('Notification email').fill('ops@example.com');
  await dialog.getByRole('button', { name: 'Create Mining Job' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Mining Jobs' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const jobs = rowsOf(page, 'Mining jobs');
  await expect(jobs).toHaveCount(12);
  const created = jobs.first();
  for (const text of [
    'Nightly audit chain check',
    'mj-1043',
    'High priority',
    'Skills Database',
    'Career Path',
    'Custom: 0 2 * * *',
    'Paused',
  ]) {
    await expect(created).toContainText(text);
  }
  await expect(
    created.getByRole('button', { name: 'Run Nightly audit chain check' }),
  ).toBeVisible();
  await expect(page.getByText('Mining job “Nightly audit chain check” created')).toBeVisible();

  await expect.poll(() => logged.length).toBe(1);
  expect(logged[0]).toMatchObject({
    id: 'mj-1043',
    name: 'Nightly audit chain check',
    description: 'Walk the audit chain every night.',
    dataset: 'skills_database',
    algorithm: 'career_path',
    schedule: 'custom',
    cron: '0 2 * * *',
    timeout: '45 minutes',
    priority: 'high',
    notify: 'ops@example.com',
    status: 'paused',
    progress: 0,
  });
});

test('an immediate job starts running as soon as it is created', async ({ page }) => {
  await openDashboard(page, publicRoute, 'Data Mining');
  const dialog = await openWizard(page);
  await dialog.getByLabel('Job name').fill('Fraud signal sweep');
  await REQUIRED['data source']!(page, dialog);
  await REQUIRED.algorithm!(page, dialog);
  await chooseSchedule(page, dialog, 'Immediate');
  await dialog.getByRole('button', { name: 'Create Mining Job' }).click();
  await expect(dialog).toBeHidden();
  const created = rowsOf(page, 'Mining jobs').first();
  await expect(created).toContainText('Fraud signal sweep');
  await expect(created).toContainText('Running');
  await expect(created.getByRole('button', { name: 'Pause Fraud signal sweep' })).toBeVisible();
  await expect(statValue(page, 'Running jobs')).toHaveText('5');
  await expect(page.getByText('of 12 jobs')).toBeVisible();
});
