import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  auditFilterFromParams,
  fromLocalInput,
  isEmptyRange,
  isFiltered,
  matchPreset,
  presetRange,
  toLocalInput,
  withAuditFilter,
} from './use-audit-filter';

describe('the audit filter in the address', () => {
  it('reads type and severity, ignoring a severity the list does not know', () => {
    expect(
      auditFilterFromParams(
        new URLSearchParams('tab=security-audit&type=auth.signout&severity=high'),
      ),
    ).toMatchObject({
      type: 'auth.signout',
      severity: 'high',
    });
    expect(auditFilterFromParams(new URLSearchParams('severity=urgent&type='))).toEqual({
      type: undefined,
      severity: undefined,
      actor: undefined,
      source: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('reads actor, source and the time range', () => {
    const params = new URLSearchParams();
    params.set('actor', ' ann@example.com ');
    params.set('source', 'console');
    params.set('from', '2026-11-26T05:00:00Z');
    params.set('to', '2026-11-26T07:30:00+02:00');
    expect(auditFilterFromParams(params)).toEqual({
      type: undefined,
      severity: undefined,
      actor: 'ann@example.com',
      source: 'console',
      from: '2026-11-26T05:00:00Z',
      to: '2026-11-26T07:30:00+02:00',
    });
  });

  it('ignores a source it does not know and times that are not ISO 8601 with an offset', () => {
    const filter = auditFilterFromParams(
      new URLSearchParams('source=browser&from=yesterday&to=2026-11-26T07:30Z&actor=%20'),
    );
    expect(filter).toMatchObject({
      source: undefined,
      from: undefined,
      to: undefined,
      actor: undefined,
    });
    expect(isFiltered(filter)).toBe(false);
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    const params = new URLSearchParams('tab=security-audit&q=ann&type=old&from=2026-01-01T00:00Z');
    expect(withAuditFilter(params, { severity: 'low' }).toString()).toBe(
      'tab=security-audit&q=ann&severity=low',
    );
    expect(withAuditFilter(params, {}).toString()).toBe('tab=security-audit&q=ann');
    const all = withAuditFilter(new URLSearchParams('tab=security-audit'), {
      actor: 'anonymous',
      source: 'server',
      from: '2026-11-26T05:00:00Z',
      to: '2026-11-26T06:00:00Z',
    });
    expect(all.get('actor')).toBe('anonymous');
    expect(all.get('source')).toBe('server');
    // What it writes it reads back the same (a reload shows the same view).
    expect(auditFilterFromParams(all)).toMatchObject({
      actor: 'anonymous',
      source: 'server',
      from: '2026-11-26T05:00:00Z',
      to: '2026-11-26T06:00:00Z',
    });
  });

  it('knows an empty range', () => {
    expect(isEmptyRange({ from: '2026-11-26T05:00:00Z', to: '2026-11-26T05:00:00Z' })).toBe(true);
    expect(isEmptyRange({ from: '2026-11-26T06:00:00Z', to: '2026-11-26T07:00:00+02:00' })).toBe(
      true,
    );
    expect(isEmptyRange({ from: '2026-11-26T05:00:00Z', to: '2026-11-26T05:01:00Z' })).toBe(false);
    expect(isEmptyRange({ from: '2026-11-26T05:00:00Z' })).toBe(false);
  });

  it('turns a datetime-local value into UTC and back', () => {
    const iso = fromLocalInput('2026-11-26T09:15')!;
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(toLocalInput(iso)).toBe('2026-11-26T09:15');
    expect(fromLocalInput('')).toBeUndefined();
    expect(toLocalInput(undefined)).toBe('');
  });

  it('a preset starts that long ago, on the minute, with no end', () => {
    const now = new Date('2026-11-26T06:34:45.123Z');
    expect(presetRange(3_600_000, now)).toEqual({ from: '2026-11-26T05:34:00Z', to: undefined });
  });

  it('names the preset a range is, give or take three minutes, and no other range', () => {
    const now = Date.parse('2026-11-26T06:34:45Z');
    const day = presetRange(86_400_000, new Date(now));
    expect(matchPreset(day, now)?.label).toBe('Last 24 h');
    expect(matchPreset(day, now + 90_000)?.label).toBe('Last 24 h');
    expect(matchPreset(day, now + 4 * 60_000)).toBeUndefined();
    expect(matchPreset({ ...day, to: '2026-11-26T06:00:00Z' }, now)).toBeUndefined();
    expect(matchPreset({}, now)).toBeUndefined();
    const month = presetRange(30 * 86_400_000, new Date(now));
    expect(matchPreset(month, now)?.label).toBe('Last 30 days');
  });

  it('counts the active filters, a time range once', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ type: 'a', severity: 'high' })).toBe(2);
    expect(
      activeFilterCount({
        actor: 'anonymous',
        from: '2026-11-26T05:00:00Z',
        to: '2026-11-26T06:00:00Z',
      }),
    ).toBe(2);
  });
});
