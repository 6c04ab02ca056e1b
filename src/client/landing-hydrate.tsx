import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { consoleAudit, startSecurityEventQueue } from './lib/audit/browser';
import { adoptCspNonce } from './lib/csp-nonce';
import { ReadyMark } from './lib/ready-mark';

// Loaded by landing-main.tsx once the pre-rendered page is on screen.
adoptCspNonce();

// docs/product/audit-trail.md#startup-event: the start-up queue logs config_change (app_startup); the console
// queue sends what an earlier page could not.
startSecurityEventQueue();
consoleAudit();

// In a transition, hydration yields to the browser every few milliseconds instead of
// holding the main thread: the page answers input while it becomes interactive.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <LandingApp />
      <ReadyMark />
    </StrictMode>,
  );
});
