// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { startRoot } from './app/start-root';

/**
 * The app (boot.tsx loads it): renders into the app shell, or hydrates a
 * public page pre-rendered at build time, after which the page is the
 * single-page app (client-side links, the console's code loaded per route).
 */
export async function startApp(container: HTMLElement, hydrate: boolean) {
  if (hydrate) {
    // The page's route code first, so that the first render is the page that is already there.
    for (const match of matchRoutes(routes, window.location) ?? []) {
      const { lazy } = match.route;
      if (typeof lazy !== 'function') continue;
      Object.assign(match.route, await lazy(), { lazy: undefined });
    }
  }
  const router = createBrowserRouter(routes);
  startRoot(
    container,
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
    hydrate,
  );
}
