import { SCREEN_SLUGS, SECURITY_PATH } from '@shared/routes';

/** Where /auth sends a signed-in user who did not come from a protected page (docs/product/sign-in.md#signed-in-redirect). */
export const DEFAULT_AFTER_SIGN_IN = '/admin';

const PROTECTED = new Set<string>([
  '/auth-redirect',
  SECURITY_PATH,
  ...SCREEN_SLUGS.map((s) => `/${s}`),
]);

/** The protected routes (docs/product/public-site.md#protected-routes); their /demo twins, /, /demo and /final-todo are public. */
export function isProtectedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PROTECTED.has(path);
}

/**
 * A `?redirect=` value we are willing to follow: a path on this site only
 * (no scheme, no `//host`, no backslash tricks), and never /auth itself.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page, remembering where the user was going. */
export function signInPath(from?: string): string {
  const target = safeRedirectPath(from);
  return target ? `/auth?redirect=${encodeURIComponent(target)}` : '/auth';
}
