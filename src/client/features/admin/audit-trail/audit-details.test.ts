import { describe, expect, it } from 'vitest';
import type { AuditEventRow } from '@shared/schemas/audit-trail';
import { formatDateTime } from '../shared/format';
import {
  actorOf,
  describeDetails,
  detailEntries,
  eventLabel,
  eventTarget,
  rawEvent,
  rowLabel,
  shortTime,
  summarizeDetails,
} from './audit-details';

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

  it('reads nested values, lists, codes and the start-up record in words', () => {
    expect(describeDetails({ action: 'app_startup' })).toBe('Action: app started');
    expect(describeDetails({ roles: ['user', 'super_admin'], reason: null })).toBe(
      'Roles: user, Super Admin · Reason: (none)',
    );
    expect(describeDetails({ grant: { minutes: 30, type: 'api_key' } })).toBe(
      'Grant: Minutes: 30, Type: API key',
    );
    expect(describeDetails({ kind: 'suspicious_activity' })).toBe('Kind: suspicious activity');
  });

  it('shows times in local time, never as ISO 8601', () => {
    const iso = '2026-11-28T06:52:58.192Z';
    const text = describeDetails({ expires_at: iso });
    expect(text).toBe(`Expires at: ${formatDateTime(iso)}`);
    expect(text).not.toContain('T06:52');
  });

  it("reads an export's filter with a time range as fields, not as a change", () => {
    const from = formatDateTime('2026-11-26T05:00:00Z');
    expect(
      describeDetails({
        filter: { type: 'e2e-1', actor: null, from: '2026-11-26T05:00:00Z', to: null },
        rows: 3,
      }),
    ).toBe(`Filter: Type: e2e-1, Actor: (none), From: ${from}, To: (none) · Rows: 3`);
  });

  it('keeps free text as written, markup included', () => {
    expect(detailEntries({ note: '<img src=x>' })).toEqual([['Note', '<img src=x>']]);
  });

  it('cuts a long summary with an ellipsis', () => {
    expect(summarizeDetails({ note: 'x'.repeat(300) }, 20)).toHaveLength(20);
  });
});

describe('audit rows', () => {
  it('names event types in words, known or not', () => {
    expect(eventLabel('admin.audit.exported')).toBe('Audit trail exported');
    expect(eventLabel('security.suspicious_activity')).toBe('Suspicious activity');
    expect(eventLabel('security.new_thing')).toBe('Security new thing');
    expect(rowLabel({ event_type: 'config_change', details: { action: 'app_startup' } })).toBe(
      'App started',
    );
  });

  it('names the target of an event, or summarizes its details', () => {
    const by = (details: Record<string, unknown>, event_type = 'admin.user.updated') => ({
      event_type,
      details,
      user_id: 'u',
      source: 'server',
    });
    expect(eventTarget(by({ target_user_id: 'x', target_email: 'a@example.com' }))).toBe(
      'a@example.com',
    );
    expect(eventTarget(by({ app_name: 'HireHub', minutes: 5 }))).toBe('HireHub');
    expect(eventTarget(by({ note: 'hello' }))).toBe('Note: hello');
    expect(eventTarget(by({ path: '/admin', tab: 'security-audit' }, 'admin.panel.access'))).toBe(
      'Security Audit tab',
    );
  });

  it('leaves the target blank where it would only repeat the label or show keys', () => {
    // A browser's start-up: "Action: app started" would repeat the row's label.
    expect(
      eventTarget({
        event_type: 'config_change',
        details: { action: 'app_startup' },
        user_id: 'u',
        source: 'startup',
      }),
    ).toBe('');
    // An event of the system's own: its details are for the side panel.
    expect(
      eventTarget({
        event_type: 'audit.chain.keyed',
        details: { unkeyed_events: 3 },
        user_id: null,
        source: 'server',
      }),
    ).toBe('');
    // Only identifiers: nothing a person reads at a glance.
    expect(
      eventTarget({
        event_type: 'auth.signout',
        details: { session_id: 's-1' },
        user_id: 'u',
        source: 'server',
      }),
    ).toBe('');
    // A failed sign-in with no account still names the address it was for.
    expect(
      eventTarget({
        event_type: 'auth.signin.failure',
        details: { email: 'who@example.com', reason: 'invalid_credentials' },
        user_id: null,
        source: 'server',
      }),
    ).toBe('who@example.com');
    // A signed-out browser's report is not the system's: its details are summarized.
    expect(
      eventTarget({
        event_type: 'security.suspicious_activity',
        details: { note: 'odd clicks' },
        user_id: null,
        source: 'console',
      }),
    ).toBe('Note: odd clicks');
  });

  it("shortens a phone row's time to what differs from now", () => {
    const now = new Date(2026, 10, 29, 15, 0);
    expect(shortTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(shortTime(new Date(2026, 10, 27, 21, 40).toISOString(), now)).toBe('Nov 27, 9:40 PM');
    const lastYear = new Date(2025, 11, 31, 8, 0).toISOString();
    expect(shortTime(lastYear, now)).toBe(formatDateTime(lastYear));
    expect(shortTime('not a time', now)).toBe('—');
  });

  it('names the actor, a removed account and the system', () => {
    expect(actorOf({ user_email: 'a@example.com', user_id: 'u' })).toBe('a@example.com');
    expect(actorOf({ user_email: null, user_id: 'u' })).toBe('Removed account');
    expect(actorOf({ user_email: null, user_id: null })).toBe('System');
  });

  it('keeps the keys and ISO times in the raw view', () => {
    const event = {
      seq: 1,
      event_type: 'admin.credential.grant.granted',
      recorded_at: '2026-11-28T06:52:58.192Z',
      details: { credential_type: 'api_key' },
    } as unknown as AuditEventRow;
    const raw = rawEvent(event);
    expect(raw).toContain('"recorded_at": "2026-11-28T06:52:58.192Z"');
    expect(raw).toContain('"credential_type": "api_key"');
  });
});
