import { SECURITY_PATH } from '@shared/routes';
import { screens } from './screens';

const SITE_NAME = 'Talent Ecosystem Demo';

const OWN_TITLES: Record<string, string> = {
  '/demo': 'Demo Dashboard',
  '/final-todo': 'Final To-Do',
  '/auth-redirect': 'Cross-platform sign-on',
  [SECURITY_PATH]: 'Two-step sign-in',
};

/** The document title of a page of the shared layout: the screen's name, then the site's. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const own = OWN_TITLES[path];
  if (own) return `${own} · ${SITE_NAME}`;
  const slug = path.replace(/^\/demo\//, '/').slice(1);
  const screen = screens.find((s) => s.slug === slug);
  return screen ? `${screen.label} · ${SITE_NAME}` : SITE_NAME;
}
