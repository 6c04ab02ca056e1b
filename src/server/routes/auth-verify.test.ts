import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_TABLES } from '../db/backup';
import { invitations } from '../db/schema';
import { sha256Hex } from '../security/tokens';
import { ensureSetupKey } from '../setup/setup-key';
import { auditRows, userIdOf } from '../testing/admin-helpers';
import { givePassword, signIn } from '../testing/auth-helpers';
import {
  createTestContext,
  manualClock,
  TEST_SETUP_KEY,
  type TestContext,
} from '../testing/harness';

/**
 * Sign-up verifies the address by mail (docs/product/sign-in.md#sign-up-tells): every
 * sign-up answers alike and queues one mail to the address typed; only a free address's
 * mail holds a link, and only that link creates the account.
 */
let t: TestContext;
const clock = manualClock();
const NOAH = 'noah.williams@sortstak.example'; // user only, has a password
const LIAM = 'liam.chen@hirehub.example'; // platform_admin: the inviter
const RESERVED = 'Ecosystem.Admin@TalentEcosystem.demo';
const CHOSEN = 'the passphrase I chose';
const DAY_MS = 24 * 3_600_000;

type Mail = { id: string; to_address: string; kind: string; subject: string; body: string };

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false, allowSignup: true },
    now: clock.now,
    people: [NOAH, LIAM],
  });
  await givePassword(t, NOAH, 'noah has his own passphrase');
  // As the server does at start: store the hash of the configured key.
  await ensureSetupKey(t.db, t.config, () => {});
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts with clear limits (all calls here come from the same unknown address).
  await t.database.exec('DELETE FROM rate_limits');
});

async function invite(email: string) {
  await t.db.insert(invitations).values({
    email,
    roles: ['user'],
    tokenHash: sha256Hex(`invitation of ${email}`),
    invitedBy: await userIdOf(t, LIAM),
    createdAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + 72 * 3_600_000),
  });
}

const signUp = (email: string, password = CHOSEN) =>
  t.call('POST', '/api/auth/sign-up', { body: { full_name: 'Some One', email, password } });
const verify = (token: string) => t.call('POST', '/api/auth/verify', { body: { token } });

const mailsTo = (email: string) =>
  t.database.query<Mail>(
    `SELECT id, to_address, kind, subject, body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at, id`,
    [email],
  );
const tokenOf = (mail: Mail) => /\/auth\/verify#token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
const accounts = async (email: string) =>
  (
    await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM platform_users WHERE lower(email) = lower($1)`,
      [email],
    )
  )[0]!.n;

/** What a caller sees of an answer: status, body and every header but the request's own id. */
function seen(res: Awaited<ReturnType<typeof signUp>>) {
  const headers = Object.fromEntries(
    [...res.headers.entries()].filter(([name]) => name !== 'x-request-id'),
  );
  return { status: res.status, body: res.json, headers };
}

describe('sign-up for a free, a taken, a reserved and an invited address', () => {
  const FREE = 'free.person@x.example';
  const INVITED = 'invited.person@x.example';

  it('answers alike, signs in alike, and differs only in the mail to the address', async () => {
    await invite(INVITED);
    const addresses = [FREE, NOAH, RESERVED, INVITED];
    const answers = [];
    for (const email of addresses) answers.push(seen(await signUp(email)));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer).toEqual(answers[0]);
    }
    expect(answers[0]!.body.message).toMatch(/Check your mailbox/);

    // Signing in with the password chosen: the same 401 for all four, the free one included.
    const signIns = [];
    for (const email of addresses) {
      await t.database.exec('DELETE FROM rate_limits');
      signIns.push(seen(await signIn(t, email, CHOSEN)));
    }
    for (const answer of signIns) {
      expect(answer.status).toBe(401);
      expect(answer).toEqual(signIns[0]);
    }
    expect(await accounts(FREE)).toBe(0);

    // One mail each, to the address as typed; only the free one's holds a link.
    const mails = await Promise.all(addresses.map(mailsTo));
    expect(mails.map((m) => m.length)).toEqual([1, 1, 1, 1]);
    expect(mails.map((m) => m[0]!.to_address)).toEqual(addresses);
    expect(mails.map((m) => m[0]!.kind)).toEqual([
      'sign_up_verify',
      'sign_up_existing_account',
      'sign_up_reserved',
      'sign_up_invited',
    ]);
    expect(mails.map((m) => tokenOf(m[0]!) !== undefined)).toEqual([true, false, false, false]);
    expect(mails[3]![0]!.body).toContain('/auth/invite');

    // The administrators' trail keeps its reasons.
    const failures = (await auditRows(t, 'auth.signup.failure')).map((e: any) => e.details.reason);
    expect(failures.slice(-3)).toEqual(['email_taken', 'reserved', 'invitation_pending']);
    const [success] = (await auditRows(t, 'auth.signup.success')).slice(-1) as any[];
    expect(success.details).toMatchObject({ email: FREE, verified: false });

    // Opening the free address's link creates the account; then the password signs in.
    const opened = await verify(tokenOf(mails[0]![0]!)!);
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({ email: FREE });
    const session = await signIn(t, FREE, CHOSEN);
    expect(session.status).toBe(200);
    expect(session.json.user.roles).toEqual(['user']);
    expect(session.json.user.user_metadata.full_name).toBe('Some One');
    const [verified] = (await auditRows(t, 'auth.signup.verified')).slice(-1) as any[];
    expect(verified.details.email).toBe(FREE);
    expect(verified.user_id).toBe(await userIdOf(t, FREE));

    // The taken, reserved and invited addresses were not given to the caller.
    expect((await signIn(t, NOAH, CHOSEN)).status).toBe(401);
    expect(await accounts(RESERVED)).toBe(0);
    expect(await accounts(INVITED)).toBe(0);
  });
});

describe('the verify link', () => {
  it('works once: used again, it is refused and nothing changes', async () => {
    const email = 'once@x.example';
    await signUp(email);
    const token = tokenOf((await mailsTo(email))[0]!)!;
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('verify_link_invalid');
    expect(await accounts(email)).toBe(1);
  });

  it('of two requests at once with one link, exactly one creates the account', async () => {
    const email = 'at.once@x.example';
    await signUp(email);
    const token = tokenOf((await mailsTo(email))[0]!)!;
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await accounts(email)).toBe(1);
  });

  it('works for 24 hours and no longer', async () => {
    const late = 'late@x.example';
    const inTime = 'in.time@x.example';
    await signUp(late);
    await signUp(inTime);
    clock.advance(DAY_MS - 1_000);
    expect((await verify(tokenOf((await mailsTo(inTime))[0]!)!)).status).toBe(200);
    clock.advance(1_000);
    const refused = await verify(tokenOf((await mailsTo(late))[0]!)!);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('verify_link_invalid');
    expect(await accounts(late)).toBe(0);
    expect((await signIn(t, late, CHOSEN)).status).toBe(401);
  });

  it('answers an unknown token as a used one, and records the refusals', async () => {
    const unknown = await verify('no-such-token-0000000000000000000000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('verify_link_invalid');
    const refusals = await auditRows(t, 'auth.signup.verify_refused');
    expect(refusals.map((e: any) => e.details.reason)).toContain('unknown');
  });

  it('is stored only as a hash: once the mail is sent, the token is nowhere in the database', async () => {
    const email = 'hashed@x.example';
    await signUp(email);
    const [mail] = await mailsTo(email);
    const token = tokenOf(mail!)!;
    const [row] = await t.database.query<{ token_hash: string }>(
      `SELECT token_hash FROM sign_up_verifications WHERE email = $1`,
      [email],
    );
    expect(row!.token_hash).toBe(sha256Hex(token));
    const marked = await t.call('POST', '/api/setup/mail-outbox/sent', {
      body: { confirmation_key: TEST_SETUP_KEY, ids: [mail!.id] },
    });
    expect(marked.json).toEqual({ marked: 1 });
    for (const table of BACKUP_TABLES) {
      const rows = await t.database.query(`SELECT * FROM ${table.name}`);
      expect(JSON.stringify(rows), table.name).not.toContain(token);
    }
    // The link still works: the mail was sent, the sign-up waits for it.
    expect((await verify(token)).status).toBe(200);
  });

  it('a second sign-up of a waiting address mails a new link; the first opened wins', async () => {
    const email = 'twice@x.example';
    await signUp(email, 'first passphrase here');
    clock.advance(1_000);
    await signUp(email, 'second passphrase here');
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['sign_up_verify', 'sign_up_verify']);
    const [first, second] = mails.map((m) => tokenOf(m)!);
    expect(first).not.toBe(second);
    expect((await verify(second!)).status).toBe(200);
    expect((await signIn(t, email, 'second passphrase here')).status).toBe(200);
    const late = await verify(first!);
    expect(late.status).toBe(409);
    expect(await accounts(email)).toBe(1);
    expect((await signIn(t, email, 'first passphrase here')).status).toBe(401);
  });

  it('refuses an address invited since, and leaves the link as it was', async () => {
    const email = 'invited.since@x.example';
    await signUp(email);
    const token = tokenOf((await mailsTo(email))[0]!)!;
    // The invitation is accepted meanwhile: the address has an account.
    await t.database.query(
      `INSERT INTO platform_users (email, full_name, is_active) VALUES ($1, 'Invited', true)`,
      [email],
    );
    const refused = await verify(token);
    expect(refused.status).toBe(409);
    const [row] = await t.database.query<{ verified_at: string | null }>(
      `SELECT verified_at FROM sign_up_verifications WHERE email = $1`,
      [email],
    );
    expect(row!.verified_at).toBeNull();
  });

  it('refuses an address 10 times per 15 minutes; a link that works gives its attempt back', async () => {
    const email = 'limited@x.example';
    await signUp(email);
    for (let i = 0; i < 9; i++) expect((await verify(`wrong-${i}`)).status).toBe(400);
    expect((await verify(tokenOf((await mailsTo(email))[0]!)!)).status).toBe(200);
    expect((await verify('wrong-9')).status).toBe(400);
    const limited = await verify('wrong-10');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the mail outbox', () => {
  it('lists pending mails to the setup key holder and marks them sent once', async () => {
    await t.database.exec('DELETE FROM mail_outbox');
    await signUp('outbox.one@x.example');
    clock.advance(1_000);
    await signUp(NOAH);
    const read = await t.call('POST', '/api/setup/mail-outbox', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(read.status).toBe(200);
    expect(read.json.mails.map((m: any) => [m.to, m.kind])).toEqual([
      ['outbox.one@x.example', 'sign_up_verify'],
      [NOAH, 'sign_up_existing_account'],
    ]);
    const ids = read.json.mails.map((m: any) => m.id);
    const sent = (body: object) => t.call('POST', '/api/setup/mail-outbox/sent', { body });
    expect((await sent({ confirmation_key: TEST_SETUP_KEY, ids })).json).toEqual({ marked: 2 });
    expect((await sent({ confirmation_key: TEST_SETUP_KEY, ids })).json).toEqual({ marked: 0 });
    const after = await t.call('POST', '/api/setup/mail-outbox', {
      body: { confirmation_key: TEST_SETUP_KEY },
    });
    expect(after.json.mails).toEqual([]);
    const bodies = await t.database.query<{ body: string; sent_at: string | null }>(
      `SELECT body, sent_at FROM mail_outbox`,
    );
    expect(bodies.every((m) => m.body === '' && m.sent_at !== null)).toBe(true);
  });

  it('needs the setup key', async () => {
    expect((await t.call('POST', '/api/setup/mail-outbox', { body: {} })).status).toBe(401);
    const wrong = await t.call('POST', '/api/setup/mail-outbox', {
      body: { confirmation_key: 'not the key' },
    });
    expect(wrong.status).toBe(403);
  });
});
