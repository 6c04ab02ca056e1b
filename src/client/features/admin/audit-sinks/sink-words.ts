import type { Severity } from '@shared/constants';
import type { Sink } from '@shared/schemas/audit-sinks';
import type { BadgeTone } from '@/components/ui/badge';

/** Each severity in people's words. */
export const SEVERITY_WORDS: Record<Severity, string> = {
  info: 'Info',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** A sink's state in words and colour: delivering, stopped by failures, or turned off. */
export const STATE_BADGES: Record<Sink['state'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Delivering', tone: 'success' },
  paused: { label: 'Paused', tone: 'danger' },
  disabled: { label: 'Off', tone: 'neutral' },
};

/** What a sink receives, in one line: "Every event", or its types and severities. */
export function filterSummary(sink: Pick<Sink, 'event_types' | 'severities'>): string {
  if (!sink.event_types.length && !sink.severities.length) return 'Every event';
  const types = sink.event_types.length ? sink.event_types.join(', ') : 'Every type';
  const severities = sink.severities.length
    ? sink.severities.map((s) => SEVERITY_WORDS[s]).join(', ')
    : 'every severity';
  return `${types} · ${severities}`;
}
