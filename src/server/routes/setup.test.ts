import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { GENESIS_HASH } from '../audit/chain/link';
import { verifyAuditChain } from '../audit/chain/verify';
import {
  auditChainHead,
  auditEvents,
  credentialGrants,
  passwordCredentials,
  platformRoleAssignments,
  platformUsers,
  sessions,
  signUpVerifications,
} from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../db/seed-data';
import { rotateSession } from '../auth/server-sessions';
import { verifyPassword } from '../security/passwords';
import { newToken, sha256Hex } from '../security/tokens';
import { ensureSetupKey } from '../setup/setup-key';
import { SYSTEM_ADMINS } from '../setup/system-admins';
import { createTestContext, TEST_SETUP_KEY, type TestContext } from '../testing/harness';
import {
  auditOf,
  passwordSession,
  rowCount,
  userIdOf,
  withBrokenAuditTrail,
} from '../testing/principals';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ passwordCost: 'production' });
  // As the server does at start: store the hash of the configured key.
  await ensureSetupKey(t.db, t.config, () => {});
});
afterAll(() => t.close());

const TABLES = [
  'platform_users',
  'platform_role_assignments',
  'password_credentials',
  'sessions',
  'admin_action_approvals',
  'credential_grants',
  // A sign-up still waiting for its link would bring an account back after a clear.
  'sign_up_verifications',
  'audit_events',
];
async function snapshot() {
  return Object.fromEntries(await Promise.all(TABLES.map(async (n) => [n, await rowCount(t, n)])));
}

const ENDPOINTS = ['system-admins', 'clear-all-users', 'cleanup-all-users'];

describe('the setup key', () => {
  it.each(ENDPOINTS)('is required by %s: missing 401, wrong 403, nothing changed', async (name) => {
    const admin = await passwordSession(t, 'amara.okafor@hirehub.example');
    const before = await snapshot();
    const [{ seq: seqBefore } = { seq: 0 }] = await t.db
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    const missing = await t.call('POST', `/api/setup/${name}`, { body: {} });
    expect(missing.status).toBe(401);
    expect(missing.json.error.message).toBe('Enter the setup confirmation key');
    const empty = await t.call('POST', `/api/setup/${name}`, { body: { confirmation_key: '' } });
    expect(empty.status).toBe(401);
    const wrong = await t.call('POST', `/api/setup/${name}`, {
      body: { confirmation_key: `${TEST_SETUP_KEY}x` },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toBe('The setup confirmation key is not valid');
    // A signed-in administrator still needs the key.
    const asAdmin = await t.call('POST', `/api/setup/${name}`, {
      token: admin,
      body: { confirmation_key: 'not-the-key' },
    });
    expect(asAdmin.status).toBe(403);
    // Nothing changed but the record of the refusals.
    const after = await snapshot();
    expect({ ...after, audit_events: 0 }).toEqual({ ...before, audit_events: 0 });
    const events = await t.db.select().from(auditEvents).where(gt(auditEvents.seq, seqBefore));
    expect(events.length).toBe(after.audit_events - before.audit_events);
    expect(events.every((e) => e.eventType === 'system.setup.key_refused')).toBe(true);
  });

  it.each([
    ['no body', undefined],
    ['an unknown field', { confirmation_key: TEST_SETUP_KEY, force: true }],
    ['a key that is not text', { confirmation_key: 42 }],
  ])('refuses %s with 400', async (_n, body) => {
    const res = await t.call('POST', '/api/setup/system-admins', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/setup/system-admins', { timeout: 90_000 }, () => {
  let results: { email: string; status: string; password?: string }[];

  it('creates exactly three administrators with generated passwords', async () => {
    const res = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    results = res.json.results;
    expect(results.map((r) => r.email)).toEqual(SYSTEM_ADMINS.map((a) => a.email));
    for (const r of results) {
      expect(r.status).toBe('created');
      expect(r.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    }
    expect(new Set(results.map((r) => r.password)).size).toBe(3);
  });

  it('stores only scrypt hashes that verify against the passwords, to be changed at first sign-in', async () => {
    for (const r of results) {
      const id = await userIdOf(t, r.email);
      const [cred] = await t.db
        .select()
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, id));
      expect(cred!.passwordHash).toMatch(/^scrypt\$17\$8\$1\$/);
      expect(cred!.passwordHash).not.toContain(r.password!);
      expect(cred!.mustChange).toBe(true);
      expect(await verifyPassword(r.password!, cred!.passwordHash)).toBe(true);
    }
    const [first] = await t.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, await userIdOf(t, results[0]!.email)));
    expect(await verifyPassword(results[1]!.password!, first!.passwordHash)).toBe(false);
  });

  it('gives each full system access and records each creation', async () => {
    for (const r of results) {
      const roles = await t.db
        .select({ role: platformRoleAssignments.role, active: platformRoleAssignments.isActive })
        .from(platformRoleAssignments)
        .where(eq(platformRoleAssignments.userId, await userIdOf(t, r.email)));
      expect(
        roles
          .filter((x) => x.active)
          .map((x) => x.role)
          .sort(),
      ).toEqual(['platform_admin', 'super_admin', 'user']);
    }
    const events = await auditOf(t, 'system.admin.created');
    expect(events.map((e) => (e.details as any).email)).toEqual(SYSTEM_ADMINS.map((a) => a.email));
    expect(events.every((e) => e.severity === 'critical')).toBe(true);
  });

  it('reports existing accounts as such, without a new password, and leaves them alone', async () => {
    const before = await snapshot();
    const [credBefore] = await t.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, await userIdOf(t, SYSTEM_ADMINS[0].email)));
    const res = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    for (const r of res.json.results) {
      expect(r).toEqual({ email: r.email, status: 'already_exists' });
    }
    expect(await snapshot()).toEqual(before);
    const [credAfter] = await t.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, await userIdOf(t, SYSTEM_ADMINS[0].email)));
    expect(credAfter!.passwordHash).toBe(credBefore!.passwordHash);
  });

  it('creates only the missing ones when some exist', async () => {
    await t.db
      .delete(platformUsers)
      .where(sql`lower(${platformUsers.email}) = ${SYSTEM_ADMINS[1].email}`);
    const res = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.json.results.map((r: any) => r.status)).toEqual([
      'already_exists',
      'created',
      'already_exists',
    ]);
    expect(res.json.results[1].password).toBeTruthy();
  });

  it('reports a per-account error and saves nothing for it when its record cannot be written', async () => {
    await t.db
      .delete(platformUsers)
      .where(sql`lower(${platformUsers.email}) = ${SYSTEM_ADMINS[2].email}`);
    const before = await rowCount(t, 'platform_users');
    const res = await withBrokenAuditTrail(t, () =>
      t.call('POST', '/api/setup/system-admins', { body: { confirmation_key: TEST_SETUP_KEY } }),
    );
    expect(res.status).toBe(200);
    expect(res.json.results[2]).toMatchObject({ status: 'error', error: expect.any(String) });
    expect(res.json.results[2].password).toBeUndefined();
    expect(await rowCount(t, 'platform_users')).toBe(before);
  });
});

describe('POST /api/setup/cleanup-all-users', () => {
  it('removes deactivated accounts, dead sessions and ended grants, and keeps the rest', async () => {
    const demo = t.demoToken();
    await t.call('GET', '/api/admin/apps', { token: demo });
    const activeUsers = Number(
      (
        await t.database.query<{ n: string }>(
          'SELECT count(*) AS n FROM platform_users WHERE is_active',
        )
      )[0]!.n,
    );
    const inactive = (await rowCount(t, 'platform_users')) - activeUsers;
    const live = await passwordSession(t, 'liam.chen@hirehub.example');
    await passwordSession(t, 'liam.chen@hirehub.example', { expiresAt: new Date(Date.now() - 1) });
    await passwordSession(t, 'grace.kim@talentspark.example');
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date(), isActive: false })
      .where(eq(sessions.userId, await userIdOf(t, 'grace.kim@talentspark.example')));
    const hirehub = (await t.call('GET', '/api/admin/apps', { token: demo })).json.apps[0].id;
    await t.db.insert(credentialGrants).values([
      {
        userId: await userIdOf(t, DEMO_ADMIN_EMAIL),
        appId: hirehub,
        credentialType: 'api_key',
        justification: 'expired long ago',
        timeLimitMinutes: 5,
        grantedAt: new Date(Date.now() - 3_600_000),
        expiresAt: new Date(Date.now() - 3_300_000),
      },
      {
        userId: await userIdOf(t, DEMO_ADMIN_EMAIL),
        appId: hirehub,
        credentialType: 'webhook_secret',
        justification: 'still running',
        timeLimitMinutes: 60,
        grantedAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ]);

    // Sign-ups: one whose link was opened, one past its 24 hours, one still waiting.
    const day = 24 * 3_600_000;
    const signUp = (email: string, createdAt: number, verifiedAt: Date | null = null) => ({
      email,
      fullName: 'Signed Up',
      passwordHash: 'a scrypt hash',
      tokenHash: sha256Hex(newToken()),
      createdAt: new Date(createdAt),
      expiresAt: new Date(createdAt + day),
      verifiedAt,
    });
    await t.db
      .insert(signUpVerifications)
      .values([
        signUp('opened@x.example', Date.now() - 60_000, new Date()),
        signUp('too.late@x.example', Date.now() - day - 60_000),
        signUp('waiting@x.example', Date.now() - 60_000),
      ]);

    const res = await t.call('POST', '/api/setup/cleanup-all-users', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      cleaned: {
        inactive_users: inactive,
        ended_sessions: 2,
        ended_grants: 1,
        sso_codes: 0,
        ended_sign_ups: 2,
      },
      remaining_users: activeUsers,
    });
    expect(
      await t.database.query<{ email: string }>('SELECT email FROM sign_up_verifications'),
    ).toEqual([{ email: 'waiting@x.example' }]);
    expect(await t.database.query('SELECT 1 FROM platform_users WHERE NOT is_active')).toHaveLength(
      0,
    );
    // The live session and the running grant survive; the expired grant's expiry is on the record.
    expect((await t.call('GET', '/api/admin/apps', { token: live })).status).toBe(200);
    expect(await rowCount(t, 'credential_grants')).toBe(1);
    expect((await auditOf(t, 'admin.credential.grant.expired')).length).toBe(1);
    expect((await auditOf(t, 'system.users.cleanup')).at(-1)!.details).toMatchObject({
      inactive_users: inactive,
    });
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

describe('POST /api/setup/cleanup-all-users and sessions that can still be refreshed', () => {
  it('keeps a session whose access token expired while its refresh token is valid', async () => {
    const userId = await userIdOf(t, 'liam.chen@hirehub.example');
    const refresh = newToken();
    const stale = newToken();
    const minute = 60_000;
    await t.db.insert(sessions).values([
      {
        // Access expired a minute ago; the refresh token has days left.
        userId,
        kind: 'password',
        sessionTokenHash: sha256Hex(newToken()),
        refreshTokenHash: sha256Hex(refresh),
        expiresAt: new Date(Date.now() - minute),
        refreshExpiresAt: new Date(Date.now() + 7 * 24 * 60 * minute),
      },
      {
        // Both expired: nothing can renew it.
        userId,
        kind: 'password',
        sessionTokenHash: sha256Hex(newToken()),
        refreshTokenHash: sha256Hex(stale),
        expiresAt: new Date(Date.now() - 2 * minute),
        refreshExpiresAt: new Date(Date.now() - minute),
      },
    ]);
    const res = await t.call('POST', '/api/setup/cleanup-all-users', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.json.cleaned.ended_sessions).toBe(1);
    const meta = { ip: null, userAgent: null };
    expect(await rotateSession(t.deps, refresh, meta)).toMatchObject({
      outcome: 'rotated',
      session: { user: { id: userId } },
    });
    expect(await rotateSession(t.deps, stale, meta)).toEqual({ outcome: 'refused' });
  });
});

describe('POST /api/setup/clear-all-users', () => {
  it('changes nothing when the new chain cannot be started', async () => {
    const before = await snapshot();
    const res = await withBrokenAuditTrail(t, () =>
      t.call('POST', '/api/setup/clear-all-users', { body: { confirmation_key: TEST_SETUP_KEY } }),
    );
    expect(res.status).toBe(500);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes every user and the trail, and starts a new chain saying who cleared it', async () => {
    const users = await rowCount(t, 'platform_users');
    const [oldHead] = await t.db.select().from(auditChainHead);
    const token = await passwordSession(t, 'amara.okafor@hirehub.example');
    const res = await t.call('POST', '/api/setup/clear-all-users', {
      token,
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      cleared: {
        auth_users: users,
        platform_users: true,
        role_assignments: true,
        sessions: true,
        audit_logs: true,
      },
    });
    for (const table of TABLES.filter((n) => n !== 'audit_events')) {
      expect(await rowCount(t, table), table).toBe(0);
    }
    const events = await t.database.query<{ event_type: string; prev_hash: string; details: any }>(
      'SELECT event_type, prev_hash, details FROM audit_events',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_type: 'system.users.cleared',
      prev_hash: GENESIS_HASH,
      details: {
        cleared_by: 'amara.okafor@hirehub.example',
        users_deleted: users,
        previous_chain: { last_hash: oldHead!.lastHash },
      },
    });
    expect(Date.parse(events[0]!.details.cleared_at)).not.toBeNaN();
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, checked: 1 });
  });

  it('keeps the applications, so that the demo keeps its sample products', async () => {
    expect(await rowCount(t, 'applications')).toBe(5);
  });

  it('brings the demo administrator back at the next demo sign-in, on the record', async () => {
    const res = await t.call('GET', '/api/admin/credential-requests', { token: t.demoToken() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mine: [], others: [], can_review: true });
    const [admin] = await t.db
      .select()
      .from(platformUsers)
      .where(sql`lower(${platformUsers.email}) = ${DEMO_ADMIN_EMAIL}`);
    expect(admin).toBeTruthy();
    expect(await auditOf(t, 'system.demo_admin.restored')).toHaveLength(1);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});

describe('POST /api/setup/system-admins when someone else holds an address', () => {
  it('says the address is taken, and gives that account nothing', async () => {
    const address = SYSTEM_ADMINS[0].email;
    await t.db.delete(platformUsers).where(sql`lower(${platformUsers.email}) = ${address}`);
    const [squatter] = await t.db
      .insert(platformUsers)
      .values({ email: address, fullName: 'Squatter' })
      .returning({ id: platformUsers.id });
    await t.db.insert(platformRoleAssignments).values({ userId: squatter!.id, role: 'user' });
    const res = await t.call('POST', '/api/setup/system-admins', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(res.status).toBe(200);
    expect(res.json.results[0]).toEqual({
      email: address,
      status: 'address_taken',
      error: expect.stringMatching(/belongs to an account that setup did not create/),
    });
    expect(
      (
        await t.db
          .select()
          .from(platformRoleAssignments)
          .where(eq(platformRoleAssignments.userId, squatter!.id))
      ).map((r) => r.role),
    ).toEqual(['user']);
    expect(
      await t.db
        .select()
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, squatter!.id)),
    ).toEqual([]);
  });
});
