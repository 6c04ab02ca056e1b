import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBodySchema } from '@shared/schemas/auth';
import { invitationAcceptSchema, invitationCreateSchema } from '@shared/schemas/invitations';
import { userUpdateSchema } from '@shared/schemas/users';
import { SYSTEM_ADMINS } from '../setup/system-admins';
import { signInAs, userIdOf } from '../testing/admin-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { UNFIT_NAMES } from '../testing/nasty-text';
import { rowCount } from '../testing/principals';

/**
 * One rule for a full name wherever it enters (src/shared/schemas/text.ts): sign-up, an
 * invitation, its acceptance, an administrator's edit and setup's own names. Each entry point
 * answers 400 to the same values and stores nothing.
 */
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const NOAH = 'noah.williams@sortstak.example'; // user only
const PASSWORD = 'a long passphrase of my own';

let t: TestContext;
let superToken: string;

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false, allowSignup: true, publicUrl: 'https://console.example' },
    people: [AMARA, NOAH],
  });
  superToken = await signInAs(t, AMARA);
});
afterAll(() => t.close());

/** Every table a refused name could have reached. */
const written = async () =>
  Promise.all(['platform_users', 'invitations', 'audit_events'].map((n) => rowCount(t, n)));

describe('a full name with control characters or line breaks', () => {
  it('is refused by every schema a name enters through', () => {
    for (const name of UNFIT_NAMES) {
      const label = JSON.stringify(name);
      expect(
        signUpBodySchema.safeParse({ full_name: name, email: 'a@x.example', password: PASSWORD })
          .success,
        label,
      ).toBe(false);
      expect(
        invitationCreateSchema.safeParse({ email: 'a@x.example', full_name: name, roles: ['user'] })
          .success,
        label,
      ).toBe(false);
      expect(
        invitationAcceptSchema.safeParse({ token: 'abc', password: PASSWORD, full_name: name })
          .success,
        label,
      ).toBe(false);
      expect(userUpdateSchema.safeParse({ full_name: name }).success, label).toBe(false);
    }
    // Setup's names follow the rule too.
    for (const admin of SYSTEM_ADMINS) {
      expect(userUpdateSchema.safeParse({ full_name: admin.fullName }).success).toBe(true);
    }
  });

  it('is answered 400 by every entry point, and nothing is stored', async () => {
    const invited = await t.call('POST', '/api/admin/invitations', {
      token: superToken,
      body: { email: 'fresh.invitee@example.com', roles: ['user'] },
    });
    expect(invited.status, invited.text).toBe(201);
    const inviteToken = new URL(invited.json.link).hash.replace(/^#token=/, '');
    const noah = await userIdOf(t, NOAH);
    const before = await written();
    for (const [i, name] of UNFIT_NAMES.entries()) {
      const label = JSON.stringify(name);
      const attempts = [
        t.call('POST', '/api/auth/sign-up', {
          body: { full_name: name, email: `unfit.${i}@x.example`, password: PASSWORD },
        }),
        t.call('POST', '/api/admin/invitations', {
          token: superToken,
          body: { email: `unfit.${i}@example.com`, full_name: name, roles: ['user'] },
        }),
        t.call('POST', '/api/invitations/accept', {
          body: { token: inviteToken, password: PASSWORD, full_name: name },
        }),
        t.call('PATCH', `/api/admin/users/${noah}`, {
          token: superToken,
          body: { full_name: name },
        }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status, label).toBe(400);
    }
    expect(await written()).toEqual(before);
    // The invitation is still pending and accepts a plain name.
    const accepted = await t.call('POST', '/api/invitations/accept', {
      body: { token: inviteToken, password: PASSWORD, full_name: 'Eve Example' },
    });
    expect(accepted.status, accepted.text).toBe(201);
  });
});
