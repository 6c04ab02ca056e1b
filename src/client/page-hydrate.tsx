// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { consoleAudit, startSecurityEventQueue } from './lib/audit/browser';
import { adoptCspNonce } from './lib/csp-nonce';
import { ReadyMark } from './lib/ready-mark';

// Loaded by page-main.tsx once the pre-rendered page is on screen.
adoptCspNonce();
startSecurityEventQueue();
consoleAudit();

// The page's route code first, so that the app's first render is the page that is already there.
for (const match of matchRoutes(routes, window.location) ?? []) {
  const { lazy } = match.route;
  if (typeof lazy !== 'function') continue;
  Object.assign(match.route, await lazy(), { lazy: undefined });
}

const router = createBrowserRouter(routes);
// In a transition, hydration yields to the browser every few milliseconds.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <ReadyMark />
      </Providers>
    </StrictMode>,
  );
});
