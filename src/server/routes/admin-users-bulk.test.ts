import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { auditRows, roleRowsOf, signInAs, userIdOf, writableState } from '../testing/admin-helpers';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';

/**
 * POST /api/admin/users/bulk in production mode (docs/product/admin-console.md#bulk-changes):
 * rows a rule refuses are listed with the single change's reason, the others are applied.
 */
let t: TestContext;
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const LIAM = 'liam.chen@hirehub.example'; // user + platform_admin
const NOAH = 'noah.williams@sortstak.example'; // user only
const GRACE = 'grace.kim@talentspark.example'; // user only
const PEOPLE = [DEMO_ADMIN_EMAIL, AMARA, LIAM, NOAH, GRACE];

let superToken: string;
let adminToken: string;
let userToken: string;
const id = {} as Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, people: PEOPLE });
  for (const email of PEOPLE) {
    await givePassword(t, email, 'correct horse battery staple');
    id[email] = await userIdOf(t, email);
  }
});
afterAll(() => t.close());

beforeEach(async () => {
  // Everyone active; the demo administrator and Amara are the two super administrators.
  await t.database.query(`UPDATE platform_users SET is_active = true`);
  await t.database.query(
    `UPDATE platform_role_assignments SET is_active = true WHERE role = 'super_admin' AND user_id = ANY($1)`,
    [[id[DEMO_ADMIN_EMAIL], id[AMARA]]],
  );
  // New sessions: a deactivation in an earlier test ended the old ones.
  superToken = await signInAs(t, AMARA);
  adminToken = await signInAs(t, LIAM);
  userToken = await signInAs(t, NOAH);
});

const bulk = (body: unknown, token: string | null = superToken) =>
  t.call('POST', '/api/admin/users/bulk', { token, body });

const activeOf = async (email: string) =>
  (
    await t.database.query<{ is_active: boolean }>(
      `SELECT is_active FROM platform_users WHERE id = $1`,
      [id[email]],
    )
  )[0]!.is_active;

const idsOf = (list: { id: string }[]) => list.map((r) => r.id).sort();

describe('POST /api/admin/users/bulk', () => {
  it('deactivates the others and refuses the caller, with the single change’s reason', async () => {
    const updatesBefore = (await auditRows(t, 'admin.user.updated')).length;
    const res = await bulk({
      user_ids: [id[AMARA], id[NOAH], id[GRACE]],
      action: { kind: 'deactivate' },
    });
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res.json.applied)).toEqual([id[NOAH]!, id[GRACE]!].sort());
    expect(res.json.unchanged).toEqual([]);
    expect(res.json.refused).toEqual([
      { id: id[AMARA], reason: 'You cannot deactivate your own account' },
    ]);
    expect(await activeOf(AMARA)).toBe(true);
    expect(await activeOf(NOAH)).toBe(false);
    expect(await activeOf(GRACE)).toBe(false);

    // One event per changed user, the same type as the single change, and one summary.
    const updates = (await auditRows(t, 'admin.user.updated')).slice(updatesBefore);
    expect(updates.map((e) => e.details.target_user_id).sort()).toEqual(
      [id[NOAH]!, id[GRACE]!].sort(),
    );
    for (const e of updates) {
      expect(e.details.changes).toEqual({ is_active: { from: true, to: false } });
      expect(e.user_id).toBe(id[AMARA]);
    }
    const [summary] = (await auditRows(t, 'admin.users.bulk_changed')).slice(-1);
    expect(summary).toMatchObject({
      user_id: id[AMARA],
      severity: 'high',
      details: { action: 'deactivate', requested: 3, applied: 2, unchanged: 0, refused: 1 },
    });
    // The deactivated accounts' sessions ended with them.
    const [noahSessions] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
      [id[NOAH]],
    );
    expect(noahSessions!.n).toBe(0);
  });

  it('lists users already in the state as unchanged and unknown ids as refused', async () => {
    await t.database.query(`UPDATE platform_users SET is_active = false WHERE id = $1`, [
      id[GRACE],
    ]);
    const unknown = randomUUID();
    const res = await bulk({
      user_ids: [id[GRACE], unknown, id[NOAH]],
      action: { kind: 'activate' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      applied: [{ id: id[GRACE] }],
      unchanged: [{ id: id[NOAH] }],
      refused: [{ id: unknown, reason: 'No user with this id' }],
    });
    expect(await activeOf(GRACE)).toBe(true);
  });

  it('keeps the last active super administrator', async () => {
    await t.database.query(
      `UPDATE platform_role_assignments SET is_active = false WHERE role = 'super_admin' AND user_id = $1`,
      [id[DEMO_ADMIN_EMAIL]],
    );
    const revoke = await bulk({
      user_ids: [id[AMARA], id[LIAM]],
      action: { kind: 'revoke', role: 'super_admin' },
    });
    expect(revoke.status, revoke.text).toBe(200);
    expect(revoke.json.unchanged).toEqual([{ id: id[LIAM] }]);
    expect(revoke.json.refused).toEqual([
      {
        id: id[AMARA],
        reason: expect.stringMatching(/last active super administrator.*cannot be revoked/),
      },
    ]);
    expect((await roleRowsOf(t, id[AMARA]!)).find((r) => r.role === 'super_admin')).toMatchObject({
      is_active: true,
    });
  });

  it('removes one of two super administrators, then keeps the one left, in one request', async () => {
    // Liam becomes a super administrator too, and calls: Amara and the demo admin both go.
    await t.database.query(
      `INSERT INTO platform_role_assignments (user_id, role, is_active) VALUES ($1, 'super_admin', true)
       ON CONFLICT (user_id, role) DO UPDATE SET is_active = true`,
      [id[LIAM]],
    );
    try {
      const res = await bulk(
        { user_ids: [id[AMARA], id[DEMO_ADMIN_EMAIL]], action: { kind: 'deactivate' } },
        adminToken,
      );
      expect(res.status, res.text).toBe(200);
      // Both go: Liam himself stays an active super administrator.
      expect(res.json.applied).toHaveLength(2);
      const again = await bulk(
        { user_ids: [id[LIAM]], action: { kind: 'deactivate' } },
        adminToken,
      );
      expect(again.json.refused[0].reason).toMatch(/last active super administrator/);
    } finally {
      await t.database.query(
        `UPDATE platform_role_assignments SET is_active = false WHERE role = 'super_admin' AND user_id = $1`,
        [id[LIAM]],
      );
    }
  });

  it('refuses a platform_admin the rows of super administrators, applies the rest, and records it', async () => {
    const attempts = (await auditRows(t, 'role_escalation_attempt')).length;
    const res = await bulk(
      { user_ids: [id[AMARA], id[GRACE]], action: { kind: 'deactivate' } },
      adminToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.applied).toEqual([{ id: id[GRACE] }]);
    expect(res.json.refused).toEqual([
      {
        id: id[AMARA],
        reason: 'Only a super administrator can change an account that holds Super Admin',
      },
    ]);
    expect(await activeOf(AMARA)).toBe(true);
    const logged = (await auditRows(t, 'role_escalation_attempt')).slice(attempts);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      user_id: id[LIAM],
      details: { target_user_id: id[AMARA], target_holds: 'super_admin', outcome: 'denied' },
    });
  });

  it('grants a role to several users, one event each, granted by the caller', async () => {
    const before = (await auditRows(t, 'admin.roles.updated')).length;
    const res = await bulk(
      { user_ids: [id[NOAH], id[GRACE]], action: { kind: 'grant', role: 'platform_admin' } },
      adminToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(idsOf(res.json.applied)).toEqual([id[NOAH]!, id[GRACE]!].sort());
    for (const email of [NOAH, GRACE]) {
      expect(
        (await roleRowsOf(t, id[email]!)).find((r) => r.role === 'platform_admin'),
      ).toMatchObject({ is_active: true, granted_by: id[LIAM] });
    }
    const events = (await auditRows(t, 'admin.roles.updated')).slice(before);
    expect(events.map((e) => e.details.granted)).toEqual([['platform_admin'], ['platform_admin']]);
    // Put back as it was for the other tests.
    await bulk({
      user_ids: [id[NOAH], id[GRACE]],
      action: { kind: 'revoke', role: 'platform_admin' },
    });
  });
});

describe('a refused bulk request changes nothing', () => {
  it.each([
    ['no ids', { user_ids: [], action: { kind: 'deactivate' } }],
    [
      'too many ids',
      { user_ids: Array.from({ length: 101 }, () => randomUUID()), action: { kind: 'deactivate' } },
    ],
    ['a repeated id', { user_ids: ['SAME', 'SAME'], action: { kind: 'deactivate' } }],
    ['an id that is not a UUID', { user_ids: ['grace'], action: { kind: 'deactivate' } }],
    ['an unknown action', { user_ids: ['GRACE'], action: { kind: 'delete' } }],
    ['a grant without a role', { user_ids: ['GRACE'], action: { kind: 'grant' } }],
    ['an unknown role', { user_ids: ['GRACE'], action: { kind: 'grant', role: 'owner' } }],
    ['an unknown field', { user_ids: ['GRACE'], action: { kind: 'activate' }, force: true }],
  ])('answers 400 to %s', async (_what, raw) => {
    const body = JSON.parse(
      JSON.stringify(raw)
        .replaceAll('"SAME"', `"${id[GRACE]}"`)
        .replaceAll('"GRACE"', `"${id[GRACE]}"`),
    );
    // Grace is active: a deactivation that slipped through would show.
    const before = await writableState(t);
    const res = await bulk(body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.message).toEqual(expect.any(String));
    expect(await writableState(t)).toBe(before);
  });

  it('answers 403 to a caller without an administrator role', async () => {
    const before = await writableState(t);
    const res = await bulk({ user_ids: [id[GRACE]], action: { kind: 'deactivate' } }, userToken);
    expect(res.status).toBe(403);
    expect(await writableState(t)).toBe(before);
  });

  it('answers 403 to a platform_admin granting or revoking super_admin, and records only the attempt', async () => {
    for (const kind of ['grant', 'revoke'] as const) {
      const users = await t.database.query(`SELECT * FROM platform_users ORDER BY id`);
      const roles = await t.database.query(`SELECT * FROM platform_role_assignments ORDER BY id`);
      const attempts = (await auditRows(t, 'role_escalation_attempt')).length;
      const res = await bulk(
        { user_ids: [id[GRACE], id[AMARA]], action: { kind, role: 'super_admin' } },
        adminToken,
      );
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe(
        'Only a super administrator can grant or revoke Super Admin',
      );
      expect(await t.database.query(`SELECT * FROM platform_users ORDER BY id`)).toEqual(users);
      expect(await t.database.query(`SELECT * FROM platform_role_assignments ORDER BY id`)).toEqual(
        roles,
      );
      const logged = (await auditRows(t, 'role_escalation_attempt')).slice(attempts);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.details).toMatchObject({
        target_user_ids: [id[GRACE], id[AMARA]],
        requested: kind,
      });
    }
  });
});
