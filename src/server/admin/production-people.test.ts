import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, seedApps } from '../db/seed-data';
import { signInAs, userIdOf, writableState } from '../testing/admin-helpers';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { rowCount } from '../testing/principals';

/**
 * A production database holds no sample people, and the last super_admin guard
 * counts only accounts that can sign in: a super_admin without a password does
 * not keep the one with a password removable.
 */
describe('a fresh production database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ config: { demoMode: false } });
  });
  afterAll(() => t.close());

  it('holds no sample people, roles or requests; the sample applications may stay', async () => {
    expect(await rowCount(t, 'platform_users')).toBe(0);
    expect(await rowCount(t, 'platform_role_assignments')).toBe(0);
    expect(await rowCount(t, 'admin_action_approvals')).toBe(0);
    expect(await rowCount(t, 'applications')).toBe(seedApps.length);
  });
});

describe('the last super_admin guard in production mode', () => {
  const AMARA = 'amara.okafor@hirehub.example'; // super_admin, no password
  const OWNER = 'liam.chen@hirehub.example'; // made super_admin here, with a password
  let t: TestContext;
  let owner: string;
  let callerToken: string;

  beforeAll(async () => {
    t = await createTestContext({
      config: { demoMode: false },
      people: [DEMO_ADMIN_EMAIL, AMARA, OWNER],
    });
    owner = await givePassword(t, OWNER, 'correct horse battery staple');
    await t.database.query(
      `INSERT INTO platform_role_assignments (user_id, role) VALUES ($1, 'super_admin')`,
      [owner],
    );
    // A session of a password-less super_admin (made directly: such an account cannot sign in).
    callerToken = await signInAs(t, DEMO_ADMIN_EMAIL);
  });
  afterAll(() => t.close());

  it('refuses to take super_admin from the only one with a password', async () => {
    const before = await writableState(t);
    const res = await t.call('PUT', `/api/admin/users/${owner}/roles`, {
      token: callerToken,
      body: { changes: { super_admin: false } },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.message).toMatch(/last active super administrator/);
    expect(await writableState(t)).toBe(before);
  });

  it('refuses to deactivate the only one with a password', async () => {
    const before = await writableState(t);
    const res = await t.call('PATCH', `/api/admin/users/${owner}`, {
      token: callerToken,
      body: { is_active: false },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.message).toMatch(/last active super administrator/);
    expect(await writableState(t)).toBe(before);
  });

  it('allows it once another super_admin has a password', async () => {
    await givePassword(t, AMARA, 'another horse battery staple');
    const res = await t.call('PUT', `/api/admin/users/${owner}/roles`, {
      token: callerToken,
      body: { changes: { super_admin: false } },
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('the last super_admin guard in demo mode', () => {
  it('counts a password-less active super_admin, as sign-in needs no password there', async () => {
    const t = await createTestContext();
    try {
      const amara = await userIdOf(t, 'amara.okafor@hirehub.example');
      const res = await t.call('PUT', `/api/admin/users/${amara}/roles`, {
        token: t.demoToken(),
        body: { changes: { super_admin: false } },
      });
      expect(res.status, res.text).toBe(200);
    } finally {
      await t.close();
    }
  });
});
