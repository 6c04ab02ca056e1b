import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { STEP_UP_MAX_AGE_SECONDS } from '@shared/mfa-constants';
import { CREDENTIAL_ACCESS } from '../credentials/requests';
import { adminActionApprovals, applications } from '../db/schema';
import { givePassword, signedIn, signIn } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { auditOf, userIdOf } from '../testing/principals';
import { SoftwareAuthenticator, type RequestOptions } from '../testing/software-authenticator';

/**
 * Step-up (docs/product/sign-in.md#step-up): the sensitive actions ask for a
 * second factor proved in this session within STEP_UP_MAX_AGE_SECONDS when the
 * account has one, answer 403 `step_up_required` otherwise and change nothing;
 * a code, a recovery code or a passkey's assertion over this session's options
 * passes it; a reused code and a stale proof do not.
 */
let t: TestContext;
const clock = manualClock();
const AMARA = 'amara.okafor@hirehub.example';
const LIAM = 'liam.chen@hirehub.example';
const NOAH = 'noah.williams@sortstak.example';
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
    'DELETE FROM rate_limits; DELETE FROM passkey_credentials; DELETE FROM totp_factors; DELETE FROM recovery_codes',
  );
  clock.advance(60_000);
});

const errorOf = (res: { json: unknown }) =>
  (res.json as { error: { code: string; methods?: string[] } }).error;
const codeAt = (secret: string, ms = clock.now().getTime()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });

/** Sets up an authenticator app in this session; answers its secret and recovery codes. */
async function enrolTotp(token: string) {
  const started = await t.call('POST', '/api/auth/mfa/totp', { token });
  expect(started.status).toBe(200);
  const { secret } = started.json as { secret: string };
  const confirmed = await t.call('POST', '/api/auth/mfa/totp/confirm', {
    token,
    body: { code: codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, codes: (confirmed.json as { recovery_codes: string[] }).recovery_codes };
}

/** A pending credential request of Liam's, for Amara to review. */
async function pendingRequest(): Promise<string> {
  const [app] = await t.db.select().from(applications).where(eq(applications.appName, 'HireHub'));
  const [row] = await t.db
    .insert(adminActionApprovals)
    .values({
      requestingUserId: await userIdOf(t, LIAM),
      actionType: CREDENTIAL_ACCESS,
      targetAppId: app!.id,
      credentialType: 'api_key',
      justification: 'Key rotation',
      createdAt: clock.now(),
    })
    .returning({ id: adminActionApprovals.id });
  return row!.id;
}

const statusOf = async (id: string) =>
  (await t.db.select().from(adminActionApprovals).where(eq(adminActionApprovals.id, id)))[0]!
    .status;

const approve = (token: string, id: string) =>
  t.call('POST', `/api/admin/credential-requests/${id}/approve`, {
    token,
    body: { reason: 'Scoped to the sync window' },
  });

describe('a sensitive action', () => {
  it('passes without a step-up for an account with no second factor', async () => {
    const { access_token: token } = await signedIn(t, AMARA, PASSWORD);
    clock.advance(STALE_MS);
    const id = await pendingRequest();
    expect((await approve(token, id)).status).toBe(200);
  });

  it('asks for a step-up once the proof is stale, changes nothing, and passes after a code', async () => {
    const { access_token: token } = await signedIn(t, AMARA, PASSWORD);
    const { secret } = await enrolTotp(token);
    const id = await pendingRequest();
    // Confirming the app proved a factor in this session: it covers the next minutes.
    clock.advance(STEP_UP_MAX_AGE_SECONDS * 1000 - 2000);
    const other = await pendingRequest();
    expect((await approve(token, other)).status).toBe(200);

    clock.advance(3000);
    const asked = await approve(token, id);
    expect(asked.status).toBe(403);
    expect(errorOf(asked)).toMatchObject({ code: 'step_up_required', methods: ['totp'] });
    expect(await statusOf(id)).toBe('pending');
    const required = (await auditOf(t, 'auth.mfa.step_up.required')).at(-1)!;
    expect(required.details).toMatchObject({ action: 'approved_credential_request' });

    const wrong = await t.call('POST', '/api/auth/step-up', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(401);
    expect((await auditOf(t, 'auth.mfa.step_up.failed')).at(-1)!.details).toMatchObject({
      method: 'code',
      reason: 'invalid_code',
    });
    expect((await approve(token, id)).status).toBe(403);

    const code = codeAt(secret);
    const passed = await t.call('POST', '/api/auth/step-up', { token, body: { code } });
    expect(passed.status).toBe(200);
    expect((await auditOf(t, 'auth.mfa.step_up.passed')).at(-1)!.details).toEqual({
      method: 'totp',
    });
    expect((await approve(token, id)).status).toBe(200);
    expect(await statusOf(id)).toBe('approved');

    // The same code again is refused, and recorded.
    const reused = await t.call('POST', '/api/auth/step-up', { token, body: { code } });
    expect(reused.status).toBe(401);
    expect((await auditOf(t, 'auth.mfa.step_up.failed')).at(-1)!.details).toMatchObject({
      reason: 'code_reused',
    });

    // Five minutes on, the proof is stale again.
    clock.advance(STALE_MS);
    const later = await pendingRequest();
    expect(errorOf(await approve(token, later)).code).toBe('step_up_required');
    expect(await statusOf(later)).toBe('pending');
  });

  it('is covered by the sign-in’s second step, and passes with a recovery code', async () => {
    const { access_token: first } = await signedIn(t, AMARA, PASSWORD);
    const { secret, codes } = await enrolTotp(first);
    clock.advance(30_000);
    const pending = await signIn(t, AMARA, PASSWORD);
    expect(pending.status).toBe(202);
    const second = await t.call('POST', '/api/auth/sign-in/second-factor', {
      body: {
        pending_token: (pending.json as { pending_token: string }).pending_token,
        code: codeAt(secret),
      },
    });
    expect(second.status).toBe(200);
    const token = (second.json as { access_token: string }).access_token;
    expect((await approve(token, await pendingRequest())).status).toBe(200);

    clock.advance(STALE_MS);
    const id = await pendingRequest();
    expect((await approve(token, id)).status).toBe(403);
    const step = await t.call('POST', '/api/auth/step-up', { token, body: { code: codes[0]! } });
    expect(step.status).toBe(200);
    expect((await approve(token, id)).status).toBe(200);
  });

  it('passes with a passkey’s assertion over this session’s step-up options only', async () => {
    const { access_token: token } = await signedIn(t, AMARA, PASSWORD);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const creation = await t.call('POST', '/api/auth/passkeys/registration-options', { token });
    const registered = await t.call('POST', '/api/auth/passkeys', {
      token,
      body: { response: authenticator.register((creation.json as { options: never }).options) },
    });
    expect(registered.status).toBe(201);
    clock.advance(STALE_MS);

    const exportUsers = () => t.call('GET', '/api/admin/users/export', { token });
    const asked = await exportUsers();
    expect(asked.status).toBe(403);
    expect(errorOf(asked)).toMatchObject({ code: 'step_up_required', methods: ['passkey'] });
    expect(await auditOf(t, 'admin.users.exported')).toHaveLength(0);

    // Options asked for another purpose (a removal's confirmation) do not pass a step-up.
    const confirm = await t.call('POST', '/api/auth/passkeys/confirmation-options', { token });
    const stray = authenticator.assert((confirm.json as { options: RequestOptions }).options);
    const refused = await t.call('POST', '/api/auth/step-up', {
      token,
      body: { assertion: stray },
    });
    expect(refused.status).toBe(401);
    expect((await auditOf(t, 'auth.mfa.step_up.failed')).at(-1)!.details).toMatchObject({
      method: 'passkey',
      reason: 'passkey_challenge_invalid',
    });
    expect((await exportUsers()).status).toBe(403);

    const options = await t.call('POST', '/api/auth/step-up/passkey-options', { token });
    expect(options.status).toBe(200);
    const assertion = authenticator.assert((options.json as { options: RequestOptions }).options);
    const passed = await t.call('POST', '/api/auth/step-up', { token, body: { assertion } });
    expect(passed.status).toBe(200);
    expect((await auditOf(t, 'auth.mfa.step_up.passed')).at(-1)!.details).toEqual({
      method: 'passkey',
    });
    expect((await exportUsers()).status).toBe(200);
  });

  it('guards granting Super Admin, one by one and in bulk, and not other roles', async () => {
    const { access_token: token } = await signedIn(t, AMARA, PASSWORD);
    await enrolTotp(token);
    clock.advance(STALE_MS);
    const noah = await userIdOf(t, NOAH);
    const single = await t.call('PUT', `/api/admin/users/${noah}/roles`, {
      token,
      body: { changes: { super_admin: true } },
    });
    expect(errorOf(single).code).toBe('step_up_required');
    const bulk = await t.call('POST', '/api/admin/users/bulk', {
      token,
      body: { user_ids: [noah], action: { kind: 'grant', role: 'super_admin' } },
    });
    expect(errorOf(bulk).code).toBe('step_up_required');
    const roles = await t.call('GET', `/api/admin/users/${noah}/roles`, { token });
    expect((roles.json as { roles: string[] }).roles).not.toContain('super_admin');
    const other = await t.call('PUT', `/api/admin/users/${noah}/roles`, {
      token,
      body: { changes: { platform_admin: true } },
    });
    expect(other.status).toBe(200);
  });

  it("guards registering and removing an application's sign-in", async () => {
    const { access_token: token } = await signedIn(t, AMARA, PASSWORD);
    const { secret } = await enrolTotp(token);
    const [app] = await t.db
      .insert(applications)
      .values({ appName: 'Step-up App', appUrl: 'https://step-up.example', appType: 'ats' })
      .returning();
    const path = `/api/admin/apps/${app!.id}/oidc-client`;
    const body = { redirect_uris: ['https://step-up.example/cb'], public_client: false };
    expect((await t.call('PUT', path, { token, body })).status).toBe(200);
    clock.advance(STALE_MS);

    const removal = await t.call('DELETE', path, { token });
    expect(errorOf(removal).code).toBe('step_up_required');
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, app!.id));
    expect(kept!.oidcClientId).toBe(app!.id);
    expect(errorOf(await t.call('PUT', path, { token, body })).code).toBe('step_up_required');
    expect((await auditOf(t, 'auth.mfa.step_up.required')).at(-1)!.details).toMatchObject({
      action: 'configure_oidc_client',
    });

    const passed = await t.call('POST', '/api/auth/step-up', {
      token,
      body: { code: codeAt(secret) },
    });
    expect(passed.status).toBe(200);
    expect((await t.call('DELETE', path, { token })).status).toBe(200);
    const [removed] = await t.db.select().from(applications).where(eq(applications.id, app!.id));
    expect(removed!.oidcClientId).toBeNull();
  });
});
