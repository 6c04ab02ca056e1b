import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AuthApp } from './app/auth-app';
import { LandingApp } from './app/landing-app';
import { Providers } from './app/providers';
import { RootTree } from './app/root-tree';
import { routes } from './app/router';
import { SCREEN_SLUGS } from '@shared/routes';

/** Build time (scripts/build/prerender.mjs): the landing page's HTML, which landing-root.tsx hydrates. */
export async function renderLandingPage(): Promise<string> {
  const { default: LandingPage } = await import('./features/landing/landing-page');
  return renderToString(
    <RootTree>
      <LandingApp>
        <LandingPage />
      </LandingApp>
    </RootTree>,
  );
}

async function renderComplete(tree: ReactNode): Promise<string> {
  // Waits for every lazily loaded part (the route's code, a chart's plot) before writing.
  const { prelude } = await prerenderToNodeStream(tree);
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}

/** Build time: the sign-in portal's HTML (its toaster's too), which auth-root.tsx hydrates. */
export async function renderAuthPage(): Promise<string> {
  const { default: AuthPage } = await import('./features/auth/auth-page');
  return renderComplete(
    <RootTree>
      <AuthApp>
        <AuthPage />
      </AuthApp>
    </RootTree>,
  );
}

/**
 * Build time: the HTML of one of the app's public pages, signed out, for the
 * default persona, as app-root.tsx renders it before it reads the
 * visitor's own state.
 */
export async function renderAppPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderComplete(
    <RootTree>
      <Providers>
        {/* No hydration data: the routes load nothing, and it would be an inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </RootTree>,
  );
}

/** The public pages of the app pre-rendered at build time: static sample data, the same for everyone. */
export const APP_PAGES = ['/demo', '/final-todo', ...SCREEN_SLUGS.map((slug) => `/demo/${slug}`)];
