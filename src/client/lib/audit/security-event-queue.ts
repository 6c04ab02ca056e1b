import { TIMINGS } from '@shared/constants';
import {
  fitsSecurityEvent,
  type AuditSeverity,
  type SecurityEventType,
} from '@shared/audit-events';
import type { SecurityEvent } from '@shared/schemas/audit';
import { AuditQueue, type QueueDeps } from './audit-queue';

export type SecurityQueueDeps = QueueDeps & {
  /** This tab's session id (kept in sessionStorage, docs/product/audit-trail.md#security-event). */
  sessionId: () => string;
  pageUrl: () => string | null;
};

/** The queue's rules (docs/product/audit-trail.md#startup-queue): every 5000 ms, at 50 events, at once for high or critical. */
const SECURITY_QUEUE_RULES = {
  source: 'startup',
  storageKey: 'ted.audit.startup',
  flushIntervalMs: TIMINGS.startupAuditFlushMs,
  flushAtCount: TIMINGS.startupAuditMaxQueue,
  maxEvents: TIMINGS.startupAuditMaxQueue,
  validate: fitsSecurityEvent,
} as const;

/** The start-up security-event queue (docs/product/audit-trail.md#security-event). */
export class SecurityEventQueue extends AuditQueue<SecurityEvent> {
  constructor(private readonly securityDeps: SecurityQueueDeps) {
    super(SECURITY_QUEUE_RULES, securityDeps);
  }

  /** Starts the periodic flush and logs the start-up event (docs/product/audit-trail.md#startup-event). */
  override start(): void {
    super.start();
    this.log('config_change', 'info', { action: 'app_startup' });
  }

  log(
    eventType: SecurityEventType,
    severity: AuditSeverity,
    details: Record<string, unknown> = {},
  ) {
    const id = this.deps.randomUUID();
    this.enqueue({
      id,
      event_type: eventType,
      severity,
      details,
      timestamp: this.deps.now().toISOString(),
      session_id: this.securityDeps.sessionId(),
      page_url: this.securityDeps.pageUrl(),
    });
    return id;
  }
}
