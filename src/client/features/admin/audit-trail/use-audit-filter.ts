import { useSearchParams } from 'react-router';
import { SEVERITIES, type Severity } from '@shared/constants';
import type { AuditFilter } from '@shared/schemas/audit-trail';

/**
 * The audit trail's filters in the address (docs/product/audit-trail.md#audit-filters-in-address):
 * `type` and `severity`; a filter at its default is left out.
 */
export const AUDIT_FILTER_PARAMS = { type: 'type', severity: 'severity' } as const;

/** The filter the address names; values the list does not know are ignored. */
export function auditFilterFromParams(params: URLSearchParams): AuditFilter {
  const type = params.get(AUDIT_FILTER_PARAMS.type)?.trim().slice(0, 100) || undefined;
  const raw = params.get(AUDIT_FILTER_PARAMS.severity);
  const severity = SEVERITIES.includes(raw as Severity) ? (raw as Severity) : undefined;
  return { type, severity };
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
 * The filter and its setter. Each change is a history entry, so that Back
 * returns to the previous filter; the page does not scroll.
 */
export function useAuditFilter(): [AuditFilter, (change: Partial<AuditFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = auditFilterFromParams(params);
  const setFilter = (change: Partial<AuditFilter>) =>
    setParams((prev) => withAuditFilter(prev, { ...auditFilterFromParams(prev), ...change }), {
      preventScrollReset: true,
    });
  return [filter, setFilter];
}
