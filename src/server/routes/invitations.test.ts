import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_REFUSALS } from '@shared/schemas/invitations';
import { createApp } from '../start/app';
import { writeBackup } from '../db/backup';
import { sha256Hex } from '../security/tokens';
import { ensureSetupKey } from '../setup/setup-key';
import { auditRows, roleRowsOf, signInAs, userIdOf } from '../testing/admin-helpers';
import { givePassword, signIn, verifyTokenMailedTo } from '../testing/auth-helpers';
import { rowCount } from '../testing/principals';
import {
  createTestContext,
  manualClock,
  TEST_SETUP_KEY,
  type TestContext,
} from '../testing/harness';

/** An invitation link works for 72 hours (docs/product/sign-in.md#invitations), as a number. */
const LINK_LIFETIME_MS = 72 * 3600 * 1000;

/**
 * Invitations in production mode (docs/product/admin-console.md#invitations,
 * docs/product/sign-in.md#invitations): who may invite with which roles, the
 * link shown once and stored hashed, its status over time, and the single use
 * of the link under concurrency.
 */
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const LIAM = 'liam.chen@hirehub.example'; // user + platform_admin
const NOAH = 'noah.williams@sortstak.example'; // user only
const PASSWORD = 'a long passphrase of my own';

const clock = manualClock();
let t: TestContext;
let superToken: string;
let adminToken: string;
let userToken: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestContext({
    now: clock.now,
    config: { demoMode: false, publicUrl: 'https://console.example' },
    people: [AMARA, LIAM, NOAH],
  });
  await ensureSetupKey(t.db, t.config, () => {});
  superToken = await signInAs(t, AMARA);
  adminToken = await signInAs(t, LIAM);
  userToken = await signInAs(t, NOAH);
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each test starts with a fresh address limit and fresh refusal tallies (all requests come
  // from one address here), so the first refusal of each kind is written at once.
  await t.database.exec('DELETE FROM rate_limits; DELETE FROM refusal_tallies');
});

const newAddress = () => `invitee.${++serial}@example.com`;

const invite = (body: Record<string, unknown>, token: string | null = superToken) =>
  t.call('POST', '/api/admin/invitations', { token, body });

/** Invites a new address and returns the answer and the link's token. */
async function invited(
  roles: string[] = ['user'],
  extra: Record<string, unknown> = {},
  by: string = superToken,
) {
  const email = newAddress();
  const res = await invite({ email, roles, ...extra }, by);
  expect(res.status, res.text).toBe(201);
  const token = new URL(res.json.link).hash.replace(/^#token=/, '');
  return { email, id: res.json.invitation.id as string, token, res };
}

const inspect = (token: string) => t.call('POST', '/api/invitations/inspect', { body: { token } });
const accept = (token: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/invitations/accept', {
    body: { token, password: PASSWORD, ...extra },
    headers: { 'user-agent': 'invitation-test/1.0' },
  });

const listed = async (id: string) => {
  const res = await t.call('GET', '/api/admin/invitations', { token: superToken });
  expect(res.status, res.text).toBe(200);
  return (res.json.invitations as { id: string; status: string }[]).find((i) => i.id === id);
};

const refusals = async () => (await auditRows(t, 'auth.invitation.refused')).map((e) => e.details);

describe('POST /api/admin/invitations', () => {
  it('answers the invitation and a link shown once; only the token’s hash is stored', async () => {
    const { email, id, token, res } = await invited(['user', 'platform_admin'], {
      full_name: 'New Colleague',
    });
    expect(res.json.link).toBe(`https://console.example/auth/invite#token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.invitation).toMatchObject({
      email,
      full_name: 'New Colleague',
      roles: ['user', 'platform_admin'],
      status: 'pending',
      invited_by: await userIdOf(t, AMARA),
      invited_by_email: AMARA,
      created_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + LINK_LIFETIME_MS).toISOString(),
      accepted_at: null,
      revoked_at: null,
    });

    const [row] = await t.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM invitations WHERE id = $1',
      [id],
    );
    expect(row!.token_hash).toBe(sha256Hex(token));
    // Nowhere in the database, the audit trail included, is the token itself.
    const everything: string[] = [];
    await writeBackup(t.database, (line) => void everything.push(JSON.stringify(line)));
    expect(everything.join('\n')).toContain(sha256Hex(token));
    expect(everything.join('\n')).not.toContain(token);

    // The list never shows the link, the token or its hash.
    const list = await t.call('GET', '/api/admin/invitations', { token: adminToken });
    expect(list.text).toContain(email);
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(sha256Hex(token).slice(0, 16));
    expect(list.text).not.toContain('#token=');

    const [event] = (await auditRows(t, 'admin.invitation.created')).slice(-1);
    // It carries platform_admin, an administrator's role: high (docs/product/audit-trail.md#severity).
    expect(event).toMatchObject({ user_id: await userIdOf(t, AMARA), severity: 'high' });
    expect(event!.details).toMatchObject({
      invitation_id: id,
      email,
      roles: ['user', 'platform_admin'],
    });
  });

  it('lets a platform_admin invite with platform_admin', async () => {
    const res = await invite({ email: newAddress(), roles: ['platform_admin'] }, adminToken);
    expect(res.status, res.text).toBe(201);
    expect(res.json.invitation.invited_by_email).toBe(LIAM);
  });

  it('refuses super_admin from a platform_admin and records the escalation attempt', async () => {
    const before = (await auditRows(t, 'role_escalation_attempt')).length;
    const count = async () =>
      (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations'))[0]!.n;
    const invitationsBefore = await count();
    const email = newAddress();
    const res = await invite({ email, roles: ['user', 'super_admin'] }, adminToken);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('Only a super administrator can invite with Super Admin');
    expect(await count()).toBe(invitationsBefore);
    const attempts = (await auditRows(t, 'role_escalation_attempt')).slice(before);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ user_id: await userIdOf(t, LIAM), severity: 'high' });
    expect(attempts[0]!.details).toMatchObject({
      invitation_email: email,
      role: 'super_admin',
      requested: 'invite',
      outcome: 'denied',
    });

    // A super_admin may.
    expect((await invite({ email, roles: ['super_admin'] })).status).toBe(201);
  });

  it('refuses an address with an account or a pending invitation, in any case', async () => {
    const taken = await invite({ email: LIAM.toUpperCase(), roles: ['user'] });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe(
      `An account with the email ${LIAM.toUpperCase()} already exists`,
    );

    const { email } = await invited();
    const again = await invite({ email: email.toUpperCase(), roles: ['user'] });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/already has a pending invitation; revoke it first/);

    const reserved = await invite({
      email: 'security.admin@talentecosystem.demo',
      roles: ['user'],
    });
    expect(reserved.status).toBe(409);
    expect(reserved.json.error.message).toMatch(/reserved for a system administrator/);
  });

  it('invites an address again once its invitation was revoked or has expired', async () => {
    const first = await invited();
    expect(
      (await t.call('DELETE', `/api/admin/invitations/${first.id}`, { token: superToken })).status,
    ).toBe(200);
    expect((await invite({ email: first.email, roles: ['user'] })).status).toBe(201);

    const second = await invited();
    clock.advance(LINK_LIFETIME_MS);
    expect((await invite({ email: second.email, roles: ['user'] })).status).toBe(201);
  });

  it('validates the body with the shared schema', async () => {
    const none = await invite({ email: newAddress(), roles: [] });
    expect(none.status).toBe(400);
    expect(none.json.error.message).toMatch(/Choose at least one role/);
    const unknown = await invite({ email: newAddress(), roles: ['owner'] });
    expect(unknown.status).toBe(400);
    const bad = await invite({ email: 'not an address', roles: ['user'] });
    expect(bad.status).toBe(400);
  });

  it('is for administrators only, and only in production mode', async () => {
    expect((await invite({ email: newAddress(), roles: ['user'] }, userToken)).status).toBe(403);
    expect((await invite({ email: newAddress(), roles: ['user'] }, null)).status).toBe(401);

    const demo = createApp({ ...t.deps, config: { ...t.config, demoMode: true } });
    for (const [method, path, body] of [
      ['POST', '/api/admin/invitations', { email: newAddress(), roles: ['user'] }],
      ['GET', '/api/admin/invitations', undefined],
      ['POST', '/api/invitations/inspect', { token: 'abc' }],
      ['POST', '/api/invitations/accept', { token: 'abc', password: PASSWORD }],
    ] as const) {
      const res = await demo.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      // Before the caller is even asked for: nobody signed in gets the same answer.
      expect(res.status, `${method} ${path}`).toBe(409);
      const json = (await res.json()) as { error: { code: string; message: string } };
      expect(json.error.code).toBe('demo_mode');
      expect(json.error.message).toMatch(/invitations create server accounts/);
    }
  });
});

describe('GET /api/admin/invitations and DELETE /api/admin/invitations/:id', () => {
  it('computes pending, accepted, revoked and expired from the times', async () => {
    const pending = await invited();
    const accepted = await invited();
    expect((await accept(accepted.token)).status).toBe(201);
    const revoked = await invited();
    await t.call('DELETE', `/api/admin/invitations/${revoked.id}`, { token: adminToken });

    expect((await listed(pending.id))!.status).toBe('pending');
    expect((await listed(accepted.id))!.status).toBe('accepted');
    expect((await listed(revoked.id))!.status).toBe('revoked');

    clock.advance(LINK_LIFETIME_MS - 1);
    expect((await listed(pending.id))!.status).toBe('pending');
    clock.advance(1);
    expect((await listed(pending.id))!.status).toBe('expired');
    // Used or revoked stays so after the 72 hours.
    expect((await listed(accepted.id))!.status).toBe('accepted');
    expect((await listed(revoked.id))!.status).toBe('revoked');
  });

  it('revokes a pending invitation once, records it, and its link stops working', async () => {
    const { id, token, email } = await invited();
    const res = await t.call('DELETE', `/api/admin/invitations/${id}`, { token: adminToken });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: 'revoked',
      revoked_by: await userIdOf(t, LIAM),
      revoked_at: clock.now().toISOString(),
    });
    const [event] = (await auditRows(t, 'admin.invitation.revoked')).slice(-1);
    expect(event).toMatchObject({ user_id: await userIdOf(t, LIAM) });
    expect(event!.details).toMatchObject({ invitation_id: id, email, was: 'pending' });

    const again = await t.call('DELETE', `/api/admin/invitations/${id}`, { token: adminToken });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This invitation has already been revoked');

    const used = await accept(token);
    expect(used.status).toBe(410);
    expect(used.json.error).toEqual({
      code: 'invitation_revoked',
      message: INVITATION_REFUSALS.revoked,
    });
  });

  it('refuses to revoke a used invitation (409) or an unknown one (404)', async () => {
    const { id, token } = await invited();
    expect((await accept(token)).status).toBe(201);
    const res = await t.call('DELETE', `/api/admin/invitations/${id}`, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/already been used/);
    const unknown = await t.call(
      'DELETE',
      '/api/admin/invitations/7d0c1b9e-3f53-4a8e-9f0e-2b0c5d7f1a11',
      { token: superToken },
    );
    expect(unknown.status).toBe(404);
  });

  it('lets only a super_admin revoke an invitation that grants super_admin', async () => {
    const { id } = await invited(['super_admin']);
    const before = (await auditRows(t, 'role_escalation_attempt')).length;
    const res = await t.call('DELETE', `/api/admin/invitations/${id}`, { token: adminToken });
    expect(res.status).toBe(403);
    expect((await listed(id))!.status).toBe('pending');
    const attempts = (await auditRows(t, 'role_escalation_attempt')).slice(before);
    expect(attempts.map((e) => e.details.requested)).toEqual(['revoke_invitation']);
    expect(
      (await t.call('DELETE', `/api/admin/invitations/${id}`, { token: superToken })).status,
    ).toBe(200);
  });
});

describe('POST /api/invitations/inspect and /accept', () => {
  it('shows who the invitation is for, without signing in', async () => {
    const { email, token } = await invited(['user'], { full_name: 'Ada Invitee' });
    const res = await inspect(token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      email,
      full_name: 'Ada Invitee',
      expires_at: new Date(clock.now().getTime() + LINK_LIFETIME_MS).toISOString(),
    });
  });

  it('creates the account with the roles, signs it in, and the password works', async () => {
    const { email, id, token } = await invited(['user', 'platform_admin'], {
      full_name: 'Named By Admin',
    });
    const res = await accept(token, { full_name: 'Chosen Name' });
    expect(res.status, res.text).toBe(201);
    // The sign-in's answer.
    expect(res.json).toMatchObject({
      token_type: 'bearer',
      must_change_password: false,
      user: { email, user_metadata: { full_name: 'Chosen Name' } },
    });
    expect([...res.json.user.roles].sort()).toEqual(['platform_admin', 'user']);
    const me = await t.call('GET', '/api/auth/me', { token: res.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);
    // The new administrator reaches the console.
    expect(
      (await t.call('GET', '/api/admin/invitations', { token: res.json.access_token })).status,
    ).toBe(200);

    const userId = await userIdOf(t, email);
    const roles = await roleRowsOf(t, userId);
    expect(roles.map((r) => [r.role, r.is_active, r.granted_by])).toEqual([
      ['platform_admin', true, await userIdOf(t, AMARA)],
      ['user', true, await userIdOf(t, AMARA)],
    ]);
    const signedIn = await signIn(t, email, PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);

    const [row] = await t.database.query<{
      id: string;
      accepted_user_id: string;
      accepted_at: Date;
    }>('SELECT id, accepted_user_id, accepted_at FROM invitations WHERE token_hash = $1', [
      sha256Hex(token),
    ]);
    expect(row).toMatchObject({ id, accepted_user_id: userId });
    expect(new Date(row!.accepted_at)).toEqual(clock.now());

    const [event] = (await auditRows(t, 'auth.invitation.accepted')).slice(-1);
    expect(event).toMatchObject({ user_id: userId, user_agent: 'invitation-test/1.0' });
    expect(event!.session_id).toBe(res.json.access_token.slice(-8));
    expect(event!.details).toMatchObject({
      invitation_id: id,
      email,
      roles: ['user', 'platform_admin'],
      invited_by: await userIdOf(t, AMARA),
    });
  });

  it('keeps the invitation’s name when the invitee gives none', async () => {
    const { token } = await invited(['user'], { full_name: 'Given By Admin' });
    const res = await accept(token);
    expect(res.status, res.text).toBe(201);
    expect(res.json.user.user_metadata.full_name).toBe('Given By Admin');
  });

  it('holds the password to the sign-up’s rules and leaves the invitation pending', async () => {
    const { id, token } = await invited();
    const res = await accept(token, { password: 'too short' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/at least 12 characters/);
    expect((await listed(id))!.status).toBe('pending');
  });

  it('is single use: a second accept, or a look, is refused as used and recorded', async () => {
    const { id, email, token } = await invited();
    expect((await accept(token)).status).toBe(201);
    const again = await accept(token, { password: 'another passphrase entirely' });
    expect(again.status).toBe(410);
    expect(again.json.error).toEqual({
      code: 'invitation_used',
      message: INVITATION_REFUSALS.used,
    });
    expect((await inspect(token)).status).toBe(410);
    expect(await refusals()).toContainEqual(
      expect.objectContaining({ reason: 'used', step: 'accept', invitation_id: id, email }),
    );
    // The first password still opens the account; the second never became one.
    expect((await signIn(t, email, PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous accepts create the account', async () => {
    const { email, token } = await invited(['user', 'platform_admin']);
    const answers = await Promise.all([
      accept(token),
      accept(token, { password: 'the other passphrase here' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    expect(answers.find((a) => a.status === 410)!.json.error.code).toBe('invitation_used');
    const [accounts] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM platform_users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(accounts!.n).toBe(1);
    expect(await roleRowsOf(t, await userIdOf(t, email))).toHaveLength(2);
    expect(
      (await auditRows(t, 'auth.invitation.accepted')).filter((e) => e.details.email === email),
    ).toHaveLength(1);
  });

  it('refuses the link from 72 hours on, and records the expired use', async () => {
    const { id, token } = await invited();
    clock.advance(LINK_LIFETIME_MS - 1);
    expect((await inspect(token)).status).toBe(200);
    clock.advance(1);
    const looked = await inspect(token);
    expect(looked.status).toBe(410);
    expect(looked.json.error).toEqual({
      code: 'invitation_expired',
      message: INVITATION_REFUSALS.expired,
    });
    const res = await accept(token);
    expect(res.status).toBe(410);
    expect(await refusals()).toContainEqual(
      expect.objectContaining({ reason: 'expired', step: 'inspect', invitation_id: id }),
    );
    const [user] = await t.database.query(
      `SELECT 1 FROM platform_users WHERE email = (SELECT email FROM invitations WHERE id = $1)`,
      [id],
    );
    expect(user).toBeUndefined();
  });

  it('answers an unknown link with 404 and records it without an invitation', async () => {
    const res = await inspect('no-such-invitation-token-0000000000000000000');
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({
      code: 'invitation_not_found',
      message: INVITATION_REFUSALS.unknown,
    });
    const [last] = (await refusals()).slice(-1);
    expect(last).toMatchObject({ reason: 'unknown', step: 'inspect' });
    expect(last).not.toHaveProperty('invitation_id');
  });

  it('refuses when an account took the address after the invitation, and keeps it pending', async () => {
    const { id, email, token } = await invited();
    await t.database.query(`INSERT INTO platform_users (email) VALUES ($1)`, [email]);
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(
      `An account with the email ${email} already exists. Sign in with it instead.`,
    );
    expect((await listed(id))!.status).toBe('pending');
  });

  it('keeps an invited address from sign-up, answering as for a taken one, and still accepts', async () => {
    t.config.allowSignup = true;
    try {
      const signUp = (email: string) =>
        t.call('POST', '/api/auth/sign-up', {
          body: { full_name: 'Squatter', email, password: 'squatter passphrase 1' },
        });
      const taken = await signUp(NOAH);
      const { id, email, token } = await invited(['user', 'platform_admin']);
      const users = await rowCount(t, 'platform_users');
      const squat = await signUp(email.toUpperCase());
      expect(squat.status).toBe(taken.status);
      expect(squat.json).toEqual(taken.json);
      expect(await rowCount(t, 'platform_users')).toBe(users);
      expect((await signIn(t, email, 'squatter passphrase 1')).status).toBe(401);
      const refusals = await auditRows(t, 'auth.signup.failure');
      expect((refusals.at(-1)!.details as { reason: string }).reason).toBe('invitation_pending');
      // The invitee still gets the account, with the invitation's roles.
      const res = await accept(token);
      expect(res.status, res.text).toBe(201);
      expect(res.json.user.roles.sort()).toEqual(['platform_admin', 'user']);
      expect((await listed(id))!.status).toBe('accepted');
    } finally {
      t.config.allowSignup = false;
    }
  });

  it('lets sign-up take an address whose invitation was revoked or has expired', async () => {
    t.config.allowSignup = true;
    try {
      const revoked = await invited();
      const del = await t.call('DELETE', `/api/admin/invitations/${revoked.id}`, {
        token: superToken,
      });
      expect(del.status).toBe(200);
      const expired = await invited();
      clock.advance(LINK_LIFETIME_MS);
      for (const email of [revoked.email, expired.email]) {
        const res = await t.call('POST', '/api/auth/sign-up', {
          body: { full_name: 'Own Account', email, password: 'my own passphrase 1' },
        });
        expect(res.status).toBe(202);
        const token = await verifyTokenMailedTo(t, email);
        expect((await t.call('POST', '/api/auth/verify', { body: { token } })).status).toBe(200);
        expect((await signIn(t, email, 'my own passphrase 1')).status).toBe(200);
      }
    } finally {
      t.config.allowSignup = false;
    }
  });

  it('refuses a link whose inviter may no longer grant its roles, and creates nothing', async () => {
    // Two administrators who joined by invitation: a super_admin and a platform_admin.
    const joined = async (roles: string[]) => {
      const { email, token } = await invited(roles);
      const res = await accept(token);
      expect(res.status, res.text).toBe(201);
      return { id: await userIdOf(t, email), session: res.json.access_token as string };
    };
    const formerSuper = await joined(['user', 'platform_admin', 'super_admin']);
    const formerAdmin = await joined(['user', 'platform_admin']);
    const superLink = await invited(['user', 'super_admin'], {}, formerSuper.session);
    const adminLink = await invited(['user', 'platform_admin'], {}, formerSuper.session);
    const deactivatedLink = await invited(['user', 'platform_admin'], {}, formerAdmin.session);

    // One loses super_admin (keeping platform_admin), the other is deactivated. Amara, with a
    // password, is then still a super_admin who can sign in, so the demotion is allowed.
    await givePassword(t, AMARA, PASSWORD);
    const demoted = await t.call('PUT', `/api/admin/users/${formerSuper.id}/roles`, {
      token: superToken,
      body: { changes: { super_admin: false } },
    });
    expect(demoted.status, demoted.text).toBe(200);
    const deactivated = await t.call('PATCH', `/api/admin/users/${formerAdmin.id}`, {
      token: superToken,
      body: { is_active: false },
    });
    expect(deactivated.status, deactivated.text).toBe(200);

    for (const link of [superLink, deactivatedLink]) {
      const looked = await inspect(link.token);
      expect(looked.status, looked.text).toBe(410);
      expect(looked.json.error).toEqual({
        code: 'invitation_revoked',
        message: INVITATION_REFUSALS.revoked,
      });
      const res = await accept(link.token);
      expect(res.status, res.text).toBe(410);
      expect(res.json.error.code).toBe('invitation_revoked');
      const [user] = await t.database.query(
        'SELECT 1 FROM platform_users WHERE lower(email) = lower($1)',
        [link.email],
      );
      expect(user).toBeUndefined();
    }
    // The first refusal of its kind is on the trail at once (the rest are tallied).
    expect(await refusals()).toContainEqual(
      expect.objectContaining({
        reason: 'revoked',
        cause: 'inviter_may_not_grant',
        step: 'inspect',
        invitation_id: superLink.id,
      }),
    );
    // The list says which pending links are refused for their inviter, until they are revoked.
    const listed = await t.call('GET', '/api/admin/invitations', { token: superToken });
    expect(listed.status, listed.text).toBe(200);
    const mayGrant = (id: string) =>
      (listed.json.invitations as { id: string; inviter_may_grant: boolean | null }[]).find(
        (i) => i.id === id,
      )?.inviter_may_grant;
    expect([superLink, adminLink, deactivatedLink].map((l) => mayGrant(l.id))).toEqual([
      false,
      true,
      false,
    ]);
    // What the demoted administrator may still grant still works.
    const kept = await accept(adminLink.token);
    expect(kept.status, kept.text).toBe(201);
    expect([...kept.json.user.roles].sort()).toEqual(['platform_admin', 'user']);
    const after = await t.call('GET', '/api/admin/invitations', { token: superToken });
    const status = (id: string) =>
      (
        after.json.invitations as {
          id: string;
          status: string;
          inviter_may_grant: boolean | null;
        }[]
      )
        .filter((i) => i.id === id)
        .map((i) => [i.status, i.inviter_may_grant]);
    expect(status(adminLink.id)).toEqual([['accepted', null]]);
  });

  it('limits refused links per address like the sign-in: 10 per 15 minutes, then 429', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await inspect(`guess${i}`)).status).toBe(404);
    }
    const { token } = await invited();
    const limited = await inspect(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.error.message).toMatch(
      /^Too many attempts with invitation links\. Try again in \d+ minutes?\.$/,
    );
    expect((await accept(token)).status).toBe(429);
    const [event] = (await auditRows(t, 'auth.rate_limited')).slice(-1);
    expect(event!.details).toMatchObject({ scopes: ['address'], step: 'invitation_inspect' });

    // A good link gives its attempt back: after the window, looking twice costs nothing.
    clock.advance(15 * 60_000);
    for (let i = 0; i < 12; i++) expect((await inspect(token)).status).toBe(200);
  });
});

describe('Clear All Users', () => {
  // Last in the file: it removes every account the tests above sign in as.
  it('deletes every invitation with the accounts, so no pending link brings one back', async () => {
    const { token } = await invited();
    const res = await t.call('POST', '/api/setup/clear-all-users', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status, res.text).toBe(200);
    const [left] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invitations',
    );
    expect(left!.n).toBe(0);
    expect((await accept(token)).status).toBe(404);
  });
});
