/**
 * The client's routes (docs/product/public-site.md#routes, docs/product/architecture.md#names). The server uses
 * this list to answer unknown paths with status 404 while still serving the
 * app, which renders its not-found page.
 */
export const SCREEN_SLUGS = [
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
  'settings',
] as const;
export type ScreenSlug = (typeof SCREEN_SLUGS)[number];

/** Where an invitation's one-time link leads (docs/product/sign-in.md#invitations); its token rides in the fragment. */
export const INVITE_PATH = '/auth/invite';

/** The signed-in account's two-step sign-in (docs/product/sign-in.md#two-step-screen). */
export const SECURITY_PATH = '/account/security';

/** The same page's Connected applications (docs/product/sign-on.md#oidc-connected-applications). */
export const CONNECTED_APPS_ANCHOR = 'connected-applications';
export const CONNECTED_APPS_PATH = `${SECURITY_PATH}#${CONNECTED_APPS_ANCHOR}`;

/** Where a sign-up's verify link leads (docs/product/sign-in.md#sign-up-tells); its token rides in the fragment. */
export const VERIFY_PATH = '/auth/verify';

const STANDALONE_PATHS = [
  '/',
  '/auth',
  INVITE_PATH,
  VERIFY_PATH,
  '/auth-redirect',
  SECURITY_PATH,
  '/final-todo',
  '/demo',
] as const;

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((STANDALONE_PATHS as readonly string[]).includes(path)) return true;
  const match = /^(?:\/demo)?\/([a-z-]+)$/.exec(path);
  return !!match && (SCREEN_SLUGS as readonly string[]).includes(match[1]!);
}
