import { TIMINGS } from '@shared/constants';
import { fitsConsoleEvent, type BrowserConsoleEventType } from '@shared/audit-events';
import type { ConsoleEvent } from '@shared/schemas/audit';
import { AuditQueue, type QueueDeps } from './audit-queue';

export type ConsoleQueueDeps = QueueDeps & {
  /** The signed-in access token, if any. */
  accessToken: () => string | null;
};

type ConsoleWireEvent = ConsoleEvent & { severity: NonNullable<ConsoleEvent['severity']> };

/** The queue's rules (docs/product/audit-trail.md#console-queue): flushed every 30 s, on page hide, and at once for high or critical. */
const CONSOLE_QUEUE_RULES = {
  source: 'console',
  storageKey: 'ted.audit.console',
  flushIntervalMs: TIMINGS.consoleAuditFlushMs,
  maxEvents: TIMINGS.startupAuditMaxQueue,
  validate: fitsConsoleEvent,
} as const;

/**
 * The admin console's audit queue (docs/product/audit-trail.md#audit-event).
 * Severity defaults to low; session_id is the last 8 characters of the access
 * token. The server adds the user (from the token), the address and the user agent.
 */
export class ConsoleAuditQueue extends AuditQueue<ConsoleWireEvent> {
  constructor(private readonly consoleDeps: ConsoleQueueDeps) {
    super(CONSOLE_QUEUE_RULES, consoleDeps);
  }

  log(
    eventType: BrowserConsoleEventType,
    options: { severity?: ConsoleWireEvent['severity']; details?: Record<string, unknown> } = {},
  ): string {
    const id = this.deps.randomUUID();
    this.enqueue({
      id,
      event_type: eventType,
      severity: options.severity ?? 'low',
      details: options.details ?? {},
      timestamp: this.deps.now().toISOString(),
      session_id: this.consoleDeps.accessToken()?.slice(-8) ?? null,
    });
    return id;
  }
}
