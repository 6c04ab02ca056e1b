import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givePassword, signedIn, signIn } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import { CODE_FAILURE_LIMIT } from '../auth/totp';

/**
 * Authenticator codes and recovery codes (docs/product/sign-in.md#second-step):
 * enrolment, the sign-in's second step, replay and guessing limits, and that no
 * secret, code or hash reaches an answer or the audit trail.
 */
let t: TestContext;
const clock = manualClock();
const NOAH = 'noah.williams@sortstak.example';
const LIAM = 'liam.chen@hirehub.example';
const PASSWORD = 'correct horse battery staple';
/** Every secret and code handed out in this file, to look for where none may be. */
const handedOut: string[] = [];

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false },
    now: clock.now,
    people: [NOAH, LIAM],
  });
  await givePassword(t, NOAH, PASSWORD);
  await givePassword(t, LIAM, PASSWORD);
});
afterAll(() => t.close());
// Each test starts without an authenticator app, whatever the one before left.
afterEach(() => t.database.exec('DELETE FROM totp_factors; DELETE FROM recovery_codes'));
beforeEach(async () => {
  await t.database.exec('DELETE FROM rate_limits');
  // A new 30-second step, well inside a 15-minute window.
  clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / 900_000) * 900_000 + 60_000));
});

const totpOf = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const codeAt = (secret: string, stepsAway = 0) =>
  totpOf(secret).generate({ timestamp: clock.now().getTime() + stepsAway * 30_000 });

/** Enrols an authenticator app for the account; answers its secret and recovery codes. */
async function enrol(email: string) {
  const { access_token: token } = await signedIn(t, email, PASSWORD);
  const started = await t.call('POST', '/api/auth/mfa/totp', { token });
  expect(started.status).toBe(200);
  const { secret, otpauth_uri } = started.json as { secret: string; otpauth_uri: string };
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const confirmed = await t.call('POST', '/api/auth/mfa/totp/confirm', {
    token,
    body: { code: codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  const codes = (confirmed.json as { recovery_codes: string[] }).recovery_codes;
  expect(codes).toHaveLength(10);
  handedOut.push(secret, ...codes);
  clock.advance(30_000);
  return { secret, codes, token };
}

async function pendingToken(email: string) {
  const res = await signIn(t, email, PASSWORD);
  expect(res.status).toBe(202);
  const body = res.json as Record<string, unknown>;
  expect(body).not.toHaveProperty('access_token');
  expect(body.second_factor_required).toBe(true);
  expect(body.methods).toEqual(['totp']);
  return body.pending_token as string;
}

const secondStep = (pending_token: string, code: string) =>
  t.call('POST', '/api/auth/sign-in/second-factor', { body: { pending_token, code } });

async function eventsOf(eventType: string) {
  return t.database.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM audit_events WHERE event_type = $1 ORDER BY seq',
    [eventType],
  );
}

async function removeApp(token: string, secret: string) {
  clock.advance(30_000);
  const res = await t.call('POST', '/api/auth/mfa/totp/remove', {
    token,
    body: { code: codeAt(secret) },
  });
  expect(res.status).toBe(204);
}

describe('enrolment and the second step', () => {
  it('signs in with the password, then an authenticator code', async () => {
    const { secret, token } = await enrol(NOAH);
    const pending = await pendingToken(NOAH);
    const res = await secondStep(pending, codeAt(secret));
    expect(res.status).toBe(200);
    const session = res.json as { access_token: string; user: { email: string } };
    expect(session.user.email).toBe(NOAH);
    expect((await t.call('GET', '/api/auth/me', { token: session.access_token })).status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^ted_device=/);
    // The token opened its one session.
    clock.advance(30_000);
    expect((await secondStep(pending, codeAt(secret))).status).toBe(401);
    expect(await eventsOf('auth.mfa.second_factor.passed')).not.toHaveLength(0);
    await removeApp(token, secret);
  });

  it('refuses a code already accepted, and records it', async () => {
    const { secret, token } = await enrol(NOAH);
    const code = codeAt(secret);
    expect((await secondStep(await pendingToken(NOAH), code)).status).toBe(200);
    const before = (await eventsOf('auth.mfa.second_factor.failed')).length;
    const replay = await secondStep(await pendingToken(NOAH), code);
    expect(replay.status).toBe(401);
    expect((replay.json as { error: { code: string } }).error.code).toBe('invalid_code');
    const failed = await eventsOf('auth.mfa.second_factor.failed');
    expect(failed).toHaveLength(before + 1);
    expect(failed.at(-1)!.details).toMatchObject({ reason: 'code_reused', step: 'sign_in' });
    // A step before the one accepted is refused too.
    expect((await secondStep(await pendingToken(NOAH), codeAt(secret, -1))).status).toBe(401);
    await removeApp(token, secret);
  });

  it('refuses a code three steps away, and records it', async () => {
    const { secret } = await enrol(NOAH);
    const pending = await pendingToken(NOAH);
    const before = (await eventsOf('auth.mfa.second_factor.failed')).length;
    for (const step of [-3, 3]) {
      const res = await secondStep(pending, codeAt(secret, step));
      expect(res.status).toBe(401);
      expect((res.json as { error: { code: string } }).error.code).toBe('invalid_code');
    }
    const failed = await eventsOf('auth.mfa.second_factor.failed');
    expect(failed).toHaveLength(before + 2);
    expect(failed.at(-1)!.details).toMatchObject({ reason: 'invalid_code', step: 'sign_in' });
    // One step away is inside the window.
    expect((await secondStep(pending, codeAt(secret, 1))).status).toBe(200);
  });

  it('refuses codes past the limit, the right one included, until the window ends', async () => {
    const { secret } = await enrol(NOAH);
    const pending = await pendingToken(NOAH);
    for (let i = 0; i < CODE_FAILURE_LIMIT; i++) {
      expect((await secondStep(pending, '000000')).status).toBe(401);
    }
    const limited = await secondStep(pending, codeAt(secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const recorded = await eventsOf('auth.rate_limited');
    expect(recorded.at(-1)!.details).toMatchObject({ scopes: ['second_factor'] });
    clock.advance(15 * 60_000);
    expect((await secondStep(await pendingToken(NOAH), codeAt(secret))).status).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const { secret, codes, token } = await enrol(NOAH);
    const first = await secondStep(await pendingToken(NOAH), codes[0]!.toUpperCase());
    expect(first.status).toBe(200);
    expect(await eventsOf('auth.mfa.recovery_code.used')).not.toHaveLength(0);
    expect((await secondStep(await pendingToken(NOAH), codes[0]!)).status).toBe(401);
    const status = await t.call('GET', '/api/auth/mfa', { token });
    expect(status.json).toMatchObject({ recovery_codes_remaining: 9 });
    // New codes replace the old ones.
    clock.advance(30_000);
    const fresh = await t.call('POST', '/api/auth/mfa/recovery-codes', {
      token,
      body: { code: codeAt(secret) },
    });
    expect(fresh.status).toBe(200);
    handedOut.push(...(fresh.json as { recovery_codes: string[] }).recovery_codes);
    expect((await secondStep(await pendingToken(NOAH), codes[1]!)).status).toBe(401);
    await removeApp(token, secret);
  });

  it('asks no second step once the app is removed, nor of an account without one', async () => {
    const { secret, token } = await enrol(NOAH);
    await removeApp(token, secret);
    expect((await signIn(t, NOAH, PASSWORD)).status).toBe(200);
    expect((await signIn(t, LIAM, PASSWORD)).status).toBe(200);
    expect(await eventsOf('auth.mfa.totp.removed')).not.toHaveLength(0);
  });

  it('replaces a pending enrolment, and refuses a second app', async () => {
    const { access_token: token } = await signedIn(t, LIAM, PASSWORD);
    const first = (await t.call('POST', '/api/auth/mfa/totp', { token })).json as {
      secret: string;
    };
    const second = (await t.call('POST', '/api/auth/mfa/totp', { token })).json as {
      secret: string;
    };
    handedOut.push(first.secret, second.secret);
    expect(second.secret).not.toBe(first.secret);
    const stale = await t.call('POST', '/api/auth/mfa/totp/confirm', {
      token,
      body: { code: codeAt(first.secret) },
    });
    expect(stale.status).toBe(401);
    const status = await t.call('GET', '/api/auth/mfa', { token });
    expect(status.json).toEqual({ factors: [], totp_pending: true, recovery_codes_remaining: 0 });
    const ok = await t.call('POST', '/api/auth/mfa/totp/confirm', {
      token,
      body: { code: codeAt(second.secret) },
    });
    expect(ok.status).toBe(200);
    handedOut.push(...(ok.json as { recovery_codes: string[] }).recovery_codes);
    expect((await t.call('POST', '/api/auth/mfa/totp', { token })).status).toBe(409);
    const listed = await t.call('GET', '/api/auth/mfa', { token });
    expect(listed.json).toMatchObject({
      factors: [{ kind: 'totp', last_used_at: expect.any(String) }],
      totp_pending: false,
      recovery_codes_remaining: 10,
    });
    for (const secret of [first.secret, second.secret]) expect(listed.text).not.toContain(secret);
    await removeApp(token, second.secret);
  });
});

describe('what is stored and recorded', () => {
  it('stores the secret encrypted and the recovery codes as hashes', async () => {
    const { secret, codes, token } = await enrol(LIAM);
    const [row] = await t.database.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM totp_factors',
    );
    expect(row!.secret_encrypted).not.toContain(secret);
    expect(row!.secret_encrypted).not.toContain(secret.toLowerCase());
    const hashes = await t.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes',
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replace(/-/g, ''));
    }
    await removeApp(token, secret);
  });

  it('never writes a secret, a code or a hash to the audit trail', async () => {
    const rows = await t.database.query<{ event_type: string; details: unknown }>(
      "SELECT event_type, details FROM audit_events WHERE event_type LIKE 'auth.%'",
    );
    expect(rows.some((r) => r.event_type === 'auth.mfa.totp.enrolment_started')).toBe(true);
    expect(rows.some((r) => r.event_type === 'auth.mfa.totp.confirmed')).toBe(true);
    expect(rows.some((r) => r.event_type === 'auth.mfa.recovery_codes.regenerated')).toBe(true);
    const trail = JSON.stringify(rows).toLowerCase();
    expect(handedOut.length).toBeGreaterThan(20);
    for (const value of handedOut) {
      expect(trail).not.toContain(value.toLowerCase());
      expect(trail).not.toContain(value.replace(/-/g, '').toLowerCase());
    }
    expect(trail).not.toMatch(/[0-9a-f]{64}/);
    expect(trail).not.toContain('"code"');
  });
});
