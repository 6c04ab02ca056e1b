import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { STEP_UP_MAX_AGE_SECONDS } from '@shared/mfa-constants';
import { sha256Hex } from '../security/tokens';
import {
  appSettings,
  passkeyCredentials,
  platformUsers,
  recoveryCodes,
  sessions,
  totpFactors,
} from '../db/schema';
import { givePassword, signedIn, signIn } from '../testing/auth-helpers';
import {
  createTestContext,
  manualClock,
  TEST_SETUP_KEY,
  type TestContext,
} from '../testing/harness';
import { auditOf, userIdOf } from '../testing/principals';
import { SoftwareAuthenticator } from '../testing/software-authenticator';

/**
 * The second factor's policy (docs/product/sign-in.md#second-factor-policy),
 * enrolment before the console (#enrolment-required) and a super
 * administrator's reset of another account's factors
 * (docs/product/admin-console.md#reset-second-factor).
 */
let t: TestContext;
const clock = manualClock();
const AMARA = 'amara.okafor@hirehub.example'; // super_admin
const LIAM = 'liam.chen@hirehub.example'; // platform_admin
const NOAH = 'noah.williams@sortstak.example'; // user
const PASSWORD = 'correct horse battery staple';
const ORIGIN = 'http://localhost:3000';
const STALE_MS = STEP_UP_MAX_AGE_SECONDS * 1000 + 1000;

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    now: clock.now,
    people: [AMARA, LIAM, NOAH],
  });
  for (const email of [AMARA, LIAM, NOAH]) await givePassword(t, email, PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.exec(
    `DELETE FROM rate_limits; DELETE FROM passkey_credentials; DELETE FROM totp_factors;
     DELETE FROM recovery_codes; DELETE FROM app_settings WHERE key = 'second_factor_policy';
     UPDATE platform_users SET second_factor_enrolment_required = false`,
  );
  clock.advance(60_000);
});

const errorOf = (res: { json: unknown }) =>
  (res.json as { error: { code: string; message: string } }).error;
const codeAt = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() });

async function enrolTotp(token: string) {
  const started = await t.call('POST', '/api/auth/mfa/totp', { token });
  expect(started.status).toBe(200);
  const { secret } = started.json as { secret: string };
  const confirmed = await t.call('POST', '/api/auth/mfa/totp/confirm', {
    token,
    body: { code: codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  return secret;
}

const setPolicy = (token: string, policy: string) =>
  t.call('PUT', '/api/admin/settings/second-factor-policy', { token, body: { policy } });

describe('the policy', () => {
  it('is changed by a super administrator only, after a step-up, and recorded', async () => {
    const liam = (await signedIn(t, LIAM, PASSWORD)).access_token;
    expect((await setPolicy(liam, 'everyone')).status).toBe(403);
    const read = await t.call('GET', '/api/admin/settings/second-factor-policy', { token: liam });
    expect(read.json).toEqual({ policy: 'not_required' });

    const amara = (await signedIn(t, AMARA, PASSWORD)).access_token;
    const secret = await enrolTotp(amara);
    clock.advance(STALE_MS);
    const asked = await setPolicy(amara, 'administrators');
    expect(asked.status).toBe(403);
    expect(errorOf(asked).code).toBe('step_up_required');
    expect(
      (await t.call('GET', '/api/admin/settings/second-factor-policy', { token: amara })).json,
    ).toEqual({ policy: 'not_required' });

    const step = await t.call('POST', '/api/auth/step-up', {
      token: amara,
      body: { code: codeAt(secret) },
    });
    expect(step.status).toBe(200);
    const set = await setPolicy(amara, 'administrators');
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ policy: 'administrators' });
    const event = (await auditOf(t, 'admin.settings.second_factor_policy.changed')).at(-1)!;
    expect(event).toMatchObject({
      severity: 'high',
      details: { from: 'not_required', to: 'administrators' },
    });
    expect((await setPolicy(amara, 'sometimes')).status).toBe(400);
  });
});

describe('enrolment before the console', () => {
  it('holds an administrator without a factor to its own account until it enrols', async () => {
    await t.database.exec(
      "INSERT INTO app_settings (key, value) VALUES ('second_factor_policy', 'administrators')",
    );
    const session = await signedIn(t, LIAM, PASSWORD);
    expect(session).toMatchObject({ second_factor_enrolment_required: true });
    const token = session.access_token;
    const refused = await t.call('GET', '/api/admin/users', { token });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'second_factor_enrolment_required',
      message: expect.stringContaining('Set up two-step sign-in'),
    });
    expect((await t.call('GET', '/api/sso/applications?app_id=hirehub', { token })).status).toBe(
      403,
    );
    const me = await t.call('GET', '/api/auth/me', { token });
    expect(me.json).toMatchObject({ second_factor_enrolment_required: true });
    expect((await t.call('GET', '/api/auth/mfa', { token })).status).toBe(200);
    expect((await auditOf(t, 'auth.mfa.enrolment_required')).at(-1)!.details).toMatchObject({
      reason: 'policy',
    });

    // A user is not covered by "administrators".
    const noah = (await signedIn(t, NOAH, PASSWORD)).access_token;
    expect(
      (await t.call('GET', '/api/sso/applications?app_id=hirehub', { token: noah })).status,
    ).toBe(200);

    await enrolTotp(token);
    expect((await t.call('GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it('lets a passkey count as the factor, and covers everyone under "everyone"', async () => {
    await t.database.exec(
      "INSERT INTO app_settings (key, value) VALUES ('second_factor_policy', 'everyone')",
    );
    const token = (await signedIn(t, NOAH, PASSWORD)).access_token;
    expect(
      errorOf(await t.call('GET', '/api/sso/applications?app_id=hirehub', { token })).code,
    ).toBe('second_factor_enrolment_required');
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await t.call('POST', '/api/auth/passkeys/registration-options', { token });
    const registered = await t.call('POST', '/api/auth/passkeys', {
      token,
      body: { response: authenticator.register((options.json as { options: never }).options) },
    });
    expect(registered.status).toBe(201);
    expect((await t.call('GET', '/api/sso/applications?app_id=hirehub', { token })).status).toBe(
      200,
    );
  });

  it('flags the administrators setup creates, after their password change', async () => {
    await t.db
      .insert(appSettings)
      .values({ key: 'setup_confirmation_key_sha256', value: sha256Hex(TEST_SETUP_KEY) })
      .onConflictDoNothing();
    const created = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(created.status, created.text).toBe(200);
    const admins = (created.json as { results: { email: string; password?: string }[] }).results;
    const admin = admins.find((a) => a.password)!;
    const [row] = await t.db
      .select({ flagged: platformUsers.secondFactorEnrolmentRequired })
      .from(platformUsers)
      .where(eq(platformUsers.email, admin.email));
    expect(row!.flagged).toBe(true);

    const first = await signedIn(t, admin.email, admin.password!);
    expect(first.must_change_password).toBe(true);
    const changed = await t.call('POST', '/api/auth/password', {
      token: first.access_token,
      body: { current_password: admin.password, new_password: 'a longer passphrase of mine' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ second_factor_enrolment_required: true });
    const token = first.access_token;
    expect(errorOf(await t.call('GET', '/api/admin/users', { token })).code).toBe(
      'second_factor_enrolment_required',
    );
    await enrolTotp(token);
    expect((await t.call('GET', '/api/admin/users', { token })).status).toBe(200);
    const [after] = await t.db
      .select({ flagged: platformUsers.secondFactorEnrolmentRequired })
      .from(platformUsers)
      .where(eq(platformUsers.email, admin.email));
    expect(after!.flagged).toBe(false);
  });
});

describe('a reset by a super administrator', () => {
  it('refuses one’s own account with a 400, and records it', async () => {
    const amara = (await signedIn(t, AMARA, PASSWORD)).access_token;
    await enrolTotp(amara);
    const id = await userIdOf(t, AMARA);
    const res = await t.call('POST', `/api/admin/users/${id}/reset-second-factor`, {
      token: amara,
      body: { reason: 'Testing' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('own_account');
    expect((await auditOf(t, 'admin.user.second_factor.reset_refused')).at(-1)!.details).toEqual({
      target_user_id: id,
      reason: 'own_account',
    });
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, id))).toHaveLength(1);
  });

  it('removes every factor, ends the sessions, and makes the account enrol again', async () => {
    const liam = await signedIn(t, LIAM, PASSWORD);
    await enrolTotp(liam.access_token);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await t.call('POST', '/api/auth/passkeys/registration-options', {
      token: liam.access_token,
    });
    await t.call('POST', '/api/auth/passkeys', {
      token: liam.access_token,
      body: { response: authenticator.register((options.json as { options: never }).options) },
    });
    const liamId = await userIdOf(t, LIAM);
    const amara = (await signedIn(t, AMARA, PASSWORD)).access_token;
    const reset = (body: unknown) =>
      t.call('POST', `/api/admin/users/${liamId}/reset-second-factor`, { token: amara, body });
    expect((await reset({ reason: '' })).status).toBe(400);
    expect((await reset({})).status).toBe(400);

    const res = await reset({ reason: 'Lost their phone' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      totp_removed: true,
      recovery_codes_removed: 10,
      passkeys_removed: 1,
    });
    expect((res.json as { sessions_ended: number }).sessions_ended).toBeGreaterThanOrEqual(1);
    for (const table of [totpFactors, recoveryCodes, passkeyCredentials]) {
      expect(await t.db.select().from(table).where(eq(table.userId, liamId))).toHaveLength(0);
    }
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, liamId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.call('GET', '/api/auth/me', { token: liam.access_token })).status).toBe(401);
    const event = (await auditOf(t, 'admin.user.second_factor.reset')).at(-1)!;
    expect(event).toMatchObject({
      severity: 'high',
      details: { target_user_id: liamId, reason: 'Lost their phone' },
    });

    // The next sign-in needs no second step, and holds the account to enrolment.
    const next = await signIn(t, LIAM, PASSWORD);
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ second_factor_enrolment_required: true });
  });

  it('is for a super administrator only', async () => {
    const liam = (await signedIn(t, LIAM, PASSWORD)).access_token;
    const noahId = await userIdOf(t, NOAH);
    const res = await t.call('POST', `/api/admin/users/${noahId}/reset-second-factor`, {
      token: liam,
      body: { reason: 'Lost their phone' },
    });
    expect(res.status).toBe(403);
  });
});
