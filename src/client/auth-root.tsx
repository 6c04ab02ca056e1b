// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { AuthApp } from './app/auth-app';
import { startRoot } from './app/start-root';
import { INVITE_PATH } from '@shared/routes';

/**
 * The sign-in portal (boot.tsx loads it for `/auth`, once the pre-rendered
 * page is on screen, and for an invitation's `/auth/invite`): without the
 * router, the query library or the app's layout. The sign-in page itself is
 * the module the router loads for `/auth` too.
 */
export async function startAuth(container: HTMLElement, hydrate: boolean) {
  const { default: Page } =
    window.location.pathname === INVITE_PATH
      ? await import('./features/auth/invite-page')
      : await import('./features/auth/auth-page');
  startRoot(
    container,
    <AuthApp>
      <Page />
    </AuthApp>,
    hydrate,
  );
}
