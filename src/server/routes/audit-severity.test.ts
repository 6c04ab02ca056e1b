import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, userIdOf } from '../testing/admin-helpers';
import { givePassword } from '../testing/auth-helpers';
import { createTestContext, type TestContext } from '../testing/harness';

/** docs/product/audit-trail.md#severity, read back through the trail's API. */
let t: TestContext;
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const GRACE = 'grace.kim@talentspark.example'; // user only
let token: string;

beforeAll(async () => {
  t = await createTestContext({ config: { demoMode: false }, people: [AMARA, GRACE] });
  await givePassword(t, AMARA, 'correct horse battery staple');
  token = await signInAs(t, AMARA);
});
afterAll(() => t.close());

/** The newest event of a type, as the trail's API lists it. */
async function newest(type: string) {
  const res = await t.call('GET', `/api/admin/audit?type=${type}&limit=1`, { token });
  expect(res.status, res.text).toBe(200);
  return res.json.events[0] as { severity: string; details: Record<string, unknown> };
}

describe('what an event severity says', () => {
  it('an edit of an account is medium; a deactivation, which locks its holder out, is high', async () => {
    const id = await userIdOf(t, GRACE);
    const edit = async (body: Record<string, unknown>) => {
      const res = await t.call('PATCH', `/api/admin/users/${id}`, { token, body });
      expect(res.status, res.text).toBe(200);
      return newest('admin.user.updated');
    };
    expect((await edit({ full_name: 'Grace Renamed' })).severity).toBe('medium');
    expect((await edit({ organization: 'TalentSpark Labs' })).severity).toBe('medium');
    expect((await edit({ is_active: false })).severity).toBe('high');
    expect((await edit({ is_active: true })).severity).toBe('medium');
  });

  it("granting or revoking an administrator's role is high", async () => {
    const id = await userIdOf(t, GRACE);
    const roles = async (changes: Record<string, boolean>) => {
      const res = await t.call('PUT', `/api/admin/users/${id}/roles`, { token, body: { changes } });
      expect(res.status, res.text).toBe(200);
      return newest('admin.roles.updated');
    };
    const granted = await roles({ platform_admin: true });
    expect(granted).toMatchObject({ severity: 'high', details: { granted: ['platform_admin'] } });
    const revoked = await roles({ platform_admin: false });
    expect(revoked).toMatchObject({ severity: 'high', details: { revoked: ['platform_admin'] } });
  });
});
