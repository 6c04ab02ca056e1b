import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { auditRows, roleRowsOf, signInAs, userIdOf, writableState } from '../testing/admin-helpers';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';

/**
 * Production mode (DEMO_MODE=false): docs/product/admin-console.md#who-may, with
 * sessions created directly for fixture accounts holding the roles needed.
 */
let t: TestContext;
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const LIAM = 'liam.chen@hirehub.example'; // user + platform_admin
const NOAH = 'noah.williams@sortstak.example'; // user only
const GRACE = 'grace.kim@talentspark.example'; // user only

let superToken: string;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    people: [DEMO_ADMIN_EMAIL, AMARA, LIAM, NOAH, GRACE],
  });
  // Passwords all round, so the super_admin guard below excludes accounts for the reason each test names.
  for (const email of [DEMO_ADMIN_EMAIL, AMARA, LIAM, NOAH, GRACE]) {
    await givePassword(t, email, 'correct horse battery staple');
  }
  superToken = await signInAs(t, AMARA);
  adminToken = await signInAs(t, LIAM);
  userToken = await signInAs(t, NOAH);
});
afterAll(() => t.close());

async function expectRefused(
  request: () => ReturnType<TestContext['call']>,
  status: number,
  message?: RegExp,
) {
  const before = await writableState(t);
  const res = await request();
  expect(res.status, res.text).toBe(status);
  expect(res.json?.error?.message).toEqual(expect.any(String));
  if (message) expect(res.json.error.message).toMatch(message);
  expect(await writableState(t)).toBe(before);
}

const ops = (id: string) =>
  [
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/users/facets', undefined],
    ['PATCH', `/api/admin/users/${id}`, { full_name: 'Changed' }],
    ['GET', `/api/admin/users/${id}/roles`, undefined],
    ['PUT', `/api/admin/users/${id}/roles`, { changes: { platform_admin: true } }],
  ] as const;

describe('who may call the users API', () => {
  it('refuses a demo token, an unknown token and an expired session with 401', async () => {
    const id = await userIdOf(t, GRACE);
    const expired = await signInAs(t, AMARA, { expiresAt: new Date(Date.now() - 1000) });
    for (const token of [t.demoToken(), 'an-unknown-token', expired, null]) {
      for (const [method, path, body] of ops(id)) {
        await expectRefused(() => t.call(method, path, { token, body }), 401);
      }
    }
  });

  it('refuses a signed-in user without an administrator role with 403', async () => {
    const id = await userIdOf(t, GRACE);
    for (const [method, path, body] of ops(id)) {
      await expectRefused(
        () => t.call(method, path, { token: userToken, body }),
        403,
        /Administrator role required/,
      );
    }
  });

  it('lets a platform_admin list, count, edit and change ordinary roles', async () => {
    const id = await userIdOf(t, GRACE);
    expect((await t.call('GET', '/api/admin/users', { token: adminToken })).status).toBe(200);
    const facets = await t.call('GET', '/api/admin/users/facets?role=user', { token: adminToken });
    expect(facets.status, facets.text).toBe(200);
    expect(facets.json.status).toEqual(expect.any(Array));
    const edit = await t.call('PATCH', `/api/admin/users/${id}`, {
      token: adminToken,
      body: { organization: 'TalentSpark Labs' },
    });
    expect(edit.status).toBe(200);
    const grant = await t.call('PUT', `/api/admin/users/${id}/roles`, {
      token: adminToken,
      body: { changes: { platform_admin: true } },
    });
    expect(grant.status).toBe(200);
    const rows = await roleRowsOf(t, id);
    expect(rows.find((r) => r.role === 'platform_admin')).toMatchObject({
      is_active: true,
      granted_by: await userIdOf(t, LIAM),
    });
  });

  it('refuses a platform_admin granting or revoking super_admin, and records the attempt', async () => {
    const grace = await userIdOf(t, GRACE);
    const amara = await userIdOf(t, AMARA);
    const attempts = (await auditRows(t, 'role_escalation_attempt')).length;
    for (const [target, on] of [
      [grace, true],
      [amara, false],
    ] as const) {
      const rolesBefore = await roleRowsOf(t, target);
      const res = await t.call('PUT', `/api/admin/users/${target}/roles`, {
        token: adminToken,
        // Mixed with an allowed toggle: the whole request is refused.
        body: { changes: { super_admin: on, platform_admin: true } },
      });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe(
        'Only a super administrator can grant or revoke Super Admin',
      );
      expect(await roleRowsOf(t, target)).toEqual(rolesBefore);
    }
    const logged = await auditRows(t, 'role_escalation_attempt');
    expect(logged).toHaveLength(attempts + 2);
    expect(logged.at(-1)).toMatchObject({
      severity: 'high',
      user_id: await userIdOf(t, LIAM),
      details: { target_user_id: amara, requested: 'revoke', outcome: 'denied' },
    });
  });

  it('refuses a platform_admin any change to an account holding super_admin, and records it', async () => {
    const amara = await userIdOf(t, AMARA);
    const attempts = (await auditRows(t, 'role_escalation_attempt')).length;
    const edits = [
      { full_name: 'Renamed By A Platform Admin' },
      { organization: 'Elsewhere', department: 'Nowhere' },
      { is_active: false },
      { email: 'amara@elsewhere.example' },
    ];
    const accountOf = async () =>
      (await t.call('GET', '/api/admin/users?q=amara.okafor', { token: superToken })).json.users;
    const before = { account: await accountOf(), roles: await roleRowsOf(t, amara) };
    const refusal = /^Only a super administrator can change an account that holds Super Admin$/;
    for (const body of edits) {
      const res = await t.call('PATCH', `/api/admin/users/${amara}`, { token: adminToken, body });
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.message).toMatch(refusal);
    }
    const roleChanges = [{ user: false }, { platform_admin: true }];
    for (const changes of roleChanges) {
      const res = await t.call('PUT', `/api/admin/users/${amara}/roles`, {
        token: adminToken,
        body: { changes },
      });
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.message).toMatch(refusal);
    }
    expect({ account: await accountOf(), roles: await roleRowsOf(t, amara) }).toEqual(before);
    const logged = await auditRows(t, 'role_escalation_attempt');
    expect(logged).toHaveLength(attempts + edits.length + roleChanges.length);
    expect(logged.at(-1)).toMatchObject({
      severity: 'high',
      user_id: await userIdOf(t, LIAM),
      details: { target_user_id: amara, target_holds: 'super_admin', outcome: 'denied' },
    });
    // A super_admin may make the same changes.
    const renamed = await t.call('PATCH', `/api/admin/users/${amara}`, {
      token: superToken,
      body: { department: 'Platform Security' },
    });
    expect(renamed.status, renamed.text).toBe(200);
  });

  it('refuses a platform_admin any change to a super_admin whose id is written in capitals', async () => {
    // The same account: PostgreSQL reads a UUID in either case, so the rules must too.
    const demoAdmin = await userIdOf(t, DEMO_ADMIN_EMAIL);
    const shouted = demoAdmin.toUpperCase();
    const accountOf = () =>
      t.database.query(`SELECT * FROM platform_users WHERE id = $1`, [demoAdmin]);
    const before = { account: await accountOf(), roles: await roleRowsOf(t, demoAdmin) };
    const attempts = (await auditRows(t, 'role_escalation_attempt')).length;
    const edits = [{ email: 'demo-admin@elsewhere.example' }, { is_active: false }];
    try {
      for (const body of edits) {
        const res = await t.call('PATCH', `/api/admin/users/${shouted}`, {
          token: adminToken,
          body,
        });
        expect(res.status, res.text).toBe(403);
        expect(res.json.error.message).toBe(
          'Only a super administrator can change an account that holds Super Admin',
        );
      }
      expect({ account: await accountOf(), roles: await roleRowsOf(t, demoAdmin) }).toEqual(before);
      const logged = await auditRows(t, 'role_escalation_attempt');
      expect(logged).toHaveLength(attempts + edits.length);
      expect(logged.at(-1)!.details).toMatchObject({
        target_user_id: demoAdmin,
        target_holds: 'super_admin',
      });
    } finally {
      // Left as it was for the tests after this one, whatever happened above.
      await t.database.query(
        `UPDATE platform_users SET email = $2, is_active = true WHERE id = $1`,
        [demoAdmin, DEMO_ADMIN_EMAIL],
      );
    }
  });

  it('lets a super_admin grant and revoke super_admin', async () => {
    const grace = await userIdOf(t, GRACE);
    const on = await t.call('PUT', `/api/admin/users/${grace}/roles`, {
      token: superToken,
      body: { changes: { super_admin: true } },
    });
    expect(on.status).toBe(200);
    expect(on.json.roles).toContain('super_admin');
    const off = await t.call('PUT', `/api/admin/users/${grace}/roles`, {
      token: superToken,
      body: { changes: { super_admin: false } },
    });
    expect(off.status).toBe(200);
    expect(off.json.roles).not.toContain('super_admin');
    const [event] = (await auditRows(t, 'admin.roles.updated')).slice(-1);
    expect(event).toMatchObject({ severity: 'high', details: { revoked: ['super_admin'] } });
  });
});

describe('the last active super administrator', () => {
  let amara: string;
  let demoAdmin: string;

  beforeEach(async () => {
    amara = await userIdOf(t, AMARA);
    demoAdmin = await userIdOf(t, DEMO_ADMIN_EMAIL);
    // Amara is the only active super_admin: the demo admin's record is revoked,
    // Grace holds one on an inactive account, Noah holds an expired one.
    await t.database.query(
      `UPDATE platform_role_assignments SET is_active = false WHERE user_id = $1 AND role = 'super_admin'`,
      [demoAdmin],
    );
    const grace = await userIdOf(t, GRACE);
    await t.database.query(
      `UPDATE platform_role_assignments SET is_active = true WHERE user_id = $1 AND role = 'super_admin'`,
      [grace],
    );
    await t.database.query(`UPDATE platform_users SET is_active = false WHERE id = $1`, [grace]);
    await t.database.query(
      `INSERT INTO platform_role_assignments (user_id, role, is_active, expires_at)
       VALUES ($1, 'super_admin', true, now() - interval '1 day')
       ON CONFLICT (user_id, role) DO UPDATE SET is_active = true, expires_at = now() - interval '1 day'`,
      [await userIdOf(t, NOAH)],
    );
  });

  it('cannot be stripped of super_admin', async () => {
    await expectRefused(
      () =>
        t.call('PUT', `/api/admin/users/${amara}/roles`, {
          token: superToken,
          body: { changes: { super_admin: false } },
        }),
      409,
      /Grant Super Admin to another active user first. Its Super Admin role cannot be revoked/,
    );
  });

  it('cannot be deactivated', async () => {
    await expectRefused(
      () =>
        t.call('PATCH', `/api/admin/users/${amara}`, {
          token: superToken,
          body: { is_active: false, department: 'Gone' },
        }),
      409,
      /last active super administrator.*cannot be deactivated/,
    );
  });

  it('lets one of two super administrators lose the role, then guards the one left', async () => {
    await t.database.query(
      `UPDATE platform_role_assignments SET is_active = true WHERE user_id = $1 AND role = 'super_admin'`,
      [demoAdmin],
    );
    const revokeOther = await t.call('PUT', `/api/admin/users/${demoAdmin}/roles`, {
      token: superToken,
      body: { changes: { super_admin: false } },
    });
    expect(revokeOther.status).toBe(200);
    await expectRefused(
      () =>
        t.call('PUT', `/api/admin/users/${amara}/roles`, {
          token: superToken,
          body: { changes: { super_admin: false } },
        }),
      409,
      /last active super administrator/,
    );
  });

  it('cannot be deactivated through its id written in capitals', async () => {
    await expectRefused(
      () =>
        t.call('PATCH', `/api/admin/users/${amara.toUpperCase()}`, {
          token: superToken,
          body: { is_active: false },
        }),
      409,
      /last active super administrator.*cannot be deactivated/,
    );
  });

  it('may not remove their own roles or deactivate themselves even when not the last', async () => {
    await t.database.query(
      `UPDATE platform_role_assignments SET is_active = true WHERE user_id = $1 AND role = 'super_admin'`,
      [demoAdmin],
    );
    await expectRefused(
      () =>
        t.call('PUT', `/api/admin/users/${amara}/roles`, {
          token: superToken,
          body: { changes: { super_admin: false } },
        }),
      409,
      /cannot revoke your own administrator roles/,
    );
    await expectRefused(
      () =>
        t.call('PATCH', `/api/admin/users/${amara}`, {
          token: superToken,
          body: { is_active: false },
        }),
      409,
      /cannot deactivate your own account/,
    );
  });

  it('saves none of the toggles of a request when one is refused', async () => {
    // The platform_admin grant sent along with the refused revocation is not saved either.
    await expectRefused(
      () =>
        t.call('PUT', `/api/admin/users/${amara}/roles`, {
          token: superToken,
          body: { changes: { platform_admin: true, super_admin: false } },
        }),
      409,
      /last active super administrator/,
    );
  });
});

describe('a super_admin grant that ends at this very instant', () => {
  it('is no longer in force: it does not keep the last active super administrator removable', async () => {
    const clock = manualClock(new Date());
    const c = await createTestContext({
      config: { demoMode: false },
      people: [AMARA, NOAH],
      now: clock.now,
    });
    try {
      for (const email of [AMARA, NOAH]) {
        await givePassword(c, email, 'correct horse battery staple');
      }
      await c.database.query(
        `INSERT INTO platform_role_assignments (user_id, role, is_active, expires_at)
         VALUES ($1, 'super_admin', true, $2)
         ON CONFLICT (user_id, role) DO UPDATE SET is_active = true, expires_at = $2`,
        [await userIdOf(c, NOAH), clock.now()],
      );
      const amara = await userIdOf(c, AMARA);
      const res = await c.call('PUT', `/api/admin/users/${amara}/roles`, {
        token: await signInAs(c, AMARA),
        body: { changes: { super_admin: false } },
      });
      expect(res.status, res.text).toBe(409);
      expect(res.json.error.message).toMatch(/last active super administrator.*cannot be revoked/);
    } finally {
      await c.close();
    }
  });
});
