import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

type Health = { status: string; uptime: string };

/** The text of the value (`dd`) under a label (`dt`) that starts with `label`. */
async function valueOf(card: Locator, label: string): Promise<string> {
  const dd = card.locator('dt', { hasText: new RegExp(`^${label}`) }).locator('xpath=../dd');
  return (await dd.first().innerText()).trim();
}

async function badgeOf(card: Locator): Promise<string> {
  return (
    await card
      .getByText(/^(Healthy|Degraded)$/)
      .first()
      .innerText()
  ).trim();
}

/** Status and uptime of every platform card on /demo, for the persona in the address. */
async function demoHealth(page: Page, persona: string): Promise<Map<string, Health>> {
  await page.goto(`/demo?persona=${persona}`);
  const cards = page.getByRole('region', { name: 'Platform Health' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  const found = new Map<string, Health>();
  for (const card of await cards.all()) {
    const name = (await card.getByRole('heading').innerText()).trim();
    found.set(name, { status: await badgeOf(card), uptime: await valueOf(card, 'Uptime') });
  }
  return found;
}

async function platformCards(page: Page): Promise<Locator[]> {
  await page.goto('/demo/health');
  const panel = page.getByRole('tabpanel', { name: 'Platform Status' });
  await expect(panel.getByRole('heading', { name: 'TalentMLS', exact: true })).toBeVisible();
  return panel
    .getByRole('listitem')
    .filter({ has: page.locator('dt', { hasText: 'Uptime' }) })
    .all();
}

test.describe('facts several screens show agree', () => {
  test('/demo shows each platform with the status and uptime /health gives it', async ({
    page,
  }) => {
    const health = new Map<string, Health>();
    for (const card of await platformCards(page)) {
      const name = (await card.getByRole('heading').first().innerText()).trim();
      health.set(name, { status: await badgeOf(card), uptime: await valueOf(card, 'Uptime') });
    }
    expect(health.size).toBe(6);

    const seen = new Set<string>();
    for (const persona of ['recruiter', 'talent', 'investor']) {
      for (const [name, shown] of await demoHealth(page, persona)) {
        expect(health.get(name), `${name} on /demo?persona=${persona}`).toEqual(shown);
        seen.add(name);
      }
    }
    // Between them the personas show most of the ecosystem, the degraded platform included.
    expect(seen.size).toBeGreaterThanOrEqual(5);
    expect(health.get('TalentMLS')?.status).toBe('Degraded');
  });

  test('the median response on /health is the median of the responses it lists', async ({
    page,
  }) => {
    const responses: number[] = [];
    for (const card of await platformCards(page)) {
      responses.push(Number((await valueOf(card, 'Response')).replace(/[^\d.]/g, '')));
    }
    expect(responses).toHaveLength(6);
    const sorted = [...responses].sort((a, b) => a - b);
    const median = (sorted[2]! + sorted[3]!) / 2;

    const tile = page.getByText('Median response', { exact: true }).locator('..').locator('..');
    await expect(tile).toContainText(`${Math.round(median)} ms`);
    await expect(page.getByText('Average response', { exact: true })).toHaveCount(0);
  });

  test('each dashboard says it administers the product the landing page describes', async ({
    page,
  }) => {
    const products = [
      { name: 'HireHub', kind: 'employment marketplace', path: '/demo/hirehub' },
      {
        name: 'SortStak',
        kind: 'sorting and categorisation tool for talent management',
        path: '/demo/sortstak',
      },
      {
        name: 'TalentMLS',
        kind: 'multiple listing service for talent and opportunities',
        path: '/demo/talentmls',
      },
    ];
    await page.goto('/');
    for (const p of products) {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: p.name, exact: true }) });
      await expect(card.first()).toContainText(p.kind, { ignoreCase: true });
    }
    for (const p of products) {
      await page.goto(p.path);
      const header = page.locator('header, main').filter({
        has: page.getByRole('heading', { level: 1, name: p.name }),
      });
      await expect(header.first()).toContainText(`${p.name}, the ${p.kind}`);
    }
  });
});
