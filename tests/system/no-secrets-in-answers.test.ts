import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants';
import { eq } from 'drizzle-orm';
import { sealSinkSecret } from '../../src/server/audit/sinks/sink-secret';
import {
  applications,
  auditSinks,
  passwordCredentials,
  sessions,
} from '../../src/server/db/schema';
import { ensureSetupKey } from '../../src/server/setup/setup-key';
import { demoReceiver } from '../../src/server/sso/demo-receiver';
import {
  createTestContext,
  TEST_SETUP_KEY,
  type TestContext,
} from '../../src/server/testing/harness';
import { apiOperations, fillPath } from '../../src/server/testing/openapi-operations';
import { passwordSession, userIdOf } from '../../src/server/testing/principals';
import { VALID_REQUEST_PEOPLE, validRequests } from '../../src/server/testing/valid-requests';
import { hashPassword } from '../../src/server/security/passwords';
import { newToken, sha256Hex } from '../../src/server/security/tokens';
import { answerText } from '../../src/server/testing/event-stream';

/**
 * Nothing secret in any API answer (docs/reliability.md): a
 * super_admin calls every GET operation and every write that answers with
 * rows, and no answer (body or headers) may carry a password hash, an
 * application's API key or webhook secret or their hashes, a session or
 * refresh token hash beyond the 16-character prefix the sessions table shows,
 * a sign-on code hash, or the setup confirmation key or its hash.
 */
const SUPER = 'amara.okafor@hirehub.example';
/**
 * Clearing wipes every row the scan looks for (its answer is a handful of
 * counts); signing out ends the session the scan uses (its answer is empty).
 */
const SKIPPED = new Set(['POST /api/setup/clear-all-users', 'POST /api/auth/sign-out']);
/**
 * Answered with a refusal, which is scanned too: the code exchange is retired in production mode
 * (and sso/exchange takes an application's key, not a person's session); an OpenID sign-in waits
 * at the sign-on step only in a browser's flow.
 */
const REFUSED = new Set([
  'POST /api/sso/initiate',
  'POST /api/sso/exchange',
  'GET /api/oidc/interactions/{uid}',
  'POST /api/oidc/interactions/{uid}',
]);

let t: TestContext;
let token: string;
const plainSecrets: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({
    config: { demoMode: false, allowSignup: true },
    people: [SUPER, ...VALID_REQUEST_PEOPLE],
  });
  await ensureSetupKey(t.db, t.config, () => {});
  token = await passwordSession(t, SUPER);
  const superId = await userIdOf(t, SUPER);
  await t.db.insert(passwordCredentials).values({
    userId: superId,
    passwordHash: await hashPassword('Correct horse battery staple 42!'),
  });
  await t.db
    .update(sessions)
    .set({ refreshTokenHash: sha256Hex(newToken()) })
    .where(eq(sessions.sessionTokenHash, sha256Hex(token)));
  plainSecrets['application API key'] = newToken();
  plainSecrets['application webhook secret'] = newToken();
  await t.db.insert(applications).values({
    appName: 'Known Secrets App',
    appUrl: 'https://known-secrets.example',
    appType: 'web',
    apiKeyHash: sha256Hex(plainSecrets['application API key']),
    webhookSecretHash: sha256Hex(plainSecrets['application webhook secret']),
  });
  plainSecrets['audit sink secret'] = 'whsec_known-secret-of-a-registered-sink-0123';
  const sinkId = randomUUID();
  await t.db.insert(auditSinks).values({
    id: sinkId,
    name: 'Known Secrets Sink',
    url: 'http://127.0.0.1:9/audit',
    secretSealed: sealSinkSecret(t.config, sinkId, plainSecrets['audit sink secret']),
    deliveredSeq: 0,
  });
  plainSecrets['setup confirmation key'] = TEST_SETUP_KEY;
  plainSecrets['sign-on receiver API key'] = (await demoReceiver(t.db, t.config)).apiKey;
});
afterAll(() => t.close());

/** Every stored hash the API must not show, by what it is. */
async function storedHashes(): Promise<[string, string][]> {
  const rows = await t.database.query<{ label: string; value: string }>(`
    SELECT 'password hash' AS label, password_hash AS value FROM password_credentials
    UNION ALL SELECT 'API key hash', api_key_hash FROM applications WHERE api_key_hash IS NOT NULL
    UNION ALL SELECT 'webhook secret hash', webhook_secret_hash FROM applications
      WHERE webhook_secret_hash IS NOT NULL
    UNION ALL SELECT 'OpenID client secret hash', oidc_client_secret_hash FROM applications
      WHERE oidc_client_secret_hash IS NOT NULL
    UNION ALL SELECT 'session token hash', session_token_hash FROM sessions
    UNION ALL SELECT 'refresh token hash', refresh_token_hash FROM sessions
      WHERE refresh_token_hash IS NOT NULL
    UNION ALL SELECT 'sign-on code hash', code_hash FROM sso_codes
    UNION ALL SELECT 'invitation token hash', token_hash FROM invitations
    UNION ALL SELECT 'passkey public key', public_key FROM passkey_credentials
    UNION ALL SELECT 'WebAuthn challenge hash', challenge_hash FROM webauthn_challenges
    UNION ALL SELECT 'sealed sink secret', secret_sealed FROM audit_sinks
    UNION ALL SELECT 'setup key hash', value FROM app_settings
      WHERE key = 'setup_confirmation_key_sha256'`);
  return rows.map((r) => [r.label, r.value]);
}

describe('secrets in API answers', () => {
  it('no answer to a super_admin carries a secret, a hash, or more than a token hash prefix', async () => {
    const recipes = validRequests(t);
    const answers: { op: string; text: string }[] = [];
    for (const op of await apiOperations(t)) {
      if (SKIPPED.has(op.key)) continue;
      const recipe = recipes[op.key];
      const isWrite = op.method !== 'GET';
      if (isWrite && !recipe) continue;
      const valid = recipe ? await recipe({ email: SUPER, token }) : {};
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (valid.body !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.request(valid.path ?? fillPath(op.path, {}), {
        method: op.method,
        headers,
        body: valid.body === undefined ? undefined : JSON.stringify(valid.body),
      });
      const text = await answerText(res);
      if (!REFUSED.has(op.key)) expect(res.status, `${op.key}: ${text}`).toBeLessThan(300);
      answers.push({ op: op.key, text: `${JSON.stringify([...res.headers])}\n${text}` });
    }

    const prefix = LIMITS.tokenHashShown;
    const hashes = await storedHashes();
    const found: string[] = [];
    for (const { op, text } of answers) {
      if (/scrypt\$\d+\$/.test(text)) found.push(`${op}: a scrypt password hash`);
      for (const [label, hash] of hashes) {
        if (text.includes(hash.slice(0, prefix + 1))) {
          found.push(`${op}: more than ${prefix} characters of a ${label}`);
        }
      }
      for (const [label, secret] of Object.entries(plainSecrets)) {
        if (text.includes(secret)) found.push(`${op}: the ${label}`);
      }
    }
    expect(found).toEqual([]);

    // The scan read real answers: the sessions list shows the caller's hash, cut to its prefix.
    const sessionsAnswer = answers.find((a) => a.op === 'GET /api/admin/sessions')!.text;
    expect(sessionsAnswer).toContain(sha256Hex(token).slice(0, prefix));
    expect(hashes.some(([label]) => label === 'password hash')).toBe(true);
  });
});
