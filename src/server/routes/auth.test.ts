import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRows, userIdOf } from '../testing/admin-helpers';
import { givePassword, signedIn, signIn, verifyTokenMailedTo } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { UNFIT_NAMES } from '../testing/nasty-text';
import { closeRefusalWindows, refusalsOnTrail } from '../testing/refusals';
import { like } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { sha256Hex } from '../security/tokens';

/** Production mode (DEMO_MODE=false): sign-in, refresh, expiry, sign-out and the brute-force limit. */
let t: TestContext;
const clock = manualClock();
const AMARA = 'amara.okafor@hirehub.example'; // user + super_admin
const LIAM = 'liam.chen@hirehub.example'; // user + platform_admin
const NOAH = 'noah.williams@sortstak.example'; // user only
const GRACE = 'grace.kim@talentspark.example'; // user only
const MATEO = 'mateo.rossi@talentspark.example'; // user only, never given a password
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    now: clock.now,
    people: [AMARA, LIAM, NOAH, GRACE, MATEO],
  });
  for (const email of [AMARA, LIAM, NOAH]) await givePassword(t, email, PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts with clear limits (all calls here come from the same unknown address).
  await t.database.exec('DELETE FROM rate_limits');
});

const usersApi = (token: string | null) => t.call('GET', '/api/admin/users', { token });

describe('signing in', () => {
  it('issues opaque tokens stored only as hashes, with the user agent, for 15 minutes', async () => {
    const session = await signedIn(t, LIAM, PASSWORD);
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      expires_at: Math.floor(clock.now().getTime() / 1000) + 900,
      must_change_password: false,
      user: { email: LIAM, roles: expect.arrayContaining(['platform_admin']) },
    });
    expect(session.access_token).not.toBe(session.refresh_token);
    const [row] = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM sessions WHERE session_token_hash = $1',
      [sha256Hex(session.access_token)],
    );
    expect(row).toMatchObject({
      kind: 'password',
      refresh_token_hash: sha256Hex(session.refresh_token),
      user_agent: 'auth-test/1.0',
      is_active: true,
    });
    const stored = JSON.stringify(await t.database.query('SELECT * FROM sessions'));
    expect(stored).not.toContain(session.access_token);
    expect(stored).not.toContain(session.refresh_token);
    expect((await usersApi(session.access_token)).status).toBe(200);
    const [event] = (await auditRows(t, 'auth.signin.success')).slice(-1);
    expect(event).toMatchObject({
      user_id: await userIdOf(t, LIAM),
      session_id: session.access_token.slice(-8),
      user_agent: 'auth-test/1.0',
    });
  });

  it('accepts the address in any case', async () => {
    expect((await signIn(t, LIAM.toUpperCase(), PASSWORD)).status).toBe(200);
  });

  it('answers a wrong password and an unknown account alike, and records both failures', async () => {
    const before = (await auditRows(t, 'auth.signin.failure')).length;
    const wrong = await signIn(t, LIAM, 'not the password');
    const unknown = await signIn(t, 'nobody@nowhere.example', PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password' },
    });
    expect(unknown.json).toEqual(wrong.json);
    const failures = (await auditRows(t, 'auth.signin.failure')).slice(before);
    expect(failures.map((f) => f.details.email)).toEqual([LIAM, 'nobody@nowhere.example']);
  });

  it('refuses an account without a password (seeded accounts sign in only once given one)', async () => {
    const res = await signIn(t, MATEO, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('invalid_credentials');
  });

  it('refuses a demo token in production mode', async () => {
    expect((await usersApi(t.demoToken())).status).toBe(401);
  });
});

describe('the brute-force limit (per account and address, per address, shared in the database)', () => {
  it('refuses the account after 5 failures, even with the right password, until the window ends', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(t, NOAH, 'guess')).status).toBe(401);
    const limited = await signIn(t, NOAH, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.json.error.message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [event] = (await auditRows(t, 'auth.rate_limited')).slice(-1);
    expect(event).toMatchObject({ severity: 'high', details: { email: NOAH } });

    clock.advance(15 * 60_000);
    expect((await signIn(t, NOAH, PASSWORD)).status).toBe(200);
  });

  it('limits the address across accounts, and answers an unknown account the same', async () => {
    const others = Array.from({ length: 9 }, (_, i) => `guess${i}@x.example`);
    for (const email of [...others, AMARA]) {
      expect((await signIn(t, email, 'guess')).status).toBe(401);
    }
    const known = await signIn(t, LIAM, PASSWORD);
    const unknown = await signIn(t, 'e@x.example', 'guess');
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(unknown.json).toEqual(known.json);
  });

  it('holds for a concurrent burst on one account: 5 guesses are checked, the rest refused', async () => {
    const failuresBefore = (await auditRows(t, 'auth.signin.failure')).length;
    await closeRefusalWindows(t);
    const limitedBefore = await refusalsOnTrail(t, 'auth.rate_limited');
    const burst = await Promise.all(Array.from({ length: 30 }, () => signIn(t, NOAH, 'guess')));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await auditRows(t, 'auth.signin.failure')).length - failuresBefore).toBe(5);
    // Refusals past the limit are aggregated on the trail; their counts add up.
    await closeRefusalWindows(t);
    expect((await refusalsOnTrail(t, 'auth.rate_limited')) - limitedBefore).toBe(25);
  });

  it('holds for a concurrent burst from one address across accounts', async () => {
    const burst = await Promise.all(
      [AMARA, LIAM, NOAH].flatMap((email) =>
        Array.from({ length: 10 }, () => signIn(t, email, 'guess')),
      ),
    );
    const statuses = burst.map((r) => r.status);
    // 10 per address, and at most 5 of them against any one account.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('holds for a concurrent burst of wrong current passwords: 5 are checked, the rest refused', async () => {
    const session = await signedIn(t, LIAM, PASSWORD);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/api/auth/password', {
          token: session.access_token,
          body: { current_password: 'guess', new_password: 'a brand new password' },
        }),
      ),
    );
    const codes = burst.map((r) => r.json.error.code);
    expect(codes.filter((c) => c === 'invalid_current_password')).toHaveLength(5);
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(25);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(25);
  });

  it('keeps its state in the rate_limits table, per account and per address', async () => {
    await signIn(t, AMARA, 'guess');
    const rows = await t.database.query<{ bucket: string; count: number }>(
      'SELECT bucket, count FROM rate_limits ORDER BY bucket',
    );
    expect(rows).toEqual([
      { bucket: `signin:email:${AMARA}`, count: 1 },
      { bucket: 'signin:ip:unknown', count: 1 },
      { bucket: `signin:pair:unknown:${AMARA}`, count: 1 },
    ]);
  });
});

describe('refresh and expiry', () => {
  it('refuses the access token once it expires; the refresh token rotates and works once', async () => {
    const first = await signedIn(t, LIAM, PASSWORD);
    clock.advance(15 * 60_000 - 1);
    expect((await usersApi(first.access_token)).status).toBe(200);
    clock.advance(1);
    expect((await usersApi(first.access_token)).status).toBe(401);

    const refreshed = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: first.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.json.expires_in).toBe(900);
    expect((await usersApi(refreshed.json.access_token)).status).toBe(200);

    const reused = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: first.refresh_token },
    });
    expect(reused.status).toBe(401);
    expect(reused.json.error.code).toBe('invalid_refresh_token');
  });

  it('keeps one session across refreshes (the sessions list does not grow)', async () => {
    const first = await signedIn(t, AMARA, PASSWORD);
    const count = async () =>
      (await t.call('GET', '/api/admin/sessions', { token: first.access_token })).json;
    const before = await count();
    const next = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: first.refresh_token },
    });
    const after = await t.call('GET', '/api/admin/sessions', { token: next.json.access_token });
    expect(after.json.sessions.map((s: { id: string }) => s.id)).toEqual(
      before.sessions.map((s: { id: string }) => s.id),
    );
  });

  it('refuses a refresh token past its own lifetime (7 days)', async () => {
    const session = await signedIn(t, LIAM, PASSWORD);
    clock.advance(7 * 86_400_000);
    const res = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(res.status).toBe(401);
  });

  it('refuses an unknown refresh token and a malformed body', async () => {
    expect(
      (await t.call('POST', '/api/auth/refresh', { body: { refresh_token: 'made-up' } })).status,
    ).toBe(401);
    expect((await t.call('POST', '/api/auth/refresh', { body: {} })).status).toBe(400);
  });
});

describe('signing out', () => {
  it('revokes the session on the server: its access and refresh tokens stop working', async () => {
    const session = await signedIn(t, LIAM, PASSWORD);
    const out = await t.call('POST', '/api/auth/sign-out', { token: session.access_token });
    expect(out.status).toBe(204);
    expect((await usersApi(session.access_token)).status).toBe(401);
    const refresh = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(401);
    const [event] = (await auditRows(t, 'auth.signout')).slice(-1);
    expect(event).toMatchObject({
      user_id: await userIdOf(t, LIAM),
      session_id: session.access_token.slice(-8),
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.call('POST', '/api/auth/sign-out')).status).toBe(401);
  });
});

describe('a password that must change', () => {
  it('blocks the admin API with a clear code until changed, then works; other sessions end', async () => {
    const temporary = 'generated-password-123';
    await givePassword(t, AMARA, temporary, { mustChange: true });
    const other = await signedIn(t, AMARA, temporary);
    const session = await signedIn(t, AMARA, temporary);
    expect(session.must_change_password).toBe(true);

    const blocked = await usersApi(session.access_token);
    expect(blocked.status).toBe(403);
    expect(blocked.json.error).toEqual({
      code: 'password_change_required',
      message: 'Change your password before continuing',
    });
    const me = await t.call('GET', '/api/auth/me', { token: session.access_token });
    expect(me.json).toMatchObject({ must_change_password: true, user: { email: AMARA } });

    const wrong = await t.call('POST', '/api/auth/password', {
      token: session.access_token,
      body: { current_password: 'nope', new_password: 'a brand new password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('invalid_current_password');
    const short = await t.call('POST', '/api/auth/password', {
      token: session.access_token,
      body: { current_password: temporary, new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toContain('at least 12 characters');

    const changed = await t.call('POST', '/api/auth/password', {
      token: session.access_token,
      body: { current_password: temporary, new_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.must_change_password).toBe(false);
    expect((await usersApi(session.access_token)).status).toBe(200);
    expect((await usersApi(other.access_token)).status).toBe(401);
    expect((await signIn(t, AMARA, temporary)).status).toBe(401);
    expect((await signIn(t, AMARA, PASSWORD)).status).toBe(200);
    expect(await auditRows(t, 'auth.password.changed')).toHaveLength(1);
  });

  it('lets an account without a role sign in, and refuses it the admin API', async () => {
    await givePassword(t, GRACE, PASSWORD);
    const session = await signedIn(t, GRACE, PASSWORD);
    const res = await usersApi(session.access_token);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe('Administrator role required');
  });
});

describe('roles and accounts, read on every request', () => {
  it('applies a role revocation to a signed-in session at once', async () => {
    const admin = await signedIn(t, LIAM, PASSWORD);
    const boss = await signedIn(t, AMARA, PASSWORD);
    expect((await usersApi(admin.access_token)).status).toBe(200);
    const liam = await userIdOf(t, LIAM);
    const off = await t.call('PUT', `/api/admin/users/${liam}/roles`, {
      token: boss.access_token,
      body: { changes: { platform_admin: false } },
    });
    expect(off.status).toBe(200);
    expect((await usersApi(admin.access_token)).status).toBe(403);
    const me = await t.call('GET', '/api/auth/me', { token: admin.access_token });
    expect(me.json.user.roles).toEqual(['user']);
    await t.call('PUT', `/api/admin/users/${liam}/roles`, {
      token: boss.access_token,
      body: { changes: { platform_admin: true } },
    });
    expect((await usersApi(admin.access_token)).status).toBe(200);
  });

  it('ends the sessions of a deactivated account, which then cannot sign in or refresh', async () => {
    const noah = await signedIn(t, NOAH, PASSWORD);
    const boss = await signedIn(t, AMARA, PASSWORD);
    const id = await userIdOf(t, NOAH);
    const off = await t.call('PATCH', `/api/admin/users/${id}`, {
      token: boss.access_token,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    const rows = await t.database.query<{ revoked_at: Date | null; is_active: boolean }>(
      'SELECT revoked_at, is_active FROM sessions WHERE user_id = $1',
      [id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.revoked_at !== null && !r.is_active)).toBe(true);
    expect((await t.call('GET', '/api/auth/me', { token: noah.access_token })).status).toBe(401);
    const refresh = await t.call('POST', '/api/auth/refresh', {
      body: { refresh_token: noah.refresh_token },
    });
    expect(refresh.status).toBe(401);
    const again = await signIn(t, NOAH, PASSWORD);
    expect(again.status).toBe(403);
    expect(again.json.error).toEqual({
      code: 'account_inactive',
      message: 'This account has been deactivated',
    });
    // The wrong password still gets the answer that reveals nothing.
    expect((await signIn(t, NOAH, 'wrong')).json.error.code).toBe('invalid_credentials');
    await t.call('PATCH', `/api/admin/users/${id}`, {
      token: boss.access_token,
      body: { is_active: true },
    });
  });
});

describe('sign-up', () => {
  const body = { full_name: 'New Person', email: 'new.person@x.example', password: PASSWORD };

  it('is refused unless ALLOW_SIGNUP=true', async () => {
    const res = await t.call('POST', '/api/auth/sign-up', { body });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('signup_disabled');
  });

  it('creates an account with the user role only when allowed, once its link is opened', async () => {
    t.config.allowSignup = true;
    try {
      const res = await t.call('POST', '/api/auth/sign-up', { body });
      expect(res.status).toBe(202);
      expect((await signIn(t, body.email, PASSWORD)).status).toBe(401);
      const token = await verifyTokenMailedTo(t, body.email);
      expect((await t.call('POST', '/api/auth/verify', { body: { token } })).status).toBe(200);
      const session = await signIn(t, body.email, PASSWORD);
      expect(session.status).toBe(200);
      expect(session.json.user.roles).toEqual(['user']);
      expect((await usersApi(session.json.access_token)).status).toBe(403);
    } finally {
      t.config.allowSignup = false;
    }
  });

  it('refuses a full name with control characters or line breaks, and stores nothing', async () => {
    t.config.allowSignup = true;
    try {
      for (const [i, fullName] of UNFIT_NAMES.entries()) {
        const email = `unfit.name.${i}@x.example`;
        const res = await t.call('POST', '/api/auth/sign-up', {
          body: { full_name: fullName, email, password: PASSWORD },
        });
        expect(res.status, JSON.stringify(fullName)).toBe(400);
        expect(
          await t.database.query(`SELECT 1 FROM platform_users WHERE lower(email) = $1`, [email]),
        ).toHaveLength(0);
        expect((await signIn(t, email, PASSWORD)).status).toBe(401);
      }
    } finally {
      t.config.allowSignup = false;
    }
  });

  it('answers alike for a free, a taken and a reserved address, and gives none away', async () => {
    t.config.allowSignup = true;
    await t.db.delete(rateLimits).where(like(rateLimits.bucket, 'signup:%'));
    // At the server's own scrypt cost the hash is most of each answer's time, as in production.
    const testCost = t.deps.passwordParams;
    t.deps.passwordParams = undefined;
    try {
      const attempt = async (email: string) => {
        const started = performance.now();
        const res = await t.call('POST', '/api/auth/sign-up', {
          body: { full_name: 'Squatter', email, password: 'squatter passphrase 1' },
        });
        return { status: res.status, body: res.json, ms: performance.now() - started };
      };
      const free = await attempt('free.address@x.example');
      const taken = await attempt(NOAH);
      const reserved = await attempt('Ecosystem.Admin@TalentEcosystem.demo');
      for (const r of [free, taken, reserved]) {
        expect(r.status).toBe(202);
        expect(r.body).toEqual(free.body);
      }
      // Each took one scrypt hash: the slowest is not several times the fastest.
      const times = [free.ms, taken.ms, reserved.ms];
      expect(Math.max(...times)).toBeLessThan(Math.min(...times) * 4);
      // Neither the taken nor the reserved address was given to the caller.
      expect((await signIn(t, NOAH, 'squatter passphrase 1')).status).toBe(401);
      expect(
        await t.database.query(
          `SELECT 1 FROM platform_users WHERE lower(email) = 'ecosystem.admin@talentecosystem.demo'`,
        ),
      ).toHaveLength(0);
      const refusals = (await auditRows(t, 'auth.signup.failure')).map(
        (e: any) => e.details.reason,
      );
      expect(refusals.slice(-2)).toEqual(['email_taken', 'reserved']);
    } finally {
      t.deps.passwordParams = testCost;
      t.config.allowSignup = false;
    }
  });
});
