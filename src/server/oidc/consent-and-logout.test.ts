import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, auditEvents, oidcConsents, oidcPayloads, platformUsers } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/harness';
import {
  authorizationRequest,
  discoverProvider,
  listenForTests,
  registeredApplication,
  TestBrowser,
  type RelyingParty,
} from '../testing/oidc-relying-party';
import { passwordSession, userIdOf } from '../testing/principals';
import { closeRefusalWindows } from '../testing/refusals';
import { removeOidcClient } from './client-removal';
import { configureOidcClient, type OidcClientInput } from './clients';
import { newSigningKey } from './signing-keys';

/**
 * Consent, first-party pre-approval and back-channel logout
 * (docs/product/sign-on.md#oidc-consent, #oidc-backchannel-logout), over a real socket.
 */
const PERSON = 'noah.williams@sortstak.example';
const ADMIN = 'liam.chen@hirehub.example';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const SYSTEM = { userId: null, sessionId: null, ipAddress: null, userAgent: null };

let server: Awaited<ReturnType<typeof listenForTests>>;
let t: TestContext;
let userId: string;
let appId: string;
let rp: RelyingParty;

/** The application's back-channel logout endpoint: keeps what it receives, answers `status`. */
let receiver: Server;
let logoutUri: string;
let received: string[] = [];
let receiverStatus = 200;

async function register(input: Partial<OidcClientInput> = {}) {
  const registered = await configureOidcClient(
    t.deps,
    appId,
    { redirectUris: [REDIRECT_URI], publicClient: false, newSecret: true, ...input },
    SYSTEM,
  );
  rp = await discoverProvider(
    server.issuer,
    registered.clientId,
    registered.clientSecret,
    REDIRECT_URI,
  );
}

beforeAll(async () => {
  server = await listenForTests();
  t = await createTestContext({
    seed: false,
    people: [PERSON, ADMIN],
    config: {
      demoMode: false,
      publicUrl: server.origin,
      oidcSigningKeys: JSON.stringify({ keys: [newSigningKey()] }),
    },
  });
  server.serve(t.app);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(receiverStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  logoutUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel-logout`;
  const [app] = await t.db
    .insert(applications)
    .values({ appName: 'HireHub', appUrl: 'https://hirehub.example', appType: 'ats' })
    .returning();
  appId = app!.id;
  const [user] = await t.db.select().from(platformUsers).where(eq(platformUsers.email, PERSON));
  userId = user!.id;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await server.close();
  await t.close();
});
beforeEach(async () => {
  await register({ firstParty: false, backchannelLogoutUri: logoutUri });
  await t.db.delete(oidcConsents);
  // Each test starts with no provider session, grant or token left by another.
  await t.db.delete(oidcPayloads);
  received = [];
  receiverStatus = 200;
});

/** To the provider and on to the console's step: the waiting request's id. */
async function arrive(browser: TestBrowser, scope?: string, party = rp) {
  const checks = await authorizationRequest(party, scope);
  const toStep = await browser.get(checks.url);
  expect(toStep.status).toBe(303);
  const uid = new URL(toStep.headers.get('location')!, server.origin).searchParams.get(
    'interaction',
  )!;
  return { checks, uid };
}

const describeStep = (uid: string, token: string) =>
  t.call('GET', `/api/oidc/interactions/${uid}`, { token });
const answer = (uid: string, token: string, decision?: 'allow' | 'decline') =>
  t.call('POST', `/api/oidc/interactions/${uid}`, {
    token,
    ...(decision ? { body: { decision } } : {}),
  });

/** Back at the provider: where it sends the browser (the application's redirect URI). */
async function backToApplication(browser: TestBrowser, redirectTo: string) {
  const back = await browser.get(redirectTo);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

/** A whole sign-in in the console session `token`, allowing whatever is asked. */
async function signIn(token: string, browser = new TestBrowser(), party = rp) {
  const { checks, uid } = await arrive(browser, undefined, party);
  const done = await answer(uid, token, 'allow');
  expect(done.status).toBe(200);
  const callback = await backToApplication(browser, done.json.redirect_to);
  return client.authorizationCodeGrant(party.config, callback, checks);
}

const lastSeq = async () =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(max(${auditEvents.seq}), 0)::int` })
      .from(auditEvents)
  )[0]!.n;
const eventsAfter = async (seq: number, type: string) =>
  t.db
    .select({ userId: auditEvents.userId, details: auditEvents.details })
    .from(auditEvents)
    .where(and(gt(auditEvents.seq, seq), eq(auditEvents.eventType, type)));

describe('consent', () => {
  it('is asked the first time a person signs in to an application, and not the second', async () => {
    const token = await passwordSession(t, PERSON);
    const seq = await lastSeq();
    const browser = new TestBrowser();
    const first = await arrive(browser);
    const step = await describeStep(first.uid, token);
    expect(step.json).toMatchObject({
      consent_required: true,
      new_scopes: ['openid', 'email', 'profile', 'roles', 'offline_access'],
    });
    // Continuing without allowing is refused: the application was never allowed.
    expect((await answer(first.uid, token)).status).toBe(409);
    const allowed = await answer(first.uid, token, 'allow');
    expect(allowed.status).toBe(200);
    const callback = await backToApplication(browser, allowed.json.redirect_to);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const second = await arrive(new TestBrowser());
    const again = await describeStep(second.uid, token);
    expect(again.json).toMatchObject({ consent_required: false, new_scopes: [] });
    expect((await answer(second.uid, token)).status).toBe(200);
    const given = await eventsAfter(seq, 'oidc.consent.given');
    expect(given).toHaveLength(1);
    expect(given[0]!.userId).toBe(userId);
  });

  it('is asked again for just a scope not allowed before', async () => {
    const token = await passwordSession(t, PERSON);
    const first = await arrive(new TestBrowser(), 'openid email');
    expect((await describeStep(first.uid, token)).json.new_scopes).toEqual(['openid', 'email']);
    expect((await answer(first.uid, token, 'allow')).status).toBe(200);
    const more = await arrive(new TestBrowser(), 'openid email roles');
    const step = await describeStep(more.uid, token);
    expect(step.json).toMatchObject({ consent_required: true, new_scopes: ['roles'] });
  });

  it('declined, sends the application access_denied, audited, and keeps nothing', async () => {
    const token = await passwordSession(t, PERSON);
    const seq = await lastSeq();
    const browser = new TestBrowser();
    const { checks, uid } = await arrive(browser);
    const declined = await answer(uid, token, 'decline');
    expect(declined.status).toBe(200);
    const callback = await backToApplication(browser, declined.json.redirect_to);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(checks.expectedState);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(await eventsAfter(seq, 'oidc.authorization.declined')).toEqual([
      expect.objectContaining({ userId }),
    ]);
    // Once: not again as a refusal when the provider passes the answer on.
    await closeRefusalWindows(t);
    expect(await eventsAfter(seq, 'oidc.authorization.refused')).toEqual([]);
    expect(await t.db.select().from(oidcConsents)).toEqual([]);
  });

  it('is not asked for a first-party application a super_admin pre-approved', async () => {
    await register({ firstParty: true, backchannelLogoutUri: logoutUri });
    const token = await passwordSession(t, PERSON);
    const browser = new TestBrowser();
    const { uid } = await arrive(browser);
    expect((await describeStep(uid, token)).json).toMatchObject({
      consent_required: false,
      new_scopes: [],
    });
    const done = await answer(uid, token);
    expect(done.status).toBe(200);
    const callback = await backToApplication(browser, done.json.redirect_to);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });
});

const jwks = () => createRemoteJWKSet(new URL(`${server.issuer}/jwks`));

/** The logout token the application received, checked as an application checks it. */
async function verifiedLogoutToken() {
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const token = new URLSearchParams(received[0]).get('logout_token')!;
  const { payload } = await jwtVerify(token, jwks(), {
    issuer: server.issuer,
    audience: rp.config.clientMetadata().client_id,
    typ: 'logout+jwt',
  });
  expect(decodeProtectedHeader(token).alg).toBe('RS256');
  return { token, payload };
}

describe('back-channel logout', () => {
  it('when the console session ends: the application is told, its tokens stop working', async () => {
    const token = await passwordSession(t, PERSON);
    const tokens = await signIn(token);
    const seq = await lastSeq();
    const out = await t.call('POST', '/api/auth/sign-out', { token });
    expect(out.status).toBe(204);

    const { token: logoutToken, payload } = await verifiedLogoutToken();
    expect(payload.sub).toBe(userId);
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    expect(typeof payload.sid).toBe('string');
    expect(payload.nonce).toBeUndefined();
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
    await expect(client.fetchUserInfo(rp.config, tokens.access_token, userId)).rejects.toThrow();

    expect(await eventsAfter(seq, 'oidc.sessions.ended')).toEqual([
      expect.objectContaining({
        userId,
        details: expect.objectContaining({ reason: 'signed_out' }),
      }),
    ]);
    await expect
      .poll(async () => (await eventsAfter(seq, 'oidc.backchannel_logout.delivered')).length)
      .toBe(1);
    const written = JSON.stringify(await t.db.select().from(auditEvents));
    expect(written).not.toContain(logoutToken);
    expect(written).not.toContain(tokens.refresh_token!);
  });

  it('ends only what the ended console session signed in to', async () => {
    const kept = await passwordSession(t, PERSON);
    const ended = await passwordSession(t, PERSON);
    const keptTokens = await signIn(kept);
    const endedTokens = await signIn(ended);
    expect((await t.call('POST', '/api/auth/sign-out', { token: ended })).status).toBe(204);
    await expect(client.refreshTokenGrant(rp.config, endedTokens.refresh_token!)).rejects.toThrow();
    await expect(
      client.refreshTokenGrant(rp.config, keptTokens.refresh_token!),
    ).resolves.toBeTruthy();
  });

  it('when the person is deactivated: told, tokens refused, consent forgotten', async () => {
    const token = await passwordSession(t, PERSON);
    // A sign-in allowed at the step whose browser never came back: the application holds no
    // session from it, so it is sent no logout token (one without a sid would end them all).
    const unfinished = await arrive(new TestBrowser());
    expect((await answer(unfinished.uid, token, 'allow')).status).toBe(200);
    const tokens = await signIn(token);
    expect(await t.db.select().from(oidcConsents)).toHaveLength(1);
    const admin = await passwordSession(t, ADMIN);
    const seq = await lastSeq();
    try {
      const res = await t.call('PATCH', `/api/admin/users/${userId}`, {
        token: admin,
        body: { is_active: false },
      });
      expect(res.status).toBe(200);
      expect(await eventsAfter(seq, 'oidc.sessions.ended')).toEqual([
        expect.objectContaining({
          details: expect.objectContaining({ reason: 'account_deactivated', app_sessions: 1 }),
        }),
      ]);
      await expect
        .poll(async () => (await eventsAfter(seq, 'oidc.backchannel_logout.delivered')).length)
        .toBe(1);
      expect(received).toHaveLength(1);
      const { payload } = await verifiedLogoutToken();
      expect(payload.sub).toBe(userId);
      expect(typeof payload.sid).toBe('string');
      await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
      expect(await t.db.select().from(oidcConsents)).toEqual([]);
    } finally {
      await t.db.update(platformUsers).set({ isActive: true }).where(eq(platformUsers.id, userId));
    }
    // Active again, the refresh token given before stays refused: the grant is gone.
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
  });

  it('an application that does not answer holds up nothing, and the failure is audited', async () => {
    receiverStatus = 500;
    const token = await passwordSession(t, PERSON);
    const tokens = await signIn(token);
    const seq = await lastSeq();
    expect((await t.call('POST', '/api/auth/sign-out', { token })).status).toBe(204);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
    await expect
      .poll(async () => eventsAfter(seq, 'oidc.backchannel_logout.failed'))
      .toEqual([
        expect.objectContaining({
          details: expect.objectContaining({ error: expect.stringContaining('500') }),
        }),
      ]);
    const failed = JSON.stringify(await eventsAfter(seq, 'oidc.backchannel_logout.failed'));
    expect(failed).not.toContain(new URLSearchParams(received[0]).get('logout_token')!);
  });
});

describe('connected applications', () => {
  /** A second application the person also signs in to, registered without a logout URI. */
  async function otherApplication() {
    const { appId: id, rp: party } = await registeredApplication(
      t,
      server.issuer,
      { appName: 'SortStak', appUrl: 'https://sortstak.example' },
      REDIRECT_URI,
    );
    return { id, party };
  }

  it('lists what the person allowed, and only theirs', async () => {
    const token = await passwordSession(t, PERSON);
    expect((await t.call('GET', '/api/oidc/consents', { token })).json).toEqual({
      applications: [],
    });
    await signIn(token);
    const admin = await passwordSession(t, ADMIN);
    expect((await t.call('GET', '/api/oidc/consents', { token: admin })).json).toEqual({
      applications: [],
    });
    const listed = await t.call('GET', '/api/oidc/consents', { token });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({
      applications: [
        {
          app_id: appId,
          app_name: 'HireHub',
          app_url: 'https://hirehub.example',
          scopes: ['openid', 'email', 'profile', 'roles', 'offline_access'],
          allowed_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
    });
  });

  it('removed, is asked again and signs the person out of that application only', async () => {
    const other = await otherApplication();
    const token = await passwordSession(t, PERSON);
    const elsewhere = await passwordSession(t, PERSON);
    const here = await signIn(token);
    const there = await signIn(elsewhere);
    const kept = await signIn(token, new TestBrowser(), other.party);
    const seq = await lastSeq();

    const removed = await t.call('DELETE', `/api/oidc/consents/${appId}`, { token });
    expect(removed.status).toBe(204);
    // Both console sessions' sign-ins to it end; the other application's stays.
    await expect(client.refreshTokenGrant(rp.config, here.refresh_token!)).rejects.toThrow();
    await expect(client.refreshTokenGrant(rp.config, there.refresh_token!)).rejects.toThrow();
    await expect(
      client.refreshTokenGrant(other.party.config, kept.refresh_token!),
    ).resolves.toBeTruthy();
    const listed = await t.call('GET', '/api/oidc/consents', { token });
    expect(listed.json.applications.map((a: { app_id: string }) => a.app_id)).toEqual([other.id]);
    const { uid } = await arrive(new TestBrowser());
    expect((await describeStep(uid, token)).json).toMatchObject({ consent_required: true });

    expect(await eventsAfter(seq, 'oidc.consent.withdrawn')).toEqual([
      expect.objectContaining({
        userId,
        details: expect.objectContaining({ app_id: appId, app_name: 'HireHub' }),
      }),
    ]);
    expect(await eventsAfter(seq, 'oidc.sessions.ended')).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ reason: 'access_withdrawn', app_sessions: 2 }),
      }),
    ]);
    await expect.poll(() => received.length).toBe(2);
    const sids = received.map(
      (body) => decodeJwt(new URLSearchParams(body).get('logout_token')!).sid,
    );
    expect(new Set(sids).size).toBe(2);
  });

  it('answers 404 for an application never allowed, or already removed, and changes nothing', async () => {
    const token = await passwordSession(t, PERSON);
    await signIn(token);
    const other = await otherApplication();
    const seq = await lastSeq();
    expect((await t.call('DELETE', `/api/oidc/consents/${other.id}`, { token })).status).toBe(404);
    const admin = await passwordSession(t, ADMIN);
    // Another person's consent is not theirs to remove.
    expect((await t.call('DELETE', `/api/oidc/consents/${appId}`, { token: admin })).status).toBe(
      404,
    );
    expect(await t.db.select().from(oidcConsents)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/oidc/consents/${appId}`, { token })).status).toBe(204);
    expect((await t.call('DELETE', `/api/oidc/consents/${appId}`, { token })).status).toBe(404);
    expect(await eventsAfter(seq, 'oidc.consent.withdrawn')).toHaveLength(1);
    expect((await t.call('DELETE', '/api/oidc/consents/not-an-id', { token })).status).toBe(400);
  });
});

describe("removing an application's sign-in", () => {
  it('signs everyone out of it, tells it, forgets consents, and its client stops working', async () => {
    const person = await passwordSession(t, PERSON);
    const admin = await passwordSession(t, ADMIN);
    const personTokens = await signIn(person);
    const adminTokens = await signIn(admin);
    const seq = await lastSeq();

    expect(await removeOidcClient(t.deps, appId, SYSTEM)).toEqual({
      clientId: appId,
      peopleSignedOut: 2,
      consentsForgotten: 2,
    });
    await expect(
      client.refreshTokenGrant(rp.config, personTokens.refresh_token!),
    ).rejects.toThrow();
    await expect(client.refreshTokenGrant(rp.config, adminTokens.refresh_token!)).rejects.toThrow();
    // Told while it was still registered: one logout token for each person's session.
    await expect.poll(() => received.length).toBe(2);
    const subjects = received.map(
      (body) => decodeJwt(new URLSearchParams(body).get('logout_token')!).sub,
    );
    expect(subjects.sort()).toEqual([userId, await userIdOf(t, ADMIN)].sort());
    expect(await t.db.select().from(oidcConsents)).toEqual([]);
    // The provider no longer knows the client: a new sign-in is refused on arrival.
    const refused = await new TestBrowser().get((await authorizationRequest(rp)).url);
    expect(refused.status).toBe(400);
    expect(await eventsAfter(seq, 'admin.oidc_client.removed')).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ app_id: appId, people_signed_out: 2 }),
      }),
    ]);
  });

  it('answers 404 for an application that does not sign people in, and changes nothing', async () => {
    const [other] = await t.db
      .insert(applications)
      .values({ appName: 'Role Builder', appUrl: 'https://rb.example', appType: 'ats' })
      .returning();
    const seq = await lastSeq();
    await expect(removeOidcClient(t.deps, other!.id, SYSTEM)).rejects.toMatchObject({
      status: 404,
      message: 'Role Builder does not sign people in yet.',
    });
    expect(await eventsAfter(seq, 'admin.oidc_client.removed')).toEqual([]);
  });
});
