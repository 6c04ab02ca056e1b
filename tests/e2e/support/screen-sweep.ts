import type { Page } from '@playwright/test';
import { SCREEN_SLUGS } from '../../../src/shared/routes';
import {
  expect,
  expectAccessible,
  expectTabSwitchAccessible,
  hasHorizontalOverflow,
  recordFailedResponses,
  test,
  trackRequests,
  useDemoSession,
} from '../fixtures';
import {
  clippedButtons,
  coveredControls,
  hiddenRowActions,
  labelsPastCells,
  textPastRows,
  VIEWPORTS,
} from './layout-checks';
import { expectDark } from './theme';

type Screen = {
  path: string;
  signedIn?: boolean;
  shell?: false;
  tabs?: false;
  dark?: false;
  axe?: false;
};

/** The sweep's parts, one spec file each (`layout-<part>.spec.ts`), so that none runs long. */
export type SweepPart = 'site' | 'console' | 'products-1' | 'products-2' | 'tools' | 'signed-in';

/** The console first, then the six products (three per part), then the four tools (the sidebar's order). */
const PRODUCTS = SCREEN_SLUGS.slice(1, 7);

const partOf = (slug: (typeof SCREEN_SLUGS)[number]): SweepPart => {
  if (slug === 'admin') return 'console';
  const product = PRODUCTS.indexOf(slug);
  if (product === -1) return 'tools';
  return product < PRODUCTS.length / 2 ? 'products-1' : 'products-2';
};

/**
 * Every screen: the public pages signed out, every protected route signed in.
 * Each is checked to open where it was asked for (public pages never send a
 * visitor to sign in; a kept session opens a protected one without a detour),
 * inside the shared layout unless `shell: false`, and without a failed request;
 * then, unless `dark: false`, again in dark as the system turns to it (docs/product/public-site.md#dark-mode).
 */
const SCREENS: (Screen & { part: SweepPart })[] = [
  { path: '/', part: 'site' },
  { path: '/demo', part: 'site' },
  { path: '/final-todo', part: 'site' },
  { path: '/auth', shell: false, part: 'site' },
  ...SCREEN_SLUGS.map((slug) => ({ path: `/demo/${slug}`, part: partOf(slug) })),
  // A protected screen is its /demo twin's page: its tabs are walked there (the console's
  // differ signed in, so its are walked here), and axe reads every tab of it signed in in the
  // screen's own spec; the signed-in shell is read here on the console and the sign-on step.
  ...SCREEN_SLUGS.map((slug) => ({
    path: `/${slug}`,
    signedIn: true,
    ...(slug === 'admin'
      ? { part: 'console' as const }
      : {
          tabs: false as const,
          dark: false as const,
          axe: false as const,
          part: 'signed-in' as const,
        }),
  })),
  { path: '/auth-redirect?app_id=hirehub', signedIn: true, part: 'site' },
  // Without its parameters the sign-on step shows its Invalid Request view, still in the layout.
  { path: '/auth-redirect', signedIn: true, part: 'site' },
  // The account's two-step sign-in (simulated in demo mode).
  { path: '/account/security', signedIn: true, part: 'site' },
];

async function settle(page: Page, requests: ReturnType<typeof trackRequests>) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await requests.settled();
}

/** Each tab of the page's main tab list in turn (none on a page without tabs). */
async function forEachTab(
  page: Page,
  requests: ReturnType<typeof trackRequests>,
  visit: (tab: string, index: number) => Promise<void>,
) {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const names = (await tabs.count()) ? await tabs.allInnerTexts() : [''];
  for (const [i, name] of names.entries()) {
    if (name) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await requests.settled();
    }
    await visit(name.trim(), i);
  }
}

/** The sweep of one part's screens, at a phone's and a laptop's size, then in dark. */
export function sweepScreens(part: SweepPart) {
  test.describe('every screen at a phone’s and a laptop’s size', () => {
    for (const screen of SCREENS.filter((s) => s.part === part)) {
      test(`${screen.path}${screen.signedIn ? ' (signed in)' : ''}`, async ({ page }) => {
        // Two sizes, every tab, then dark: a slow machine needs more than the default minute.
        test.setTimeout(180_000);
        // Signed out too, no screen (nor any tab of the console's public twin) asks
        // for what it would be refused; the fixture fails on any console error.
        const failed = recordFailedResponses(page);
        const requests = trackRequests(page);
        if (screen.signedIn) await useDemoSession(page);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.goto(screen.path);
          await settle(page, requests);
          await expect(page, 'no redirect').toHaveURL(screen.path);
          if (screen.shell !== false) {
            // On a phone the sidebar is a drawer behind the menu button.
            const sidebar = page.getByRole('navigation', { name: 'Main' });
            if (viewport.width >= 1024) await expect(sidebar).toBeVisible();
            await expect(page.getByRole('navigation', { name: 'Ecosystem' })).toBeVisible();
            // The banner is the layout's first note; a screen may have notes of its own.
            await expect(page.getByRole('note').first()).toContainText('mock data only');
          }
          // axe on the screen as it opens, before the tabs below change it.
          if (screen.axe !== false) await expectAccessible(page, { bestPractice: true });
          const at = `${screen.path} at ${viewport.width} px`;
          expect(await coveredControls(page), `${at}: covered controls`).toEqual([]);
          const visit = async (tab: string, index = 0) => {
            const where = tab ? `${at}, ${tab} tab` : at;
            // At a laptop's size, axe on what each later tab switch changes.
            if (index > 0 && viewport.width >= 1024) await expectTabSwitchAccessible(page);
            expect(await hasHorizontalOverflow(page), `${where}: scrolls sideways`).toBe(false);
            expect(await clippedButtons(page), `${where}: clipped button text`).toEqual([]);
            if (viewport.width < 640) {
              expect(await hiddenRowActions(page), `${where}: row actions`).toEqual([]);
              expect(await textPastRows(page), `${where}: text past its row`).toEqual([]);
              expect(await labelsPastCells(page), `${where}: labels past their cell`).toEqual([]);
            }
          };
          await (screen.tabs === false ? visit('') : forEachTab(page, requests, visit));
        }
        if (screen.dark !== false) {
          await test.step('in dark', async () => {
            // No reload: the page follows the system's theme as it changes. Every rule has read
            // the page in light; in dark, the rules the colours decide.
            await page.emulateMedia({ colorScheme: 'dark' });
            let first = true;
            const visitDark = async () => {
              // The whole page once; then, tab by tab, what a tab switch changes.
              if (!first) return expectTabSwitchAccessible(page, { colorsOnly: true });
              first = false;
              await expectDark(page);
              await expectAccessible(page, { colorsOnly: true });
            };
            await (screen.tabs === false ? visitDark() : forEachTab(page, requests, visitDark));
          });
        }
        expect(failed, 'failed requests').toEqual([]);
      });
    }
  });
}
