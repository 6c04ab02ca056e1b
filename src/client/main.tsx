// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { consoleAudit, startSecurityEventQueue } from './lib/audit/browser';
import { adoptCspNonce } from './lib/csp-nonce';
import { ReadyMark } from './lib/ready-mark';
import './styles.css';

adoptCspNonce();

// docs/product/audit-trail.md#startup-event: the start-up queue logs config_change (app_startup). The console
// queue starts too, so that events an earlier page could not send go out now.
startSecurityEventQueue();
consoleAudit();

const router = createRouter();

// In a transition, the first render yields to the browser every few milliseconds
// instead of holding the main thread for the whole screen.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <ReadyMark />
      </Providers>
    </StrictMode>,
  );
});
