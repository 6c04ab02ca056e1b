import { SCREEN_SLUGS, SECURITY_PATH, type ScreenSlug } from '../../src/shared/routes.ts';
import type { BudgetOptions, RouteEntry } from './bundle-budget.ts';

/**
 * The screens whose pages show charts (the admin console's Analytics tab among them):
 * the only ones that may load the charting library.
 */
const CHART_SCREENS: readonly ScreenSlug[] = [
  'admin',
  'hirehub',
  'role-builder',
  'qrc',
  'sortstak',
  'talentmls',
  'talentspark',
  'ip-filters',
  'data-mining',
  'health',
];

const pageOf = (slug: ScreenSlug) =>
  slug === 'admin'
    ? 'src/client/features/admin/admin-page.tsx'
    : `src/client/features/products/${slug}/${slug}-page.tsx`;

/** The app's root: boot.tsx loads it on every route but the landing page and the sign-in portal. */
const APP_ROOT = 'src/client/app-root.tsx';

type AppRoute = RouteEntry & { screen?: ScreenSlug };

/**
 * What every page's start-up loads with import() without waiting for input, beside the page
 * (app/start-root.tsx): the audit queues, which log the start-up event.
 */
const BACKGROUND = ['src/client/lib/audit/browser.ts'];

/** The sign-in portal's own small app (auth-root.tsx): the sign-in and an invitation's link. */
const SIGN_IN_PORTAL = '/auth, /auth/invite';

const routes: AppRoute[] = [
  {
    route: '/',
    entry: 'index',
    // Loaded once the pre-rendered page is on screen (boot.tsx), with the page it hydrates.
    pages: ['src/client/landing-root.tsx', 'src/client/features/landing/landing-page.tsx'],
    background: BACKGROUND,
    // Its command palette (with the user search of an administrator) loads on first use only.
    onInput: ['src/client/app/command-palette/landing-palette.tsx'],
    // docs/product/quality.md#landing-budget: 91 KiB, as the browser transfers it (brotli, and
    // each file's response headers), every file the page loads without input included.
    maxTransferBytes: 93_184,
  },
  {
    route: SIGN_IN_PORTAL,
    entry: 'index',
    // Loaded once the pre-rendered page is on screen (boot.tsx), with the page it hydrates (the
    // sign-in, or an invitation's link: portal-page.tsx holds both) and the toaster it shows at
    // once (a sign-in's toasts).
    pages: [
      'src/client/auth-root.tsx',
      'src/client/features/auth/portal-page.tsx',
      'src/client/components/ui/toaster.tsx',
    ],
    background: BACKGROUND,
    // A sign-in form: 150 KiB.
    maxGzipBytes: 153_600,
  },
  {
    route: '/demo',
    entry: 'index',
    roots: [APP_ROOT],
    pages: ['src/client/features/demo/demo-page.tsx'],
  },
  {
    route: '/final-todo',
    entry: 'index',
    roots: [APP_ROOT],
    pages: ['src/client/features/todo/final-todo-page.tsx'],
  },
  {
    route: '/auth-redirect',
    entry: 'index',
    roots: [APP_ROOT],
    pages: ['src/client/features/sso/auth-redirect-page.tsx'],
  },
  {
    route: SECURITY_PATH,
    entry: 'index',
    roots: [APP_ROOT],
    pages: ['src/client/features/auth/security-page.tsx'],
  },
  ...SCREEN_SLUGS.map((slug) => ({
    route: `/${slug}, /demo/${slug}`,
    entry: 'index',
    roots: [APP_ROOT],
    pages: [pageOf(slug)],
    screen: slug,
  })),
];

const screenOf = (route: RouteEntry) => (route as AppRoute).screen;

/** The budgets of docs/product/quality.md#bundle-budgets for this app (vite.config.ts; scripts/build/bundle-budget.ts enforces them). */
export const appBudgets: BudgetOptions = {
  routes,
  restricted: [
    {
      name: 'the admin console',
      test: /^src\/client\/features\/admin\//,
      allowedOn: (route) => screenOf(route) === 'admin',
    },
    {
      name: 'the charting library',
      test: /(^|\/)node_modules\/(recharts|d3-[a-z-]+|victory-vendor)\/|^src\/client\/components\/charts\//,
      allowedOn: (route) => CHART_SCREENS.includes(screenOf(route)!),
    },
    ...SCREEN_SLUGS.filter((slug) => slug !== 'admin').map((slug) => ({
      name: `${slug}'s screen and data`,
      test: new RegExp(`^src/client/features/products/${slug}/`),
      allowedOn: (route: RouteEntry) => screenOf(route) === slug,
    })),
    {
      // A sign-in form needs neither: boot.tsx gives /auth and /auth/invite their own root (auth-root.tsx).
      name: 'the router or the query library',
      test: /(^|\/)node_modules\/(react-router|@tanstack\/[a-z-]+)\//,
      allowedOn: (route) => route.route !== SIGN_IN_PORTAL,
    },
    {
      name: 'the landing page',
      test: /^src\/client\/features\/landing\//,
      allowedOn: (route) => route.route === '/',
    },
  ],
};
