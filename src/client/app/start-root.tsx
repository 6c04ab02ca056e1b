import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptCspNonce } from '@/lib/csp-nonce';
import { RootTree } from './root-tree';

/**
 * What every page does when its code starts, whichever root it is: adopt the
 * CSP nonce, start the audit queues, then render `app` into `container`, or
 * hydrate the pre-rendered markup there, and mark the document ready.
 */
export function startRoot(container: HTMLElement, app: ReactNode, hydrate: boolean) {
  adoptCspNonce();
  // docs/product/audit-trail.md#startup-event: the start-up queue logs config_change (app_startup); the
  // console queue sends what an earlier page could not. Both send in the background and nothing on
  // screen waits for them, so their code comes beside the page's, not before it
  // (docs/product/quality.md#landing-budget).
  void import('@/lib/audit/browser').then(({ consoleAudit, startSecurityEventQueue }) => {
    startSecurityEventQueue();
    consoleAudit();
  });
  const tree = <RootTree>{app}</RootTree>;
  // In a transition, the first render (or hydration) yields to the browser every few milliseconds
  // instead of holding the main thread: the page answers input while it becomes interactive.
  startTransition(() => {
    if (hydrate) hydrateRoot(container, tree);
    else createRoot(container).render(tree);
  });
}
