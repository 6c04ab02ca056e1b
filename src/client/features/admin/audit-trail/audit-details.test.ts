import { describe, expect, it } from 'vitest';
import { describeDetails, summarizeDetails } from './audit-details';

describe('audit details', () => {
  it('spells out a change list instead of printing JSON', () => {
    const text = describeDetails({
      target_user_id: '3f2a2b8e-4f0e-4a57-9a52-1b7f1f0f2a11',
      changes: {
        organization: { from: 'Globex Recruiting', to: null },
        is_active: { from: true, to: false },
      },
    });
    expect(text).toBe('Organization: Globex Recruiting → (none) · Is active: yes → no');
    expect(text).not.toMatch(/[{}"]/);
  });

  it('reads nested values, lists and the start-up record', () => {
    expect(describeDetails({ action: 'app_startup' })).toBe('Action: app_startup');
    expect(describeDetails({ roles: ['user', 'super_admin'], reason: null })).toBe(
      'Roles: user, super_admin · Reason: (none)',
    );
    expect(describeDetails({ grant: { minutes: 30, type: 'api_key' } })).toBe(
      'Grant: Minutes: 30, Type: api_key',
    );
  });

  it("reads an export's filter with a time range as fields, not as a change", () => {
    expect(
      describeDetails({
        filter: { type: 'e2e-1', actor: null, from: '2026-11-26T05:00:00Z', to: null },
        rows: 3,
      }),
    ).toBe('Filter: Type: e2e-1, Actor: (none), From: 2026-11-26T05:00:00Z, To: (none) · Rows: 3');
  });

  it('cuts a long summary with an ellipsis', () => {
    expect(summarizeDetails({ note: 'x'.repeat(300) }, 20)).toHaveLength(20);
  });
});
