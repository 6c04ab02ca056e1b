import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectTabSwitchAccessible } from '../fixtures';

export const PERSONA_BUTTONS = ['Recruiter', 'Talent', 'Investor'] as const;
export type PersonaButton = (typeof PERSONA_BUTTONS)[number];

/**
 * What a tab must show: its heading and one sample record (a table row or a
 * list item). On a chart tab the record is a row of the heading chart's data
 * table, opened through its "Show data table" disclosure (`inChartTable`).
 */
export type TabCheck = {
  tab: string;
  heading: string;
  sample: { role: 'row' | 'listitem'; texts: string[] };
  inChartTable?: boolean;
};

export function tabPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** Selects a tab by its exact name and waits until it is the selected one. */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The tab's heading and a record carrying every one of the sample texts. */
export async function expectTabContent(page: Page, check: TabCheck) {
  const panel = tabPanel(page);
  const heading = panel.getByRole('heading', { name: check.heading, exact: true });
  await expect(heading).toBeVisible();
  let scope = panel;
  if (check.inChartTable) {
    // The card whose title is the heading, then its data table.
    const titled = page.getByRole('heading', { name: check.heading, exact: true });
    scope = panel
      .locator('div')
      .filter({ has: titled })
      .filter({ hasText: 'Show data table' })
      .last();
    await scope.getByText('Show data table').click();
  }
  const [first, ...rest] = check.sample.texts;
  const record = scope.getByRole(check.sample.role).filter({ hasText: first }).first();
  await expect(record).toBeVisible();
  for (const text of rest) await expect(record).toContainText(text);
}

/**
 * Visits every tab in order: selected, heading, sample record, and (when asked)
 * axe with reduced motion so nothing is measured mid-transition.
 */
export async function visitTabs(page: Page, checks: TabCheck[], { axe }: { axe: boolean }) {
  if (axe) await page.emulateMedia({ reducedMotion: 'reduce' });
  const names = await page.getByRole('tab').allInnerTexts();
  expect(names.map((n) => n.trim())).toEqual(checks.map((c) => c.tab));
  for (const [i, check] of checks.entries()) {
    await openTab(page, check.tab);
    await expectTabContent(page, check);
    if (!axe) continue;
    // The whole page once; then what a tab switch changes: the tab list and the panel.
    await (i ? expectTabSwitchAccessible(page) : expectAccessible(page));
  }
}

export async function switchPersona(page: Page, persona: PersonaButton) {
  const group = page.getByRole('group', { name: 'Viewing as' });
  await group.getByRole('button', { name: persona, exact: true }).click();
  await expect(group.getByRole('button', { name: persona, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/** The toast a demo button raises, found by its title. */
export function toast(page: Page, title: string): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}
