import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';

export { expect };

type PageProblems = { consoleErrors: string[]; cspViolations: string[]; allowed: RegExp[] };

/**
 * Every test fails on a console error or a CSP violation on any page it opened,
 * unless it declares the errors it expects with `allowConsoleErrors`.
 */
/**
 * A pre-rendered page is on screen before its script runs, and answers input
 * only once the app has taken it over (`<html data-ready>`, lib/ready-mark.tsx).
 * After a navigation, wait for that, as a person would see a page settle, so
 * that a test's first click is not lost. Pages that are not the app (the
 * sign-on receiver) have no #root and are not waited for.
 */
async function appReady(page: Page) {
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.ready === 'true',
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {
      // Navigated away meanwhile, or scripts are off: the test's own checks will say.
    });
}

export const test = base.extend<{
  problems: PageProblems;
  allowConsoleErrors: (pattern: RegExp) => void;
}>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await appReady(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await appReady(page);
      return response;
    };
    await use(page);
  },
  problems: [
    async ({ page }, use) => {
      const problems: PageProblems = { consoleErrors: [], cspViolations: [], allowed: [] };
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(
            `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`,
          );
        });
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (/content security policy|csp violation/i.test(text)) problems.cspViolations.push(text);
        else problems.consoleErrors.push(text);
      });
      page.on('pageerror', (err) => problems.consoleErrors.push(`pageerror: ${err.message}`));
      await use(problems);
    },
    { auto: true },
  ],
  allowConsoleErrors: async ({ problems }, use) => {
    await use((pattern) => problems.allowed.push(pattern));
  },
});

test.afterEach(async ({ problems }) => {
  expect(problems.cspViolations, 'CSP violations').toEqual([]);
  const unexpected = problems.consoleErrors.filter((e) => !problems.allowed.some((p) => p.test(e)));
  expect(unexpected, 'console errors').toEqual([]);
});

/**
 * axe on the current page: no serious or critical violation. With
 * `bestPractice`, axe's best-practice rules run too (content outside any
 * landmark, skipped heading levels, …) and any violation at all fails.
 * With `include`, only those parts of the page are checked (what a tab
 * switch changed, once the whole page has been). With `colorsOnly`, only the
 * rules a change of theme can change (contrast, links told apart by colour):
 * for the same page in its other theme, once every rule has run on it.
 */
export async function expectAccessible(
  page: Page,
  options: {
    exclude?: string[];
    include?: string[];
    bestPractice?: boolean;
    colorsOnly?: boolean;
  } = {},
) {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  if (options.bestPractice) tags.push('best-practice');
  let builder = options.colorsOnly
    ? new AxeBuilder({ page }).withRules(THEME_RULES)
    : new AxeBuilder({ page }).withTags(tags);
  // Only violations are read: axe then describes no element for the rules that passed or did not
  // apply (on a long page, thousands) and hands back far less. One `axe.run` in the page itself:
  // the default (a partial run per frame, then a blank page opened to merge them, for frames of
  // other origins, which no page here has) cost two thirds of every check.
  builder = builder.options({ resultTypes: ['violations'] }).setLegacyMode(true);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const failing = results.violations
    .filter((v) => options.bestPractice || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(
    failing,
    options.bestPractice
      ? 'accessibility violations'
      : 'serious or critical accessibility violations',
  ).toEqual([]);
}

/** The axe rules whose outcome a theme's colours decide. */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** axe on what a tab switch changed (the tab list and the panel), once the whole page has been checked. */
export function expectTabSwitchAccessible(page: Page, options: { colorsOnly?: boolean } = {}) {
  return expectAccessible(page, { include: ['[role=tablist]', '[role=tabpanel]'], ...options });
}

/**
 * axe on the open modal dialog alone, best practices included: the page behind it is hidden from
 * assistive technology and unchanged, and is checked where it is the subject.
 */
export async function expectModalAccessible(page: Page, options: { colorsOnly?: boolean } = {}) {
  // axe leaves the contrast of a text undecided ("partially overlaps other elements") when its
  // lines lie over different elements, as a wrapped line of a dialog does over the page behind it
  // (axe-core#5127), and a dialog's faint description then passed. The page behind stays laid out
  // but unpainted while axe runs, so that the text lies over the dialog alone and is measured.
  await page.evaluate(() => {
    const top = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].at(-1);
    for (const el of document.body.children) {
      if (el instanceof HTMLElement && top && !el.contains(top)) {
        el.dataset.behindModal = el.style.visibility;
        el.style.visibility = 'hidden';
      }
    }
  });
  try {
    await expectAccessible(page, {
      bestPractice: true,
      include: ['[role="dialog"], [role="alertdialog"]'],
      ...options,
    });
  } finally {
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-behind-modal]')) {
        el.style.visibility = el.dataset.behindModal ?? '';
        delete el.dataset.behindModal;
      }
    });
  }
}

/** Notes every answer of 400 or more the page receives from now on. */
export function recordFailedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

/** A live stream: the console's audit events, read as they are recorded. */
const LIVE_STREAM = /\/api\/admin\/audit\/stream(\?|$)/;

/**
 * Follows the page's requests from now on, live streams aside: `settled()` resolves once none
 * has been in flight for half a second. Playwright's `networkidle` never comes while a page holds
 * a live stream open (the console's Overview and Security Audit tab do).
 */
export function trackRequests(page: Page) {
  const pending = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource' || LIVE_STREAM.test(request.url())) return;
    pending.add(request);
    changed = Date.now();
  });
  const done = (request: Request) => {
    if (pending.delete(request)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      await page.waitForLoadState('load');
      await expect
        .poll(() => pending.size === 0 && Date.now() - changed >= 500, { intervals: [100] })
        .toBe(true);
    },
  };
}

/** True when the page scrolls sideways (something is wider than the viewport). */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

/** Signs in through the mock sign-in by writing its session, as a reload would find it. */
export async function useDemoSession(page: Page) {
  await page.addInitScript(() => {
    const now = Date.now();
    localStorage.setItem(
      'ted.auth.session',
      JSON.stringify({
        user: {
          id: `demo-user-${now}`,
          email: 'demo@example.com',
          user_metadata: { full_name: 'Demo User' },
        },
        access_token: `demo-token-${now}`,
      }),
    );
  });
}
