import { describe, expect, it } from 'vitest';
import { auditFilterFromParams, withAuditFilter } from './use-audit-filter';

describe('the audit filter in the address', () => {
  it('reads type and severity, ignoring a severity the list does not know', () => {
    expect(
      auditFilterFromParams(
        new URLSearchParams('tab=security-audit&type=auth.signout&severity=high'),
      ),
    ).toEqual({
      type: 'auth.signout',
      severity: 'high',
    });
    expect(auditFilterFromParams(new URLSearchParams('severity=urgent&type='))).toEqual({
      type: undefined,
      severity: undefined,
    });
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    const params = new URLSearchParams('tab=security-audit&q=ann&type=old');
    expect(withAuditFilter(params, { severity: 'low' }).toString()).toBe(
      'tab=security-audit&q=ann&severity=low',
    );
    expect(withAuditFilter(params, {}).toString()).toBe('tab=security-audit&q=ann');
  });
});
