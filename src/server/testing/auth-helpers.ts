import { passwordCredentials } from '../db/schema';
import { hashPassword } from '../security/passwords';
import { userIdOf } from './admin-helpers';
import type { TestContext } from './harness';

/**
 * Gives a seeded account a password. Hashed at scrypt's lowest accepted cost
 * so that tests stay quick; verification reads the parameters from the hash.
 */
export async function givePassword(
  t: TestContext,
  email: string,
  password: string,
  options: { mustChange?: boolean } = {},
): Promise<string> {
  const userId = await userIdOf(t, email);
  const passwordHash = await hashPassword(password, { logN: 10, r: 8, p: 1 });
  await t.db
    .insert(passwordCredentials)
    .values({ userId, passwordHash, mustChange: options.mustChange ?? false })
    .onConflictDoUpdate({
      target: passwordCredentials.userId,
      set: { passwordHash, mustChange: options.mustChange ?? false },
    });
  return userId;
}

/** POST /api/auth/sign-in. */
export function signIn(t: TestContext, email: string, password: string) {
  return t.call('POST', '/api/auth/sign-in', {
    body: { email, password },
    headers: { 'user-agent': 'auth-test/1.0' },
  });
}

/** Signs in and returns the session (fails the test when the sign-in does not succeed). */
export async function signedIn(t: TestContext, email: string, password: string) {
  const res = await signIn(t, email, password);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  return res.json as {
    access_token: string;
    refresh_token: string;
    expires_at: number;
    expires_in: number;
    must_change_password: boolean;
    user: { id: string; email: string; roles: string[] };
  };
}

/** The token of the newest verify link mailed to `email` (sign-up), read from the outbox. */
export async function verifyTokenMailedTo(t: TestContext, email: string): Promise<string> {
  const [mail] = await t.database.query<{ body: string }>(
    `SELECT body FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind = 'sign_up_verify'
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email],
  );
  const token = mail && /\/auth\/verify#token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no verify link was mailed to ${email}`);
  return token;
}
