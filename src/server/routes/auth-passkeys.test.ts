import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { relyingParty } from '../auth/passkey-rp';
import {
  PASSKEY_OPTIONS_ADDRESS_LIMIT,
  PASSKEY_OPTIONS_EXPECTED_LOADS,
} from '../auth/passkey-sign-in';
import { PASSKEY_LIMIT } from '@shared/schemas/passkeys';
import { givePassword, signedIn, signIn } from '../testing/auth-helpers';
import { createTestContext, manualClock, type TestContext } from '../testing/harness';
import {
  SoftwareAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from '../testing/software-authenticator';

/**
 * Passkeys (docs/product/sign-in.md#passkeys): registration, a sign-in with a
 * passkey alone and as the second step, and every way a response is refused
 * (replayed, a counter that does not grow, a challenge from elsewhere, used or
 * expired, another origin or relying party), each a 401 and an audit event;
 * and that no credential id, key, challenge or response reaches an answer or
 * the trail.
 */
let t: TestContext;
const clock = manualClock();
const NOAH = 'noah.williams@sortstak.example';
const LIAM = 'liam.chen@hirehub.example';
const PASSWORD = 'correct horse battery staple';
/** The test server's PUBLIC_URL is http://127.0.0.1:3000: passkeys live on localhost. */
const ORIGIN = 'http://localhost:3000';
/** Every challenge and response handed around in this file, to look for where none may be. */
const handedOut: string[] = [];
const authenticators: SoftwareAuthenticator[] = [];

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
afterEach(() =>
  t.database.exec(
    'DELETE FROM passkey_credentials; DELETE FROM totp_factors; DELETE FROM recovery_codes',
  ),
);
beforeEach(async () => {
  await t.database.exec('DELETE FROM rate_limits');
  clock.advance(60_000);
});

type Options = RequestOptions;
const errorCode = (res: { json: unknown }) => (res.json as { error: { code: string } }).error.code;

function newAuthenticator(options: { backedUp?: boolean } = {}) {
  const authenticator = new SoftwareAuthenticator(ORIGIN, options);
  authenticators.push(authenticator);
  return authenticator;
}

function remember<T>(value: T): T {
  handedOut.push(JSON.stringify(value));
  return value;
}

async function registrationOptions(token: string) {
  const res = await t.call('POST', '/api/auth/passkeys/registration-options', { token });
  expect(res.status).toBe(200);
  return remember((res.json as { options: CreationOptions }).options);
}

/** Registers a passkey of the authenticator for the signed-in session; answers the list entry. */
async function register(token: string, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await registrationOptions(token);
  const res = await t.call('POST', '/api/auth/passkeys', {
    token,
    body: { response: remember(authenticator.register(options)), ...(name ? { name } : {}) },
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; name: string };
}

async function signInOptions() {
  const res = await t.call('POST', '/api/auth/sign-in/passkey/options');
  expect(res.status).toBe(200);
  return remember(res.json as { challenge_id: string; options: Options });
}

const passkeySignIn = (challenge_id: string, response: unknown) =>
  t.call('POST', '/api/auth/sign-in/passkey', {
    body: { challenge_id, response: remember(response) },
  });

async function refusals() {
  return t.database.query<{
    severity: string;
    user_id: string | null;
    details: Record<string, unknown>;
  }>(
    "SELECT severity, user_id, details FROM audit_events WHERE event_type = 'auth.mfa.passkey.refused' ORDER BY seq",
  );
}

/** Runs a request that must be refused; answers the refusal event it recorded. */
async function refused(request: () => Promise<{ status: number; json: unknown }>, code: string) {
  const before = (await refusals()).length;
  const res = await request();
  expect(res.status).toBe(401);
  expect(errorCode(res)).toBe(code);
  const after = await refusals();
  expect(after).toHaveLength(before + 1);
  return after.at(-1)!;
}

describe('the relying party', () => {
  it('is the host of PUBLIC_URL, and localhost for a loopback address', () => {
    expect(relyingParty({ publicUrl: 'https://console.example.com' })).toEqual({
      id: 'console.example.com',
      name: 'Talent Ecosystem',
      origins: ['https://console.example.com'],
    });
    expect(relyingParty({ publicUrl: 'http://127.0.0.1:3000' }).origins).toEqual([ORIGIN]);
    expect(relyingParty({ publicUrl: 'http://[::1]:8080' }).id).toBe('localhost');
  });
});

describe('registration and sign-in', () => {
  it('registers a passkey, then signs in with it alone', async () => {
    const { access_token: token, user } = await signedIn(t, NOAH, PASSWORD);
    const options = await registrationOptions(token);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Talent Ecosystem' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const authenticator = newAuthenticator({ backedUp: true });
    const res = await t.call('POST', '/api/auth/passkeys', {
      token,
      body: { response: remember(authenticator.register(options)), name: 'Laptop' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: 'Laptop', last_used_at: null, backed_up: true });

    // The next registration excludes it.
    const again = await registrationOptions(token);
    expect(again.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.secrets()[0] }),
    ]);

    const { challenge_id, options: get } = await signInOptions();
    expect(get).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(get).not.toHaveProperty('allowCredentials');
    const signedInRes = await passkeySignIn(challenge_id, authenticator.assert(get));
    expect(signedInRes.status).toBe(200);
    const session = signedInRes.json as { access_token: string; user: { id: string } };
    expect(session.user.id).toBe(user.id);
    expect(signedInRes.headers.get('set-cookie')).toMatch(/^ted_device=/);
    expect((await t.call('GET', '/api/auth/me', { token: session.access_token })).status).toBe(200);

    const list = await t.call('GET', '/api/auth/passkeys', { token });
    expect(list.json).toEqual({
      passkeys: [
        {
          id: expect.any(String),
          name: 'Laptop',
          created_at: expect.any(String),
          last_used_at: expect.any(String),
          backed_up: true,
        },
      ],
    });
    for (const secret of authenticator.secrets()) expect(list.text).not.toContain(secret);
    const used = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_events WHERE event_type = 'auth.mfa.passkey.used'",
    );
    expect(used.at(-1)!.details).toMatchObject({ step: 'sign_in' });
  });

  it('asks for a second step after the password, which a passkey passes', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const res = await signIn(t, NOAH, PASSWORD);
    expect(res.status).toBe(202);
    const pending = res.json as { pending_token: string; methods: string[] };
    expect(pending.methods).toEqual(['passkey']);
    const opts = await t.call('POST', '/api/auth/sign-in/second-factor/passkey-options', {
      body: { pending_token: pending.pending_token },
    });
    expect(opts.status).toBe(200);
    const { options } = remember(opts.json as { options: Options });
    expect(options).not.toHaveProperty('allowCredentials');
    const done = await t.call('POST', '/api/auth/sign-in/second-factor/passkey', {
      body: {
        pending_token: pending.pending_token,
        response: remember(authenticator.assert(options)),
      },
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie')).toMatch(/^ted_device=/);
    // The pending token opened its one session.
    const reuse = await t.call('POST', '/api/auth/sign-in/second-factor/passkey-options', {
      body: { pending_token: pending.pending_token },
    });
    expect(reuse.status).toBe(401);
  });

  it('offers both methods to an account with an app and a passkey', async () => {
    const { access_token: token } = await signedIn(t, LIAM, PASSWORD);
    await register(token, newAuthenticator());
    const started = await t.call('POST', '/api/auth/mfa/totp', { token });
    const { secret } = started.json as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: clock.now().getTime(),
    });
    expect(
      (await t.call('POST', '/api/auth/mfa/totp/confirm', { token, body: { code } })).status,
    ).toBe(200);
    const res = await signIn(t, LIAM, PASSWORD);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ second_factor_required: true, methods: ['totp', 'passkey'] });
  });

  it('renames a passkey of the account, and no other account’s', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const { access_token: other } = await signedIn(t, LIAM, PASSWORD);
    const passkey = await register(token, newAuthenticator());
    expect(passkey.name).toBe('Passkey 1');
    const renamed = await t.call('PATCH', `/api/auth/passkeys/${passkey.id}`, {
      token,
      body: { name: ' Phone ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: passkey.id, name: 'Phone' });
    const theirs = await t.call('PATCH', `/api/auth/passkeys/${passkey.id}`, {
      token: other,
      body: { name: 'Mine now' },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('refused responses', () => {
  it('refuses a replayed assertion: its challenge was spent', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const { challenge_id, options } = await signInOptions();
    const assertion = authenticator.assert(options);
    expect((await passkeySignIn(challenge_id, assertion)).status).toBe(200);
    const event = await refused(
      () => passkeySignIn(challenge_id, assertion),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({ step: 'sign_in', reason: 'challenge_used' });
  });

  it('refuses a counter that does not grow, as a possible clone', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const first = await signInOptions();
    expect(
      (await passkeySignIn(first.challenge_id, authenticator.assert(first.options))).status,
    ).toBe(200);
    const counter = authenticator.credentials[0]!.counter;
    const second = await signInOptions();
    const clone = authenticator.assert(second.options, { counter });
    const event = await refused(() => passkeySignIn(second.challenge_id, clone), 'passkey_refused');
    expect(event.details).toMatchObject({
      reason: 'possible_clone',
      passkey_id: expect.any(String),
    });
    expect(event.severity).toBe('high');
    expect(event.user_id).not.toBeNull();
    // A lower one too; the next one up is accepted.
    const third = await signInOptions();
    const lower = authenticator.assert(third.options, { counter: counter - 1 });
    await refused(() => passkeySignIn(third.challenge_id, lower), 'passkey_refused');
    const fourth = await signInOptions();
    const next = authenticator.assert(fourth.options, { counter: counter + 1 });
    expect((await passkeySignIn(fourth.challenge_id, next)).status).toBe(200);
  });

  it('refuses a challenge issued to another session', async () => {
    const { access_token: mine } = await signedIn(t, NOAH, PASSWORD);
    const { access_token: theirs } = await signedIn(t, NOAH, PASSWORD);
    const options = await registrationOptions(mine);
    const response = remember(newAuthenticator().register(options));
    const event = await refused(
      () => t.call('POST', '/api/auth/passkeys', { token: theirs, body: { response } }),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({ step: 'register', reason: 'challenge_other_binding' });
    // The session that asked may still answer it.
    expect(
      (await t.call('POST', '/api/auth/passkeys', { token: mine, body: { response } })).status,
    ).toBe(201);
  });

  it('refuses a sign-in challenge answered under another challenge id', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const victim = await signInOptions();
    const attacker = await signInOptions();
    const assertion = authenticator.assert(victim.options);
    const event = await refused(
      () => passkeySignIn(attacker.challenge_id, assertion),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({ reason: 'challenge_other_binding' });
  });

  it('refuses a second step over another pending sign-in’s challenge', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const pendingOf = async () =>
      ((await signIn(t, NOAH, PASSWORD)).json as { pending_token: string }).pending_token;
    const first = await pendingOf();
    const second = await pendingOf();
    const opts = await t.call('POST', '/api/auth/sign-in/second-factor/passkey-options', {
      body: { pending_token: first },
    });
    const { options } = remember(opts.json as { options: Options });
    const response = remember(authenticator.assert(options));
    const event = await refused(
      () =>
        t.call('POST', '/api/auth/sign-in/second-factor/passkey', {
          body: { pending_token: second, response },
        }),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({
      step: 'second_factor',
      reason: 'challenge_other_binding',
    });
  });

  it('refuses a passkey of another account as the second step', async () => {
    const { access_token: noah } = await signedIn(t, NOAH, PASSWORD);
    const { access_token: liam } = await signedIn(t, LIAM, PASSWORD);
    await register(noah, newAuthenticator());
    const liamsKey = newAuthenticator();
    await register(liam, liamsKey);
    const pending = ((await signIn(t, NOAH, PASSWORD)).json as { pending_token: string })
      .pending_token;
    const opts = await t.call('POST', '/api/auth/sign-in/second-factor/passkey-options', {
      body: { pending_token: pending },
    });
    const { options } = remember(opts.json as { options: Options });
    const response = remember(liamsKey.assert(options));
    const event = await refused(
      () =>
        t.call('POST', '/api/auth/sign-in/second-factor/passkey', {
          body: { pending_token: pending, response },
        }),
      'passkey_refused',
    );
    expect(event.details).toMatchObject({ reason: 'credential_of_other_account' });
  });

  it('refuses a response made on another origin or for another relying party', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    for (const [bend, reason] of [
      [{ origin: 'https://evil.example' }, 'wrong_origin'],
      [{ origin: 'http://localhost:3001' }, 'wrong_origin'],
      [{ rpId: 'evil.example' }, 'wrong_rp_id'],
      [{ type: 'webauthn.create' }, 'wrong_type'],
    ] as const) {
      const { challenge_id, options } = await signInOptions();
      const assertion = authenticator.assert(options, bend);
      const event = await refused(() => passkeySignIn(challenge_id, assertion), 'passkey_refused');
      expect(event.details).toMatchObject({ reason });
    }
    // Registration too.
    for (const [bend, reason] of [
      [{ origin: 'https://evil.example' }, 'wrong_origin'],
      [{ rpId: 'evil.example' }, 'wrong_rp_id'],
    ] as const) {
      const options = await registrationOptions(token);
      const response = remember(newAuthenticator().register(options, bend));
      const event = await refused(
        () => t.call('POST', '/api/auth/passkeys', { token, body: { response } }),
        'passkey_refused',
      );
      expect(event.details).toMatchObject({ step: 'register', reason });
    }
  });

  it('refuses a challenge used once already', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const options = await registrationOptions(token);
    const response = remember(newAuthenticator().register(options));
    expect((await t.call('POST', '/api/auth/passkeys', { token, body: { response } })).status).toBe(
      201,
    );
    // Another authenticator answering the same options: the challenge is spent.
    const other = remember(newAuthenticator().register(options));
    const event = await refused(
      () => t.call('POST', '/api/auth/passkeys', { token, body: { response: other } }),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({ reason: 'challenge_used' });
  });

  it('refuses an expired challenge', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const { challenge_id, options } = await signInOptions();
    clock.advance(5 * 60_000 + 1_000);
    const event = await refused(
      () => passkeySignIn(challenge_id, authenticator.assert(options)),
      'passkey_challenge_invalid',
    );
    expect(event.details).toMatchObject({ reason: 'challenge_expired' });
  });

  it('refuses a challenge it never issued, and a forged signature', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const { challenge_id, options } = await signInOptions();
    const made = authenticator.assert(options, { challenge: 'bm90LWlzc3VlZA' });
    const unknown = await refused(
      () => passkeySignIn(challenge_id, made),
      'passkey_challenge_invalid',
    );
    expect(unknown.details).toMatchObject({ reason: 'unknown_challenge' });
    const fresh = await signInOptions();
    const assertion = authenticator.assert(fresh.options);
    // A signature by the right key over other data.
    const forged = {
      ...assertion,
      response: { ...assertion.response, signature: made.response.signature },
    };
    const event = await refused(() => passkeySignIn(fresh.challenge_id, forged), 'passkey_refused');
    expect(event.details).toMatchObject({ reason: 'verification_failed' });
  });

  it('lets one of two assertions with the same counter through, sent at once', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const [a, b] = [await signInOptions(), await signInOptions()];
    const counter = authenticator.credentials[0]!.counter + 1;
    const answers = await Promise.all([
      passkeySignIn(a.challenge_id, authenticator.assert(a.options, { counter })),
      passkeySignIn(b.challenge_id, authenticator.assert(b.options, { counter })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses an assertion whose user handle names another account', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const { user: liam } = await signedIn(t, LIAM, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const { challenge_id, options } = await signInOptions();
    const assertion = authenticator.assert(options);
    const otherHandle = Buffer.from(liam.id.replace(/-/g, ''), 'hex').toString('base64url');
    const bent = { ...assertion, response: { ...assertion.response, userHandle: otherHandle } };
    const event = await refused(() => passkeySignIn(challenge_id, bent), 'passkey_refused');
    expect(event.details).toMatchObject({ reason: 'user_handle_mismatch' });
  });

  it('refuses the passkey of a deactivated account', async () => {
    const { access_token: token, user } = await signedIn(t, LIAM, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    await t.database.query('UPDATE platform_users SET is_active = false WHERE id = $1', [user.id]);
    try {
      const { challenge_id, options } = await signInOptions();
      const res = await passkeySignIn(challenge_id, authenticator.assert(options));
      expect(res.status).toBe(403);
      expect(errorCode(res)).toBe('account_inactive');
    } finally {
      await t.database.query('UPDATE platform_users SET is_active = true WHERE id = $1', [user.id]);
    }
  });

  it('holds an account to PASSKEY_LIMIT passkeys', async () => {
    const { access_token: token, user } = await signedIn(t, NOAH, PASSWORD);
    await t.database.query(
      `INSERT INTO passkey_credentials (user_id, credential_id, public_key, device_type, backed_up, name)
       SELECT $1, 'id' || n, 'key' || n, 'singleDevice', false, 'Passkey ' || n
         FROM generate_series(1, $2::int) AS n`,
      [user.id, PASSKEY_LIMIT - 1],
    );
    const options = await registrationOptions(token);
    const last = remember(newAuthenticator().register(options));
    expect(
      (await t.call('POST', '/api/auth/passkeys', { token, body: { response: last } })).status,
    ).toBe(201);
    const full = await t.call('POST', '/api/auth/passkeys/registration-options', { token });
    expect(full.status).toBe(409);
    expect(errorCode(full)).toBe('passkey_limit');
  });

  it('refuses a passkey alone without user verification', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    const { challenge_id, options } = await signInOptions();
    const assertion = authenticator.assert(options, { userVerified: false });
    const event = await refused(() => passkeySignIn(challenge_id, assertion), 'passkey_refused');
    expect(event.details).toMatchObject({ reason: 'verification_failed' });
  });

  it('limits the refused responses of an address, not its sign-ins', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    await register(token, authenticator);
    // Sign-ins that work give their attempt back: more than the limit in a row pass.
    for (let i = 0; i < 12; i++) {
      const { challenge_id, options } = await signInOptions();
      expect((await passkeySignIn(challenge_id, authenticator.assert(options))).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      const { challenge_id, options } = await signInOptions();
      const wrong = authenticator.assert(options, { origin: 'https://evil.example' });
      expect((await passkeySignIn(challenge_id, wrong)).status).toBe(401);
    }
    const { challenge_id, options } = await signInOptions();
    const limited = await passkeySignIn(challenge_id, authenticator.assert(options));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const [event] = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_events WHERE event_type = 'auth.rate_limited' ORDER BY seq DESC LIMIT 1",
    );
    expect(event!.details).toMatchObject({ step: 'passkey_sign_in' });
    clock.advance(15 * 60_000);
    const fresh = await signInOptions();
    const res = await passkeySignIn(fresh.challenge_id, authenticator.assert(fresh.options));
    expect(res.status).toBe(200);
  });

  it('answers every /auth load of an office behind one address, each asking for options', async () => {
    // A hundred people behind one IPv4 address, each opening /auth twice in the window.
    for (let i = 0; i < PASSKEY_OPTIONS_EXPECTED_LOADS; i++) await signInOptions();
  });

  it('limits the passkey sign-ins an address may begin', async () => {
    for (let i = 0; i < PASSKEY_OPTIONS_ADDRESS_LIMIT; i++) await signInOptions();
    const res = await t.call('POST', '/api/auth/sign-in/passkey/options');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('removal', () => {
  it('removes a passkey given a fresh assertion, and then asks for no second step', async () => {
    const { access_token: token } = await signedIn(t, NOAH, PASSWORD);
    const { access_token: other } = await signedIn(t, NOAH, PASSWORD);
    const authenticator = newAuthenticator();
    const passkey = await register(token, authenticator);
    const remove = (body: unknown) =>
      t.call('POST', `/api/auth/passkeys/${passkey.id}/remove`, { token, body });
    // Options another session asked for do not confirm a removal in this one.
    const elsewhere = await t.call('POST', '/api/auth/passkeys/confirmation-options', {
      token: other,
    });
    expect(elsewhere.status).toBe(200);
    const stray = remember(authenticator.assert((elsewhere.json as { options: Options }).options));
    const event = await refused(() => remove({ assertion: stray }), 'passkey_challenge_invalid');
    expect(event.details).toMatchObject({
      step: 'remove_passkey',
      reason: 'challenge_other_binding',
    });
    // Nor does a code, on an account without an authenticator app.
    expect((await remove({ code: '123456' })).status).toBe(404);

    const confirm = await t.call('POST', '/api/auth/passkeys/confirmation-options', { token });
    expect(confirm.status).toBe(200);
    const { options } = remember(
      confirm.json as { options: Options & { allowCredentials: { id: string }[] } },
    );
    expect(options.allowCredentials).toHaveLength(1);
    const res = await remove({ assertion: remember(authenticator.assert(options)) });
    expect(res.status).toBe(204);
    expect((await t.call('GET', '/api/auth/passkeys', { token })).json).toEqual({ passkeys: [] });
    expect((await signIn(t, NOAH, PASSWORD)).status).toBe(200);
    const removed = await t.database.query<{ severity: string }>(
      "SELECT severity FROM audit_events WHERE event_type = 'auth.mfa.passkey.removed'",
    );
    expect(removed.at(-1)!.severity).toBe('high');
  });

  it('removes a passkey given an authenticator code instead', async () => {
    const { access_token: token } = await signedIn(t, LIAM, PASSWORD);
    const passkey = await register(token, newAuthenticator());
    const started = await t.call('POST', '/api/auth/mfa/totp', { token });
    const { secret } = started.json as { secret: string };
    remember(secret);
    const codeAt = (ms: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
    expect(
      (
        await t.call('POST', '/api/auth/mfa/totp/confirm', {
          token,
          body: { code: codeAt(clock.now().getTime()) },
        })
      ).status,
    ).toBe(200);
    const remove = (code: string) =>
      t.call('POST', `/api/auth/passkeys/${passkey.id}/remove`, { token, body: { code } });
    expect((await remove('000000')).status).toBe(401);
    clock.advance(30_000);
    expect((await remove(codeAt(clock.now().getTime()))).status).toBe(204);
  });
});

describe('what is stored and recorded', () => {
  it('never writes a credential id, a key, a challenge or a response to the trail', async () => {
    const rows = await t.database.query<{ event_type: string; details: unknown }>(
      "SELECT event_type, details FROM audit_events WHERE event_type LIKE 'auth.%'",
    );
    for (const type of ['registered', 'used', 'refused', 'removed', 'renamed']) {
      expect(rows.some((r) => r.event_type === `auth.mfa.passkey.${type}`)).toBe(true);
    }
    const trail = JSON.stringify(rows);
    const values = [
      ...authenticators.flatMap((a) => a.secrets()),
      ...handedOut.flatMap((json) => base64urlValuesIn(JSON.parse(json) as unknown)),
    ];
    expect(values.length).toBeGreaterThan(50);
    for (const value of values) expect(trail).not.toContain(value);
  });
});

/** Every string of 16 characters or more in a value: challenges, ids, keys, signatures. */
function base64urlValuesIn(value: unknown): string[] {
  if (typeof value === 'string')
    return value.length >= 16 && /^[A-Za-z0-9_-]+$/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(base64urlValuesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(base64urlValuesIn);
  return [];
}
