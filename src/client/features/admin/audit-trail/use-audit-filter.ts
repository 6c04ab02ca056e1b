import { useSearchParams } from 'react-router';
import { SEVERITIES, type Severity } from '@shared/constants';
import { AUDIT_SOURCES, type AuditFilter, type AuditSource } from '@shared/schemas/audit-trail';

/**
 * The audit trail's filters in the address (docs/product/audit-trail.md#audit-filters-in-address):
 * `type`, `severity`, `actor` (an email, or "anonymous"), `source`, and the time range `from` /
 * `to` (ISO 8601); a filter at its default is left out.
 */
const AUDIT_FILTER_PARAMS = {
  type: 'type',
  severity: 'severity',
  actor: 'actor',
  source: 'source',
  from: 'from',
  to: 'to',
} as const;

/** An ISO 8601 time with its offset, as the server takes it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isoTime(raw: string | null): string | undefined {
  const value = raw?.trim();
  return value && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** The filter the address names; values the list does not know are ignored. */
export function auditFilterFromParams(params: URLSearchParams): AuditFilter {
  const type = params.get(AUDIT_FILTER_PARAMS.type)?.trim().slice(0, 100) || undefined;
  const raw = params.get(AUDIT_FILTER_PARAMS.severity);
  const severity = SEVERITIES.includes(raw as Severity) ? (raw as Severity) : undefined;
  const actor = params.get(AUDIT_FILTER_PARAMS.actor)?.trim().slice(0, 320) || undefined;
  const rawSource = params.get(AUDIT_FILTER_PARAMS.source);
  const source = AUDIT_SOURCES.includes(rawSource as AuditSource)
    ? (rawSource as AuditSource)
    : undefined;
  const from = isoTime(params.get(AUDIT_FILTER_PARAMS.from));
  const to = isoTime(params.get(AUDIT_FILTER_PARAMS.to));
  return { type, severity, actor, source, from, to };
}

/** True when the filter narrows the trail at all. */
export function isFiltered(filter: AuditFilter): boolean {
  return Object.values(filter).some(Boolean);
}

/** True when the range ends where or before it starts (the server refuses it). */
export function isEmptyRange(filter: AuditFilter): boolean {
  return !!filter.from && !!filter.to && Date.parse(filter.to) <= Date.parse(filter.from);
}

/** `params` with the filter written in (defaults removed), every other parameter kept. */
export function withAuditFilter(params: URLSearchParams, filter: AuditFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, name] of Object.entries(AUDIT_FILTER_PARAMS)) {
    const value = filter[field as keyof AuditFilter];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * The filter, its setter and a reset. Each change is a history entry, so that
 * Back returns to the previous filter; the page does not scroll.
 */
export function useAuditFilter(): [
  AuditFilter,
  (change: Partial<AuditFilter>) => void,
  () => void,
] {
  const [params, setParams] = useSearchParams();
  const filter = auditFilterFromParams(params);
  const setFilter = (change: Partial<AuditFilter>) =>
    setParams((prev) => withAuditFilter(prev, { ...auditFilterFromParams(prev), ...change }), {
      preventScrollReset: true,
    });
  const clear = () => setParams((prev) => withAuditFilter(prev, {}), { preventScrollReset: true });
  return [filter, setFilter, clear];
}

/** An ISO time in UTC, without the milliseconds when they are zero. */
const shortIso = (date: Date) => date.toISOString().replace(/\.000Z$/, 'Z');

/** A datetime-local input's value (local time, to the minute) for an ISO time. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO time (UTC) of a datetime-local input's value; undefined when it is empty or partial. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : shortIso(date);
}

/** The quick ranges: the last hour, day, week or month up to now (open-ended). */
export const AUDIT_RANGE_PRESETS = [
  { value: '1h', label: 'Last hour', ms: 3_600_000 },
  { value: '24h', label: 'Last 24 h', ms: 86_400_000 },
  { value: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;

export type AuditRangePreset = (typeof AUDIT_RANGE_PRESETS)[number];

/** The range of a preset at `now`: from that long ago (to the minute), with no end. */
export function presetRange(ms: number, now: Date): Pick<AuditFilter, 'from' | 'to'> {
  const from = new Date(now.getTime() - ms);
  from.setSeconds(0, 0);
  return { from: shortIso(from), to: undefined };
}

/**
 * The preset the filter's range is, read at `now`: an open-ended range that starts that long
 * ago, give or take three minutes; undefined for no range or any other one (a custom range).
 */
export function matchPreset(filter: AuditFilter, now: number): AuditRangePreset | undefined {
  if (!filter.from || filter.to) return undefined;
  const span = now - Date.parse(filter.from);
  return AUDIT_RANGE_PRESETS.find((p) => Math.abs(span - p.ms) <= 180_000);
}

/** How many filters narrow the trail; a time range counts once. */
export function activeFilterCount(filter: AuditFilter): number {
  const { from, to, ...rest } = filter;
  return Object.values(rest).filter(Boolean).length + (from || to ? 1 : 0);
}
