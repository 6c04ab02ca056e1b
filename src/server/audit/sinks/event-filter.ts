import {
  CONSOLE_EVENT_TYPES,
  SECURITY_EVENT_TYPES,
  type AuditSeverity,
} from '@shared/audit-events';
import { ApiError } from '../../core/errors';
import { AUDIT_EVENTS } from '../event-types';

/**
 * The first word of every type the trail records: a sink's event type (or prefix `word.*`) must
 * start with one of them, so that a typo in the namespace is refused rather than matching
 * nothing for ever. Types within a namespace are not listed in one place (domains name some
 * themselves), so the rest of a type is not checked.
 */
const NAMESPACES = new Set(
  [
    ...Object.values(AUDIT_EVENTS),
    ...CONSOLE_EVENT_TYPES,
    ...SECURITY_EVENT_TYPES,
    'audit.queue.overflow',
    'role_escalation_attempt',
  ].map((type) => type.split('.')[0]!),
);

/** Refuses (400 `unknown_event_type`) a type whose namespace the trail never records. */
export function checkEventTypes(types: readonly string[]): void {
  const unknown = types.filter((type) => !NAMESPACES.has(type.split('.')[0]!));
  if (unknown.length > 0) {
    throw new ApiError(
      400,
      'unknown_event_type',
      `event_types: ${unknown.join(', ')} names no kind of event the trail records; start with one of ${[...NAMESPACES].sort().join(', ')}`,
    );
  }
}

export type SinkFilter = { eventTypes: readonly string[]; severities: readonly string[] };

/** Whether a sink's filters keep an event: empty lists keep everything; `auth.*` keeps `auth.…`. */
export function sinkKeeps(
  filter: SinkFilter,
  event: { event_type: string; severity: AuditSeverity | string },
): boolean {
  if (filter.severities.length > 0 && !filter.severities.includes(event.severity)) return false;
  if (filter.eventTypes.length === 0) return true;
  return filter.eventTypes.some((type) =>
    type.endsWith('.*')
      ? event.event_type.startsWith(type.slice(0, -1))
      : event.event_type === type,
  );
}
