// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { consoleAudit, startSecurityEventQueue } from './lib/audit/browser';
import './styles.css';

// Radix's scroll lock inserts a <style> tag; the per-request nonce lets our CSP admit it.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

// SPEC.md §4: the start-up queue logs config_change (app_startup). The console
// queue starts too, so that events an earlier page could not send go out now.
startSecurityEventQueue();
consoleAudit();

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
