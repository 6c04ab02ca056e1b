import { expect } from 'vitest';
import { AUDIT_EVENTS } from '../audit/event-types';
import type { Database } from '../db/client';
import type { Burst, Target } from './crash-burst';

/** What the crash test checks in the database after the restart. */

export type Snapshot = {
  departments: Map<string, string | null>;
  platformAdmin: Map<string, boolean>;
  events: { seq: number; event_type: string; details: any; client_event_id: string | null }[];
  requests: Set<string>;
  grants: Map<string, boolean>;
};

/** What the database holds for the burst's users, and the requests and grants made since `since`. */
export async function snapshot(
  database: Database,
  userIds: string[],
  since: Date,
): Promise<Snapshot> {
  const users = await database.query<{ id: string; department: string | null }>(
    'SELECT id, department FROM platform_users WHERE id = ANY($1)',
    [userIds],
  );
  const roles = await database.query<{ user_id: string; in_force: boolean }>(
    `SELECT user_id, bool_or(is_active AND (expires_at IS NULL OR expires_at > now())) AS in_force
       FROM platform_role_assignments
      WHERE role = 'platform_admin' AND user_id = ANY($1) GROUP BY user_id`,
    [userIds],
  );
  const events = await database.query<Snapshot['events'][number]>(
    'SELECT seq::int AS seq, event_type, details, client_event_id FROM audit_events ORDER BY seq',
  );
  // The seed's requests and grants predate the burst and were never audited.
  const requests = await database.query<{ id: string }>(
    'SELECT id FROM admin_action_approvals WHERE created_at >= $1',
    [since],
  );
  const grants = await database.query<{ id: string; revoked: boolean }>(
    'SELECT id, revoked_at IS NOT NULL AS revoked FROM credential_grants WHERE granted_at >= $1',
    [since],
  );
  return {
    departments: new Map(users.map((u) => [u.id, u.department])),
    platformAdmin: new Map(roles.map((r) => [r.user_id, r.in_force])),
    events,
    requests: new Set(requests.map((r) => r.id)),
    grants: new Map(grants.map((g) => [g.id, g.revoked])),
  };
}

/** The checks after the restart: acknowledged writes present, none half-applied. */
export function assertRecovered(s: Snapshot, targets: Target[], burst: Burst) {
  const ofType = (type: string) => s.events.filter((e) => e.event_type === type);
  const edits = ofType('admin.user.updated');
  const roleEvents = ofType('admin.roles.updated');
  const clientIds = new Set(s.events.map((e) => e.client_event_id).filter(Boolean));

  for (const write of burst.acked) {
    switch (write.kind) {
      case 'edit':
        expect(
          edits.some(
            (e) =>
              e.details.target_user_id === write.userId &&
              e.details.changes.department?.to === write.department,
          ),
          `acknowledged edit ${write.department} is on the trail`,
        ).toBe(true);
        break;
      case 'role':
        // Checked below through the final state and the count of events.
        break;
      case 'audit':
        for (const id of write.ids) expect(clientIds.has(id), `audit event ${id}`).toBe(true);
        break;
      case 'request':
        expect(s.requests.has(write.id!), `credential request ${write.id}`).toBe(true);
        break;
      case 'grant':
        expect(s.grants.has(write.id!), `grant ${write.id}`).toBe(true);
        break;
      case 'revoke':
        expect(s.grants.get(write.grantId), `revocation of ${write.grantId}`).toBe(true);
        break;
    }
  }

  // An audit batch is stored whole or not at all, acknowledged or not.
  for (const write of [...burst.acked, ...burst.inFlight]) {
    if (write.kind !== 'audit') continue;
    const stored = write.ids.filter((id) => clientIds.has(id)).length;
    expect([0, write.ids.length]).toContain(stored);
  }

  for (const target of targets) {
    // A user's department is the one its latest edit event says: no edit without its record.
    const mine = edits.filter((e) => e.details.target_user_id === target.userId);
    expect(mine.length).toBeGreaterThan(0);
    expect(s.departments.get(target.userId)).toBe(mine.at(-1)!.details.changes.department.to);
    const ackedEdits = burst.acked.filter((w) => w.kind === 'edit' && w.userId === target.userId);
    expect(mine.length - ackedEdits.length).toBeGreaterThanOrEqual(0);
    expect(mine.length - ackedEdits.length).toBeLessThanOrEqual(1);

    // Every toggle changes the role, so each one stored leaves exactly one event,
    // and the role is what the last event says.
    const toggles = roleEvents.filter((e) => e.details.target_user_id === target.userId);
    const ackedToggles = burst.acked.filter((w) => w.kind === 'role' && w.userId === target.userId);
    expect(toggles.length - ackedToggles.length).toBeGreaterThanOrEqual(0);
    expect(toggles.length - ackedToggles.length).toBeLessThanOrEqual(1);
    const last = toggles.at(-1);
    const expected = last ? last.details.granted.includes('platform_admin') : target.platformAdmin;
    expect(s.platformAdmin.get(target.userId) ?? false).toBe(expected);
  }

  // Credential requests, grants and revocations: a row exactly when its event is there.
  const ids = (type: string, key: string) =>
    new Set(ofType(type).map((e) => e.details[key] as string));
  expect(ids(AUDIT_EVENTS.credentialRequested, 'request_id')).toEqual(s.requests);
  expect(ids(AUDIT_EVENTS.grantGranted, 'grant_id')).toEqual(new Set(s.grants.keys()));
  expect(ids(AUDIT_EVENTS.grantRevoked, 'grant_id')).toEqual(
    new Set([...s.grants].filter(([, revoked]) => revoked).map(([id]) => id)),
  );
}
