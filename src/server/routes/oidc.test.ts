import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../db/schema';
import { clientMetadataOf } from '../oidc/clients';
import { sha256Hex } from '../security/tokens';
import { auditRows, writableState } from '../testing/admin-helpers';
import { createTestContext, type TestContext } from '../testing/harness';
import { passwordSession } from '../testing/principals';

let t: TestContext;
let appId: string;
const CALLBACK = 'https://hirehub.example/oidc/callback';

beforeAll(async () => {
  t = await createTestContext();
  const [app] = await t.db
    .insert(applications)
    .values({ appName: 'Role Checker', appUrl: 'https://roles.example', appType: 'tool' })
    .returning();
  appId = app!.id;
});
afterAll(() => t.close());

const configure = (body: unknown, token: string | null = t.demoToken()) =>
  t.call('PUT', `/api/admin/apps/${appId}/oidc-client`, { token, body });

describe('PUT /api/admin/apps/{id}/oidc-client', () => {
  it('registers a confidential client: the secret is shown once and kept as its hash', async () => {
    const res = await configure({ redirect_uris: [CALLBACK], public_client: false });
    expect(res.status).toBe(200);
    const secret: string = res.json.client_secret;
    expect(res.json.client_id).toBe(appId);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(row!.oidcClientSecretHash).toBe(sha256Hex(secret));
    expect(row!.oidcRedirectUris).toEqual([CALLBACK]);
    expect(row!.oidcScopes).toEqual(['openid', 'email', 'profile', 'roles', 'offline_access']);

    const [event] = await auditRows(t, 'admin.oidc_client.changed');
    expect(event).toMatchObject({ severity: 'high' });
    expect(JSON.stringify(event)).not.toContain(secret);
    expect(JSON.stringify(event)).not.toContain(sha256Hex(secret));

    const again = await configure({ redirect_uris: [CALLBACK], public_client: false });
    expect(again.json.client_secret).toBeNull();
    const [same] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(same!.oidcClientSecretHash).toBe(sha256Hex(secret));
  });

  it('lists the registration with the applications, never the secret', async () => {
    const res = await t.call('GET', '/api/admin/apps', { token: t.demoToken() });
    const app = res.json.apps.find((a: { id: string }) => a.id === appId);
    expect(app.oidc_client).toEqual({
      client_id: appId,
      redirect_uris: [CALLBACK],
      post_logout_redirect_uris: [],
      scopes: ['openid', 'email', 'profile', 'roles', 'offline_access'],
      public_client: false,
      first_party: false,
      backchannel_logout_uri: null,
      initiate_login_uri: null,
    });
  });

  it('marks an application first-party and registers its back-channel logout URI, audited', async () => {
    const logout = 'https://hirehub.example/oidc/backchannel-logout';
    const res = await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      first_party: true,
      backchannel_logout_uri: logout,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(row).toMatchObject({ oidcFirstParty: true, oidcBackchannelLogoutUri: logout });
    const events = await auditRows(t, 'admin.oidc_client.changed');
    expect(events.at(-1)!.details).toMatchObject({
      first_party: true,
      first_party_changed: true,
      backchannel_logout_uri: logout,
    });
    // Left out, both stay; null removes the URI.
    await configure({ redirect_uris: [CALLBACK], public_client: false });
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(kept).toMatchObject({ oidcFirstParty: true, oidcBackchannelLogoutUri: logout });
    await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      first_party: false,
      backchannel_logout_uri: null,
    });
    const [cleared] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(cleared).toMatchObject({ oidcFirstParty: false, oidcBackchannelLogoutUri: null });
  });

  it.each([
    ['http off loopback', 'http://hirehub.example/logout'],
    ['a fragment', 'https://hirehub.example/logout#x'],
    ['a relative address', '/logout'],
  ])('refuses a back-channel logout URI with %s, changing nothing', async (_what, uri) => {
    const before = await writableState(t);
    const res = await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      backchannel_logout_uri: uri,
    });
    expect(res.status).toBe(400);
    expect(await writableState(t)).toBe(before);
  });

  it('registers a login start URI, audited; left out it stays, null removes it', async () => {
    const start = 'https://hirehub.example/oidc/login';
    const res = await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      initiate_login_uri: start,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(row!.oidcInitiateLoginUri).toBe(start);
    expect(clientMetadataOf(row!)).toMatchObject({ initiate_login_uri: start });
    const listed = await t.call('GET', '/api/admin/apps', { token: t.demoToken() });
    expect(listed.json.apps.find((a: { id: string }) => a.id === appId).oidc_client).toMatchObject({
      initiate_login_uri: start,
    });
    const events = await auditRows(t, 'admin.oidc_client.changed');
    expect(events.at(-1)!.details).toMatchObject({ initiate_login_uri: start });

    await configure({ redirect_uris: [CALLBACK], public_client: false });
    const [kept] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(kept!.oidcInitiateLoginUri).toBe(start);

    await configure({ redirect_uris: [CALLBACK], public_client: false, initiate_login_uri: null });
    const [cleared] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(cleared!.oidcInitiateLoginUri).toBeNull();
    expect(clientMetadataOf(cleared!)).not.toHaveProperty('initiate_login_uri');
    expect((await auditRows(t, 'admin.oidc_client.changed')).at(-1)!.details).toMatchObject({
      initiate_login_uri: null,
    });
  });

  it('keeps a loopback login start for the console, out of the metadata the provider checks', async () => {
    // oidc-provider accepts only an https initiate_login_uri; one over http would void the client.
    const start = 'http://127.0.0.1:8123/login';
    const res = await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      initiate_login_uri: start,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(row!.oidcInitiateLoginUri).toBe(start);
    expect(clientMetadataOf(row!)).not.toHaveProperty('initiate_login_uri');
    await configure({ redirect_uris: [CALLBACK], public_client: false, initiate_login_uri: null });
  });

  it.each([
    ['http off loopback', 'http://hirehub.example/login'],
    ['a fragment', 'https://hirehub.example/login#x'],
    ['user information', 'https://user@hirehub.example/login'],
    ['a relative address', '/login'],
    ['another scheme', 'javascript:alert(1)'],
  ])('refuses a login start URI with %s, changing nothing', async (_what, uri) => {
    const before = await writableState(t);
    const res = await configure({
      redirect_uris: [CALLBACK],
      public_client: false,
      initiate_login_uri: uri,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('login start URI');
    expect(await writableState(t)).toBe(before);
  });

  it('makes a public client without a secret', async () => {
    const res = await configure({
      redirect_uris: ['http://127.0.0.1:8123/callback'],
      scopes: ['email'],
      public_client: true,
    });
    expect(res.status).toBe(200);
    expect(res.json.client_secret).toBeNull();
    const [row] = await t.db.select().from(applications).where(eq(applications.id, appId));
    expect(row!.oidcClientSecretHash).toBeNull();
    expect(row!.oidcScopes).toEqual(['openid', 'email']);
  });

  it.each([
    ['http off loopback', 'http://hirehub.example/callback'],
    ['a fragment', 'https://hirehub.example/callback#x'],
    ['user information', 'https://user@hirehub.example/callback'],
    ['a relative address', '/callback'],
    ['a backslash', 'https://hirehub.example\\@evil.example/'],
  ])('refuses a redirect URI with %s, changing nothing', async (_what, uri) => {
    const before = await writableState(t);
    const res = await configure({ redirect_uris: [uri], public_client: false });
    expect(res.status).toBe(400);
    expect(await writableState(t)).toBe(before);
  });

  it('is refused to a platform administrator', async () => {
    const token = await passwordSession(t, 'liam.chen@hirehub.example');
    const res = await configure({ redirect_uris: [CALLBACK], public_client: false }, token);
    expect(res.status).toBe(403);
  });
});

describe('/api/oidc/interactions/{uid}', () => {
  it('answers 404 in demo mode, which has no provider', async () => {
    const res = await t.call('GET', '/api/oidc/interactions/abc', { token: t.demoToken() });
    expect(res.status).toBe(404);
  });

  it('answers 404 for a request that does not wait, in production mode', async () => {
    const prod = await createTestContext({
      seed: false,
      people: ['noah.williams@sortstak.example'],
      config: { demoMode: false },
    });
    try {
      const token = await passwordSession(prod, 'noah.williams@sortstak.example');
      for (const method of ['GET', 'POST']) {
        const res = await prod.call(method, '/api/oidc/interactions/abc', { token });
        expect(res.status).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });

  it('serves no provider through app.request() or in demo mode', async () => {
    const res = await t.call('GET', '/oidc/.well-known/openid-configuration');
    expect(res.status).toBe(404);
  });
});
