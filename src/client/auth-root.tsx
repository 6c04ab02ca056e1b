// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { AuthApp } from './app/auth-app';
import { startRoot } from './app/start-root';

/**
 * The sign-in portal (boot.tsx loads it for `/auth`, once the pre-rendered
 * page is on screen, for an invitation's `/auth/invite` and a sign-up's `/auth/verify`): without the
 * router, the query library or the app's layout. The sign-in page itself is
 * the module the router loads for `/auth` too.
 */
export async function startAuth(container: HTMLElement, hydrate: boolean) {
  const { default: PortalPage } = await import('./features/auth/portal-page');
  startRoot(
    container,
    <AuthApp>
      <PortalPage />
    </AuthApp>,
    hydrate,
  );
}
