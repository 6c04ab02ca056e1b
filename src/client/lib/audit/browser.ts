import type { AuditBatch } from '@shared/schemas/audit';
import { api } from '@/lib/api';
import { getAccessToken } from '@/lib/auth/session-store';
import type { AuditQueue, QueueDeps, WireEvent } from './audit-queue';
import { ConsoleAuditQueue } from './console-queue';
import { SecurityEventQueue } from './security-event-queue';

/** The two audit queues wired to the browser: timers, localStorage, the API and page hide. */

const SESSION_KEY = 'ted.audit.session';

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

function browserDeps(): QueueDeps {
  return {
    transport: async (batch, { keepalive }) => {
      // Each event passed the shared schema when it was queued; the queue itself only tracks ids.
      await api('POST', '/api/audit/events', { body: batch as AuditBatch, keepalive });
    },
    storage: safeStorage('localStorage'),
    now: () => new Date(),
    setInterval: (run, ms) => globalThis.setInterval(run, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as number),
    randomUUID: () => crypto.randomUUID(),
    // A warning, not an error: audit flush failures are logged and retried, nothing more (docs/product/audit-trail.md#flush-failures).
    warn: (message, error) => console.warn(message, error),
  };
}

/** docs/product/audit-trail.md#security-event: the security events' session id lives in session storage (one per tab). */
function tabSessionId(): string {
  const storage = safeStorage('sessionStorage');
  try {
    const existing = storage?.getItem(SESSION_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage?.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return 'no-session-storage';
  }
}

/** `unload` is unreliable; visibilitychange (hidden) and pagehide are not (docs/product/audit-trail.md#queue-persistence). */
function flushWhenHidden(queue: AuditQueue<WireEvent>): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flushOnHide();
  });
  window.addEventListener('pagehide', () => queue.flushOnHide());
}

let securityQueue: SecurityEventQueue | null = null;
let consoleQueue: ConsoleAuditQueue | null = null;

/** Starts the start-up security-event queue once per page load; it logs app_startup. */
export function startSecurityEventQueue(): SecurityEventQueue {
  if (securityQueue) return securityQueue;
  securityQueue = new SecurityEventQueue({
    ...browserDeps(),
    sessionId: tabSessionId,
    pageUrl: () => globalThis.location?.href ?? null,
  });
  flushWhenHidden(securityQueue);
  securityQueue.start();
  return securityQueue;
}

/** The admin console's queue, started on first use. */
export function consoleAudit(): ConsoleAuditQueue {
  if (consoleQueue) return consoleQueue;
  consoleQueue = new ConsoleAuditQueue({ ...browserDeps(), accessToken: getAccessToken });
  flushWhenHidden(consoleQueue);
  consoleQueue.start();
  return consoleQueue;
}
