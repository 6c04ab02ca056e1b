import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { and, eq, like } from 'drizzle-orm';
import {
  adminActionApprovals,
  applications,
  auditSinks,
  credentialGrants,
  invitations,
  oidcConsents,
  passkeyCredentials,
  platformRoleAssignments,
  rateLimits,
  sessions,
  signUpVerifications,
  totpFactors,
} from '../db/schema';
import { exportAuditTrail } from '../audit/trail';
import { sealSinkSecret } from '../audit/sinks/sink-secret';
import { encryptSecret } from '../security/sealed-secret';
import { mfaKey } from '../auth/mfa-key';
import { relyingParty } from '../auth/passkey-rp';
import { newToken, sha256Hex } from '../security/tokens';
import { demoReceiver } from '../sso/demo-receiver';
import { givePassword, signedIn } from './auth-helpers';
import { TEST_SETUP_KEY, type TestContext } from './harness';
import { passwordSession, userIdOf } from './principals';
import {
  SoftwareAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from './software-authenticator';

export type ValidRequest = { path?: string; body?: unknown };
/**
 * The account behind the caller's token, when it has one: some requests are about "your own";
 * and the token itself, for the passkey ceremonies bound to the caller's session.
 */
type Caller = { email: string | null; token?: string | null };
type Recipe = (caller: Caller) => Promise<ValidRequest>;

/** The password the recipes give an account before a request that needs it. */
const PASSWORD = 'Matrix password 0001';

/** Seeded accounts the requests aim at. */
const TARGET_USER = 'grace.kim@talentspark.example'; // user only
const OTHER_ADMIN = 'sofia.martinez@sortstak.example'; // user + platform_admin
/** Signs in with an authenticator app, for the second step's request. */
const SECOND_STEP_USER = 'mei.ling@brightpath.example';
/** Signs in with a passkey, alone or as the second step, for those requests. */
const PASSKEY_USER = 'yuki.tanaka@qrc.example';
/** The accounts the valid requests act on, for databases seeded with nobody. */
export const VALID_REQUEST_PEOPLE = [TARGET_USER, OTHER_ADMIN, SECOND_STEP_USER, PASSKEY_USER];

/**
 * A valid request for each API operation that needs more than its bare path,
 * built fresh on every call (a new application to ask about, a pending request
 * and an active grant of another administrator to decide or revoke, a password
 * the caller's account is given just before), so that any caller allowed to
 * make it succeeds, however often it is made.
 */
export function validRequests(t: TestContext): Record<string, Recipe> {
  const recipes: Record<string, Recipe> = {
    'GET /api/sso/applications': async () => ({ path: '/api/sso/applications?app_id=hirehub' }),
    'POST /api/sso/initiate': async () => {
      const receiver = await demoReceiver(t.db, t.config);
      return { body: { app_id: receiver.appId, redirect_url: receiver.callbackUrl } };
    },
    'POST /api/sso/exchange': async () => ({ body: { code: newToken() } }),
    // No authorization request waits under this id: a signed-in caller is answered 404.
    'GET /api/oidc/interactions/{uid}': async () => ({
      path: `/api/oidc/interactions/${newToken()}`,
    }),
    'POST /api/oidc/interactions/{uid}': async () => ({
      path: `/api/oidc/interactions/${newToken()}`,
    }),
    'PUT /api/admin/apps/{id}/oidc-client': async () => ({
      path: `/api/admin/apps/${await newApplication()}/oidc-client`,
      body: { redirect_uris: ['https://hirehub.example/oidc/callback'], public_client: false },
    }),
    'DELETE /api/admin/apps/{id}/oidc-client': async () => {
      const id = await newApplication();
      await t.db
        .update(applications)
        .set({ oidcClientId: id, oidcRedirectUris: ['https://test-app.example/oidc/callback'] })
        .where(eq(applications.id, id));
      return { path: `/api/admin/apps/${id}/oidc-client` };
    },
    'DELETE /api/oidc/consents/{id}': async (caller) => {
      // An application the caller's own account allowed; a caller without one aims at someone's.
      const id = await newApplication();
      const userId = await userIdOf(t, caller.email ?? TARGET_USER);
      await t.db.insert(oidcConsents).values({ userId, applicationId: id, scopes: ['openid'] });
      return { path: `/api/oidc/consents/${id}` };
    },
    'POST /api/admin/credential-requests': async () => ({
      body: {
        target_app_id: await newApplication(),
        access_type: 'api_key',
        justification: 'Key rotation check',
      },
    }),
    'POST /api/admin/credential-requests/{id}/approve': async () => ({
      path: `/api/admin/credential-requests/${await pendingRequestOfAnother()}/approve`,
      body: { reason: 'Approved for the rotation' },
    }),
    'POST /api/admin/credential-requests/{id}/deny': async () => ({
      path: `/api/admin/credential-requests/${await pendingRequestOfAnother()}/deny`,
      body: { reason: 'Not needed' },
    }),
    'POST /api/admin/credential-grants': async () => ({
      body: {
        target_app_id: await newApplication(),
        credential_type: 'webhook_secret',
        justification: 'Investigating a failed webhook delivery',
        time_limit_minutes: 15,
      },
    }),
    'POST /api/admin/credential-grants/{id}/revoke': async () => ({
      path: `/api/admin/credential-grants/${await activeGrantOfAnother()}/revoke`,
    }),
    'POST /api/setup/system-admins': async () => ({ body: { confirmation_key: TEST_SETUP_KEY } }),
    'POST /api/setup/clear-all-users': async () => ({ body: { confirmation_key: TEST_SETUP_KEY } }),
    'POST /api/setup/cleanup-all-users': async () => ({
      body: { confirmation_key: TEST_SETUP_KEY },
    }),
    'PATCH /api/admin/users/{id}': async () => ({
      path: `/api/admin/users/${await userIdOf(t, TARGET_USER)}`,
      body: { organization: `TalentSpark ${randomUUID().slice(0, 8)}` },
    }),
    'GET /api/admin/users/{id}/roles': async () => ({
      path: `/api/admin/users/${await userIdOf(t, TARGET_USER)}/roles`,
    }),
    'PUT /api/admin/settings/second-factor-policy': async () => ({
      body: { policy: 'not_required' },
    }),
    'POST /api/admin/audit/sinks': async () => ({
      body: { name: 'SIEM', url: 'https://siem.example.com/audit' },
    }),
    'PATCH /api/admin/audit/sinks/{id}': async () => ({
      path: `/api/admin/audit/sinks/${await newSink()}`,
      body: { enabled: false },
    }),
    'DELETE /api/admin/audit/sinks/{id}': async () => ({
      path: `/api/admin/audit/sinks/${await newSink()}`,
    }),
    'POST /api/admin/audit/sinks/{id}/rotate-secret': async () => ({
      path: `/api/admin/audit/sinks/${await newSink()}/rotate-secret`,
    }),
    'POST /api/admin/audit/sinks/{id}/resume': async () => ({
      path: `/api/admin/audit/sinks/${await newSink()}/resume`,
    }),
    'POST /api/admin/audit/sinks/{id}/test': async () => ({
      path: `/api/admin/audit/sinks/${await newSink()}/test`,
    }),
    'POST /api/admin/users/{id}/reset-second-factor': async () => ({
      path: `/api/admin/users/${await userIdOf(t, TARGET_USER)}/reset-second-factor`,
      body: { reason: 'Lost their phone' },
    }),
    'PUT /api/admin/users/{id}/roles': async () => ({
      path: `/api/admin/users/${await userIdOf(t, TARGET_USER)}/roles`,
      body: { changes: { platform_admin: true } },
    }),
    'POST /api/admin/users/bulk': async () => ({
      body: {
        user_ids: [await userIdOf(t, TARGET_USER)],
        action: { kind: 'grant', role: 'platform_admin' },
      },
    }),
    'POST /api/admin/invitations': async () => ({
      body: {
        email: `invited.${randomUUID().slice(0, 8)}@example.com`,
        full_name: 'Invited Colleague',
        roles: ['user', 'platform_admin'],
      },
    }),
    'DELETE /api/admin/invitations/{id}': async () => ({
      path: `/api/admin/invitations/${(await pendingInvitation()).id}`,
    }),
    'POST /api/invitations/inspect': async () => ({
      body: { token: (await pendingInvitation()).token },
    }),
    'POST /api/invitations/accept': async () => ({
      body: { token: (await pendingInvitation()).token, password: PASSWORD },
    }),
    'POST /api/auth/sign-in': async (caller) => {
      const email = caller.email ?? TARGET_USER;
      await givePassword(t, email, PASSWORD);
      await withoutSecondFactor(email);
      return { body: { email, password: PASSWORD } };
    },
    'POST /api/auth/sign-up': async () => {
      // A new address each time: sign-ups are limited per address.
      await t.db.delete(rateLimits).where(like(rateLimits.bucket, 'signup:%'));
      return {
        body: {
          full_name: 'New Member',
          email: `new.member.${randomUUID().slice(0, 8)}@example.com`,
          password: PASSWORD,
        },
      };
    },
    'POST /api/auth/verify': async () => ({ body: { token: await pendingSignUp() } }),
    'POST /api/auth/sign-in/second-factor': async () => {
      // An account of its own, so that no other recipe's password sign-in meets the second step.
      await givePassword(t, SECOND_STEP_USER, PASSWORD);
      const code = await totpCode({ email: SECOND_STEP_USER }, { confirmed: true });
      const res = await t.call('POST', '/api/auth/sign-in', {
        body: { email: SECOND_STEP_USER, password: PASSWORD },
      });
      if (res.status !== 202) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
      return {
        body: { pending_token: (res.json as { pending_token: string }).pending_token, code },
      };
    },
    'POST /api/auth/mfa/totp/confirm': async (caller) => ({
      body: { code: await totpCode(caller, { confirmed: false }) },
    }),
    'POST /api/auth/mfa/totp/remove': async (caller) => ({
      body: { code: await totpCode(caller, { confirmed: true }) },
    }),
    'POST /api/auth/mfa/recovery-codes': async (caller) => ({
      body: { code: await totpCode(caller, { confirmed: true }) },
    }),
    'POST /api/auth/passkeys/registration-options': async (caller) => {
      if (caller.email) await withoutPasskeys(caller.email);
      return {};
    },
    'POST /api/auth/passkeys': async (caller) => {
      if (caller.email) await withoutPasskeys(caller.email);
      const res = await t.call('POST', '/api/auth/passkeys/registration-options', {
        token: caller.token ?? undefined,
      });
      // A caller who may not register is refused before the response is read.
      const options: CreationOptions =
        res.status === 200
          ? (res.json as { options: CreationOptions }).options
          : { challenge: 'bm90LWFza2Vk', rp: { id: rp.id }, user: { id: 'AA' } };
      return { body: { response: new SoftwareAuthenticator(rp.origins[0]!).register(options) } };
    },
    'PATCH /api/auth/passkeys/{id}': async (caller) => ({
      path: `/api/auth/passkeys/${await storedPasskey(caller.email ?? TARGET_USER)}`,
      body: { name: 'Renamed' },
    }),
    'POST /api/auth/passkeys/confirmation-options': async (caller) => {
      await storedPasskey(caller.email ?? TARGET_USER);
      return {};
    },
    'POST /api/auth/passkeys/{id}/remove': async (caller) => ({
      path: `/api/auth/passkeys/${await storedPasskey(caller.email ?? TARGET_USER)}/remove`,
      body: { code: await totpCode(caller, { confirmed: true }) },
    }),
    'POST /api/auth/step-up/passkey-options': async (caller) => {
      await storedPasskey(caller.email ?? TARGET_USER);
      return {};
    },
    'POST /api/auth/step-up': async (caller) => ({
      body: { code: await totpCode(caller, { confirmed: true }) },
    }),
    'POST /api/auth/sign-in/passkey/options': async () => {
      await t.db.delete(rateLimits).where(like(rateLimits.bucket, 'passkey_%'));
      return {};
    },
    'POST /api/auth/sign-in/passkey': async () => {
      const authenticator = await passkeyUserAuthenticator();
      await t.db.delete(rateLimits).where(like(rateLimits.bucket, 'passkey_%'));
      const res = await t.call('POST', '/api/auth/sign-in/passkey/options');
      const { challenge_id, options } = res.json as {
        challenge_id: string;
        options: RequestOptions;
      };
      return { body: { challenge_id, response: authenticator.assert(options) } };
    },
    'POST /api/auth/sign-in/second-factor/passkey-options': async () => ({
      body: { pending_token: await passkeyPendingToken() },
    }),
    'POST /api/auth/sign-in/second-factor/passkey': async () => {
      const authenticator = await passkeyUserAuthenticator();
      const pending_token = await passkeyPendingToken();
      const res = await t.call('POST', '/api/auth/sign-in/second-factor/passkey-options', {
        body: { pending_token },
      });
      const { options } = res.json as { options: RequestOptions };
      return { body: { pending_token, response: authenticator.assert(options) } };
    },
    'POST /api/setup/mail-outbox': async () => ({ body: { confirmation_key: TEST_SETUP_KEY } }),
    'POST /api/setup/mail-outbox/sent': async () => ({
      body: { confirmation_key: TEST_SETUP_KEY, ids: [randomUUID()] },
    }),
    'POST /api/auth/refresh': async () => {
      await givePassword(t, TARGET_USER, PASSWORD);
      await withoutSecondFactor(TARGET_USER);
      const { refresh_token } = await signedIn(t, TARGET_USER, PASSWORD);
      return { body: { refresh_token } };
    },
    'POST /api/auth/password': async (caller) => {
      await givePassword(t, caller.email ?? TARGET_USER, PASSWORD);
      return { body: { current_password: PASSWORD, new_password: `${PASSWORD} changed` } };
    },
    'DELETE /api/admin/sessions/{id}': async (caller) => {
      // Another session of the caller's own account; a caller without one aims at someone else's.
      const token = await passwordSession(t, caller.email ?? TARGET_USER);
      const [row] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.sessionTokenHash, sha256Hex(token)));
      return { path: `/api/admin/sessions/${row!.id}` };
    },
    'GET /api/admin/audit/exports/{id}/manifest': async () => {
      const { exportId } = await exportAuditTrail(
        t.deps,
        {},
        { type: 'no.such.type' },
        new Date(),
        async () => {},
      );
      return { path: `/api/admin/audit/exports/${exportId}/manifest` };
    },
    'POST /api/audit/events': async () => ({
      body: {
        source: 'console',
        events: [
          {
            id: randomUUID(),
            event_type: 'security.violation',
            timestamp: new Date().toISOString(),
            session_id: null,
          },
        ],
      },
    }),
  };

  const rp = relyingParty(t.config);

  /** Signs in with the password alone again: the account's authenticator app and passkeys go. */
  async function withoutSecondFactor(email: string) {
    await t.db.delete(totpFactors).where(eq(totpFactors.userId, await userIdOf(t, email)));
    await withoutPasskeys(email);
  }

  async function withoutPasskeys(email: string) {
    const userId = await userIdOf(t, email);
    await t.db.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
  }

  /** The account's one passkey, stored as registered (its key is never used): its id. */
  async function storedPasskey(email: string): Promise<string> {
    await withoutPasskeys(email);
    const [row] = await t.db
      .insert(passkeyCredentials)
      .values({
        userId: await userIdOf(t, email),
        credentialId: newToken(),
        publicKey: newToken(),
        deviceType: 'singleDevice',
        backedUp: false,
        name: 'Passkey 1',
      })
      .returning({ id: passkeyCredentials.id });
    return row!.id;
  }

  let passkeyUser: SoftwareAuthenticator | null = null;

  /** The authenticator holding PASSKEY_USER's passkey, registered on first use. */
  async function passkeyUserAuthenticator(): Promise<SoftwareAuthenticator> {
    if (passkeyUser) return passkeyUser;
    const authenticator = new SoftwareAuthenticator(rp.origins[0]!);
    const token = await passwordSession(t, PASSKEY_USER);
    const res = await t.call('POST', '/api/auth/passkeys/registration-options', { token });
    const { options } = res.json as { options: CreationOptions };
    const registered = await t.call('POST', '/api/auth/passkeys', {
      token,
      body: { response: authenticator.register(options) },
    });
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
    return (passkeyUser = authenticator);
  }

  /** A pending sign-in of PASSKEY_USER, whose passkey is its second factor. */
  async function passkeyPendingToken(): Promise<string> {
    await passkeyUserAuthenticator();
    await givePassword(t, PASSKEY_USER, PASSWORD);
    const res = await t.call('POST', '/api/auth/sign-in', {
      body: { email: PASSKEY_USER, password: PASSWORD },
    });
    if (res.status !== 202) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
    return (res.json as { pending_token: string }).pending_token;
  }

  /**
   * Gives the caller's account an authenticator app (pending or confirmed, no code
   * accepted yet) and answers its current code.
   */
  async function totpCode(caller: Caller, { confirmed }: { confirmed: boolean }) {
    if (!caller.email) return '123456';
    const userId = await userIdOf(t, caller.email);
    const secret = new Secret({ size: 20 }).base32;
    const row = {
      secretEncrypted: encryptSecret(mfaKey(t.config), userId, secret),
      confirmedAt: confirmed ? t.deps.now() : null,
      lastStep: null,
    };
    await t.db
      .insert(totpFactors)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: totpFactors.userId, set: row });
    const totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    });
    return totp.generate({ timestamp: t.deps.now().getTime() });
  }

  /** A registered application nobody has asked about yet, holding both kinds of secret. */
  /** A sink whose receiver refuses connections (the discard port): nothing leaves the machine. */
  async function newSink(): Promise<string> {
    const id = randomUUID();
    await t.db.insert(auditSinks).values({
      id,
      name: `Sink ${id.slice(0, 8)}`,
      url: 'http://127.0.0.1:9/audit',
      secretSealed: sealSinkSecret(t.config, id, 'whsec_matrix'),
      deliveredSeq: 0,
    });
    return id;
  }

  async function newApplication(): Promise<string> {
    const name = `Test App ${randomUUID().slice(0, 8)}`;
    const [row] = await t.db
      .insert(applications)
      .values({
        appName: name,
        appUrl: 'https://test-app.example',
        appType: 'web',
        apiKeyHash: sha256Hex(newToken()),
        webhookSecretHash: sha256Hex(newToken()),
      })
      .returning({ id: applications.id });
    return row!.id;
  }

  /** A pending invitation another administrator sent to a new address, and its link's token. */
  async function pendingInvitation(): Promise<{ id: string; token: string }> {
    const token = newToken();
    const now = Date.now();
    const [row] = await t.db
      .insert(invitations)
      .values({
        email: `invited.${randomUUID().slice(0, 8)}@example.com`,
        roles: ['user'],
        tokenHash: sha256Hex(token),
        invitedBy: await userIdOf(t, OTHER_ADMIN),
        createdAt: new Date(now),
        expiresAt: new Date(now + 72 * 3_600_000),
      })
      .returning({ id: invitations.id });
    return { id: row!.id, token };
  }

  /** A sign-up of a new address waiting for its link to be opened, and the link's token. */
  async function pendingSignUp(): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await t.db.insert(signUpVerifications).values({
      email: `new.member.${randomUUID().slice(0, 8)}@example.com`,
      fullName: 'New Member',
      passwordHash: sha256Hex(PASSWORD), // never checked: the request only opens the link
      tokenHash: sha256Hex(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + 24 * 3_600_000),
    });
    return token;
  }

  async function pendingRequestOfAnother(): Promise<string> {
    const [row] = await t.db
      .insert(adminActionApprovals)
      .values({
        requestingUserId: await userIdOf(t, OTHER_ADMIN),
        actionType: 'credential_access',
        targetAppId: await newApplication(),
        credentialType: 'api_key',
        status: 'pending',
        justification: 'Needed for the nightly import',
      })
      .returning({ id: adminActionApprovals.id });
    return row!.id;
  }

  async function activeGrantOfAnother(): Promise<string> {
    const now = Date.now();
    const [row] = await t.db
      .insert(credentialGrants)
      .values({
        userId: await userIdOf(t, OTHER_ADMIN),
        appId: await newApplication(),
        credentialType: 'api_key',
        justification: 'Investigating a failed webhook delivery',
        timeLimitMinutes: 30,
        grantedAt: new Date(now),
        expiresAt: new Date(now + 30 * 60_000),
      })
      .returning({ id: credentialGrants.id });
    return row!.id;
  }
  return recipes;
}

/**
 * The users API's changes aimed at `targetEmail`, an account holding
 * super_admin: a new organization, or platform_admin turned the other way
 * than it is now, so that each request changes something.
 */
export function superAdminTargetRequests(
  t: TestContext,
  targetEmail: string,
): Record<string, () => Promise<ValidRequest>> {
  return {
    'PATCH /api/admin/users/{id}': async () => ({
      path: `/api/admin/users/${await userIdOf(t, targetEmail)}`,
      body: { organization: `HireHub ${randomUUID().slice(0, 8)}` },
    }),
    'PUT /api/admin/users/{id}/roles': async () => {
      const id = await userIdOf(t, targetEmail);
      const [held] = await t.db
        .select({ on: platformRoleAssignments.isActive })
        .from(platformRoleAssignments)
        .where(
          and(
            eq(platformRoleAssignments.userId, id),
            eq(platformRoleAssignments.role, 'platform_admin'),
          ),
        );
      return {
        path: `/api/admin/users/${id}/roles`,
        body: { changes: { platform_admin: !held?.on } },
      };
    },
  };
}
