import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applications, auditEvents, oidcPayloads, platformUsers } from '../db/schema';
import { createApp } from '../start/app';
import { createTestContext, type TestContext } from '../testing/harness';
import {
  authorizationRequest,
  discoverProvider,
  listenForTests,
  registeredApplication,
  TestBrowser,
  type AuthorizationChecks,
  type RelyingParty,
} from '../testing/oidc-relying-party';
import * as example from '../testing/oidc-example-application';
import { passwordSession } from '../testing/principals';
import { deleteExpiredOidcPayloads } from './adapter';
import { configureOidcClient } from './clients';
import { newSigningKey, rotatedKeys, type SigningJwk } from './signing-keys';

const PERSON = 'noah.williams@sortstak.example';
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const LOGOUT_URI = 'http://127.0.0.1:9/signed-out';
const firstKey = newSigningKey();

let server: Awaited<ReturnType<typeof listenForTests>>;
let t: TestContext;
let rp: RelyingParty;
let session: string;
let userId: string;
let appId: string;
let clientSecret: string;

beforeAll(async () => {
  server = await listenForTests();
  t = await createTestContext({
    seed: false,
    people: [PERSON],
    config: {
      demoMode: false,
      publicUrl: server.origin,
      oidcSigningKeys: JSON.stringify({ keys: [firstKey] }),
    },
  });
  server.serve(t.app);
  const [app] = await t.db
    .insert(applications)
    .values({ appName: 'HireHub', appUrl: 'https://hirehub.example', appType: 'ats' })
    .returning();
  appId = app!.id;
  const registered = await configureOidcClient(
    t.deps,
    appId,
    { redirectUris: [REDIRECT_URI], postLogoutRedirectUris: [LOGOUT_URI], publicClient: false },
    { userId: null, sessionId: null, ipAddress: null, userAgent: null },
  );
  clientSecret = registered.clientSecret!;
  rp = await discoverProvider(server.issuer, registered.clientId, clientSecret, REDIRECT_URI);
  session = await passwordSession(t, PERSON);
  const [user] = await t.db.select().from(platformUsers).where(eq(platformUsers.email, PERSON));
  userId = user!.id;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** The browser's round trip: the provider, the console's sign-on step, back with a code. */
async function browserSignIn(
  checks: Pick<AuthorizationChecks, 'url'>,
  browser = new TestBrowser(),
) {
  const toStep = await browser.get(checks.url);
  expect(toStep.status).toBe(303);
  const step = new URL(toStep.headers.get('location')!, server.origin);
  expect(step.pathname).toBe('/auth-redirect');
  const uid = step.searchParams.get('interaction')!;
  const done = await t.call('POST', `/api/oidc/interactions/${uid}`, {
    token: session,
    body: { decision: 'allow' },
  });
  expect(done.status).toBe(200);
  const back = await browser.get(done.json.redirect_to);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

async function signIn() {
  const checks = await authorizationRequest(rp);
  const callback = await browserSignIn(checks);
  const tokens = await client.authorizationCodeGrant(rp.config, callback, checks);
  return { checks, callback, tokens };
}

const jwks = () => createRemoteJWKSet(new URL(`${server.issuer}/jwks`));

/** at_hash: the left half of the access token's SHA-256, base64url (OpenID Connect Core 3.1.3.6). */
const atHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

const lastSeq = async () =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(max(${auditEvents.seq}), 0)::int` })
      .from(auditEvents)
  )[0]!.n;
const eventsAfter = (seq: number) =>
  t.db
    .select({
      type: auditEvents.eventType,
      severity: auditEvents.severity,
      userId: auditEvents.userId,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(and(gt(auditEvents.seq, seq), sql`${auditEvents.eventType} like 'oidc.%'`))
    .orderBy(auditEvents.seq);

const tokenRequest = (body: Record<string, string>, auth = true) =>
  fetch(rp.config.serverMetadata().token_endpoint!, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth ? { authorization: `Basic ${basicAuth}` } : {}),
    },
    body: new URLSearchParams(body),
  });
let basicAuth = '';

describe('discovery', () => {
  it('is answered once: nothing is written after the provider has answered', async () => {
    // The provider writes on Node's own response; the adapter writing again failed with
    // ERR_HTTP_HEADERS_SENT on every request, logged, and could leave the connection broken.
    const logged = vi.spyOn(console, 'error');
    try {
      const res = await fetch(`${server.issuer}/.well-known/openid-configuration`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged.mock.calls.flat().map(String).join('\n')).not.toMatch(
        /headers after they are sent/,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('publishes the endpoints, the code flow with S256 only, RS256 and the roles claim', async () => {
    const res = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.issuer).toBe(server.issuer);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'userinfo_endpoint',
      'end_session_endpoint',
      'revocation_endpoint',
    ]) {
      expect(doc[endpoint], endpoint).toMatch(new RegExp(`^${server.issuer}/`));
    }
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(doc.subject_types_supported).toContain('public');
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'roles', 'offline_access']),
    );
    expect(doc.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'name', 'roles']));
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
  });

  it('publishes public keys only', async () => {
    const { keys } = await (await fetch(`${server.issuer}/jwks`)).json();
    expect(keys.map((k: SigningJwk) => k.kid)).toEqual([firstKey.kid]);
    for (const key of keys) expect(Object.keys(key)).not.toContain('d');
  });
});

describe('sign-in with authorization code and PKCE', () => {
  it('gives an ID token that verifies against the JWKS, with iss, aud, exp, nonce, at_hash and the claims', async () => {
    const seq = await lastSeq();
    const { checks, tokens } = await signIn();
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, jwks(), {
      issuer: server.issuer,
      audience: rp.config.clientMetadata().client_id,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: firstKey.kid });
    expect(payload.nonce).toBe(checks.expectedNonce);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.at_hash).toBe(atHash(tokens.access_token));
    expect(payload).toMatchObject({
      sub: userId,
      email: PERSON,
      name: 'Noah Williams',
      roles: ['user'],
    });
    expect(tokens.refresh_token).toBeTruthy();

    const events = await eventsAfter(seq);
    expect(events.map((e) => e.type)).toEqual([
      'oidc.consent.given',
      'oidc.authorization.granted',
      'oidc.token.issued',
    ]);
    expect(events.every((e) => e.userId === userId)).toBe(true);
    const written = JSON.stringify(events);
    for (const secret of [tokens.access_token, tokens.id_token!, tokens.refresh_token!]) {
      expect(written).not.toContain(secret);
    }
  });

  it('sends a browser the provider already knows through the console’s step again', async () => {
    const browser = new TestBrowser();
    await browserSignIn(await authorizationRequest(rp, 'openid email'), browser);
    // Without prompt=consent: the provider's session and grant alone would answer with a code.
    const { url } = await authorizationRequest(rp, 'openid email');
    url.searchParams.delete('prompt');
    const again = await browser.get(url);
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!, server.origin).pathname).toBe('/auth-redirect');
  });

  it('answers userinfo for the access token', async () => {
    const { tokens } = await signIn();
    const info = await client.fetchUserInfo(rp.config, tokens.access_token, userId);
    expect(info).toMatchObject({
      sub: userId,
      email: PERSON,
      name: 'Noah Williams',
      roles: ['user'],
    });
  });

  it('refreshes with a new refresh token each time, audited', async () => {
    const { tokens } = await signIn();
    const seq = await lastSeq();
    const next = await client.refreshTokenGrant(rp.config, tokens.refresh_token!);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await eventsAfter(seq)).map((e) => e.type)).toEqual(['oidc.token.refreshed']);
  });

  it.each(['https://hirehub.example/oidc/login', 'http://127.0.0.1:9/login'])(
    'signs in a client whose login start URI is %s',
    async (start) => {
      const register = (initiateLoginUri: string | null) =>
        configureOidcClient(
          t.deps,
          appId,
          {
            redirectUris: [REDIRECT_URI],
            postLogoutRedirectUris: [LOGOUT_URI],
            publicClient: false,
            initiateLoginUri,
          },
          { userId: null, sessionId: null, ipAddress: null, userAgent: null },
        );
      await register(start);
      try {
        const { tokens } = await signIn();
        expect(tokens.claims()!.aud).toBe(appId);
      } finally {
        await register(null);
      }
    },
  );
});

describe('refusals', () => {
  beforeAll(async () => {
    // The raw token requests below authenticate as the client does, with a secret of their own.
    const again = await configureOidcClient(
      t.deps,
      appId,
      {
        redirectUris: [REDIRECT_URI],
        postLogoutRedirectUris: [LOGOUT_URI],
        publicClient: false,
        newSecret: true,
      },
      { userId: null, sessionId: null, ipAddress: null, userAgent: null },
    );
    clientSecret = again.clientSecret!;
    basicAuth = Buffer.from(`${again.clientId}:${clientSecret}`).toString('base64');
    rp = await discoverProvider(server.issuer, again.clientId, again.clientSecret, REDIRECT_URI);
  });

  it('refuses a reused authorization code and revokes what the first use gave', async () => {
    const checks = await authorizationRequest(rp);
    const callback = await browserSignIn(checks);
    const tokens = await client.authorizationCodeGrant(rp.config, callback, checks);
    const seq = await lastSeq();
    const replay = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: checks.pkceCodeVerifier,
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    await expect(client.fetchUserInfo(rp.config, tokens.access_token, userId)).rejects.toThrow();
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
    const events = await eventsAfter(seq);
    expect(events[0]).toMatchObject({ type: 'oidc.code.reused', severity: 'high' });
  });

  it('refuses a redirect URI that is not registered, without going there', async () => {
    const checks = await authorizationRequest(rp);
    checks.url.searchParams.set('redirect_uri', 'http://127.0.0.1:9/callback/other');
    const seq = await lastSeq();
    const res = await new TestBrowser().get(checks.url);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri');
    expect(await eventsAfter(seq)).toEqual([
      expect.objectContaining({ type: 'oidc.authorization.refused', severity: 'medium' }),
    ]);
  });

  it('refuses an authorization request without a PKCE challenge', async () => {
    const checks = await authorizationRequest(rp);
    checks.url.searchParams.delete('code_challenge');
    checks.url.searchParams.delete('code_challenge_method');
    const res = await new TestBrowser().get(checks.url);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a code traded without its PKCE verifier, or with another one', async () => {
    const checks = await authorizationRequest(rp);
    const callback = await browserSignIn(checks);
    const code = callback.searchParams.get('code')!;
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };
    const missing = await tokenRequest(base);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('invalid_grant');
  });

  it('refuses a code traded by a caller without the client secret', async () => {
    const checks = await authorizationRequest(rp);
    const callback = await browserSignIn(checks);
    const res = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        code_verifier: checks.pkceCodeVerifier,
        client_id: rp.config.clientMetadata().client_id,
        client_secret: 'not-the-secret',
      },
      false,
    );
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('invalid_client');
  });

  it('refuses a replayed refresh token and ends the whole grant', async () => {
    const { tokens } = await signIn();
    const next = await client.refreshTokenGrant(rp.config, tokens.refresh_token!);
    const seq = await lastSeq();
    const replay = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    // The rightful holder's newer token goes with the grant: whoever replayed cannot race it.
    await expect(client.refreshTokenGrant(rp.config, next.refresh_token!)).rejects.toThrow();
    await expect(client.fetchUserInfo(rp.config, next.access_token, userId)).rejects.toThrow();
    const events = await eventsAfter(seq);
    expect(events[0]).toMatchObject({ type: 'oidc.refresh_token.reused', userId });
  });

  it('refuses an ID token past its exp, in openid-client and against the JWKS', async () => {
    // A relying party whose clock reads just past the ID token's hour (and the library's 30 s
    // of tolerance) trades a good code and must refuse the ID token it gets.
    const late = await client.discovery(
      new URL(server.issuer),
      rp.config.clientMetadata().client_id,
      { [client.clockSkew]: 3600 + 31 },
      client.ClientSecretBasic(clientSecret),
      { execute: [client.allowInsecureRequests] },
    );
    const checks = await authorizationRequest(rp);
    const callback = await browserSignIn(checks);
    await expect(client.authorizationCodeGrant(late, callback, checks)).rejects.toMatchObject({
      code: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
      cause: { cause: { claim: 'exp' } },
    });

    // The same token, checked with jose against the published keys one second after exp.
    const { tokens } = await signIn();
    const exp = tokens.claims()!.exp;
    const verify = (seconds: number) =>
      jwtVerify(tokens.id_token!, jwks(), {
        issuer: server.issuer,
        audience: rp.config.clientMetadata().client_id,
        currentDate: new Date(seconds * 1000),
      });
    await expect(verify(exp - 1)).resolves.toBeTruthy();
    await expect(verify(exp + 1)).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('refuses an unknown client on arrival', async () => {
    const checks = await authorizationRequest(rp);
    checks.url.searchParams.set('client_id', 'made-up-client');
    const res = await new TestBrowser().get(checks.url);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('refuses to refresh for an account deactivated since', async () => {
    const { tokens } = await signIn();
    await t.db.update(platformUsers).set({ isActive: false }).where(eq(platformUsers.id, userId));
    try {
      await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
    } finally {
      await t.db.update(platformUsers).set({ isActive: true }).where(eq(platformUsers.id, userId));
    }
  });
});

describe('revocation and logout', () => {
  it('lets no other client revoke a client’s token', async () => {
    const { rp: otherRp } = await registeredApplication(
      t,
      server.issuer,
      { appName: 'SortStak', appUrl: 'https://sortstak.example' },
      'https://sortstak.example/callback',
    );
    const { tokens } = await signIn();
    await client.tokenRevocation(otherRp.config, tokens.refresh_token!).catch(() => {});
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).resolves.toBeTruthy();
  });

  it('revokes a refresh token, audited', async () => {
    const { tokens } = await signIn();
    const seq = await lastSeq();
    await client.tokenRevocation(rp.config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toThrow();
    expect((await eventsAfter(seq)).map((e) => e.type)).toContain('oidc.token.revoked');
  });

  it('signs out at the application’s request and sends the person back to its registered page', async () => {
    const checks = await authorizationRequest(rp);
    const browser = new TestBrowser();
    const callback = await browserSignIn(checks, browser);
    const tokens = await client.authorizationCodeGrant(rp.config, callback, checks);
    const seq = await lastSeq();
    const ask = await browser.get(
      client.buildEndSessionUrl(rp.config, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: LOGOUT_URI,
      }),
    );
    expect(ask.status).toBe(200);
    const form = await ask.text();
    const action = /action="([^"]+)"/.exec(form)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)![1]!;
    const confirm = await fetch(new URL(action, server.origin), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: browser.cookieHeader(),
      },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(LOGOUT_URI);
    expect(await eventsAfter(seq)).toEqual([
      expect.objectContaining({ type: 'oidc.signout', userId }),
    ]);
  });
});

describe('signing key rotation', () => {
  it('signs with the new key and still verifies a token the previous key signed', async () => {
    const { tokens: before } = await signIn();
    const keys = rotatedKeys([firstKey]);
    const deps = { ...t.deps, config: { ...t.config, oidcSigningKeys: JSON.stringify({ keys }) } };
    server.serve(createApp(deps));
    try {
      const published = (await (await fetch(`${server.issuer}/jwks`)).json()).keys;
      expect(published.map((k: SigningJwk) => k.kid)).toEqual([keys[0]!.kid, firstKey.kid]);
      const { tokens: after } = await signIn();
      expect(decodeProtectedHeader(after.id_token!).kid).toBe(keys[0]!.kid);
      const options = { issuer: server.issuer, audience: rp.config.clientMetadata().client_id };
      await expect(jwtVerify(before.id_token!, jwks(), options)).resolves.toBeTruthy();
      await expect(jwtVerify(after.id_token!, jwks(), options)).resolves.toBeTruthy();
      // A refresh token issued before the rotation still refreshes.
      await expect(
        client.refreshTokenGrant(rp.config, before.refresh_token!),
      ).resolves.toBeTruthy();
    } finally {
      server.serve(t.app);
    }
  });
});

describe('the documented example application', () => {
  it('signs in with openid-client as docs/operations.md shows it', async () => {
    const file = path.resolve(import.meta.dirname, '../testing/oidc-example-application.ts');
    const source = readFileSync(file, 'utf8');
    const docs = readFileSync(
      path.resolve(import.meta.dirname, '../../../docs/operations.md'),
      'utf8',
    );
    expect(docs).toContain(source.trim());

    const config = await example.discover(server.issuer, appId, clientSecret, true);
    const { url, ...kept } = await example.startSignIn(config, REDIRECT_URI);
    const callback = await browserSignIn({ url });
    const claims = await example.finishSignIn(config, callback, kept);
    expect(claims).toMatchObject({ sub: userId, email: PERSON, roles: ['user'] });
  });
});

describe('storage', () => {
  it('keeps the provider’s state in the shared database, never the signing keys', async () => {
    const rows = await t.db.select({ model: oidcPayloads.model }).from(oidcPayloads);
    expect(rows.map((r) => r.model)).toEqual(expect.arrayContaining(['Grant', 'Session']));
    const dump = JSON.stringify(await t.db.select().from(oidcPayloads));
    expect(dump).not.toContain(firstKey.d);
  });

  it('removes rows an hour past their expiry, and only those', async () => {
    const now = new Date();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await t.db.insert(oidcPayloads).values([
      { model: 'AccessToken', id: 'long-gone', payload: {}, expiresAt: at(-61) },
      { model: 'AccessToken', id: 'just-expired', payload: {}, expiresAt: at(-59) },
    ]);
    expect(await deleteExpiredOidcPayloads(t.db, now)).toBe(1);
    const left = await t.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, 'AccessToken'));
    expect(left.map((r) => r.id)).toContain('just-expired');
    expect(left.map((r) => r.id)).not.toContain('long-gone');
  });
});
