import { hkdfSync } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCookieKey } from '../auth/device-cookie';
import { decryptSecret } from '../security/sealed-secret';
import { createTestContext, type TestContext } from '../testing/harness';
import { listenForTests, TestBrowser } from '../testing/oidc-relying-party';
import { passwordSession } from '../testing/principals';

/**
 * The SSO Demo Receiver as an OpenID Connect client of this server's provider
 * (docs/product/sign-on.md#demo-receiver), over a socket as an application would reach it.
 */
const PERSON = 'noah.williams@sortstak.example';

let server: Awaited<ReturnType<typeof listenForTests>>;
let t: TestContext;
let session: string;

beforeAll(async () => {
  server = await listenForTests();
  t = await createTestContext({
    seed: false,
    people: [PERSON],
    config: { demoMode: false, publicUrl: server.origin },
  });
  server.serve(t.app);
  session = await passwordSession(t, PERSON);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const at = (path: string) => `${server.origin}${path}`;

/** A same-origin form post of the receiver's page, with the browser's cookies. */
async function post(browser: TestBrowser, path: string, origin = server.origin) {
  const res = await fetch(at(path), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: browser.cookieHeader(), origin },
  });
  // Keep what the answer set (the session's new tokens) by going through the browser's jar.
  for (const line of res.headers.getSetCookie()) browser.remember(line);
  return res;
}

/** From the receiver's start to its callback with a code, through the console's step. */
async function toCallback(browser: TestBrowser, start = '/sso/demo-login') {
  const started = await browser.get(at(start));
  expect(started.status).toBe(303);
  const authorize = new URL(started.headers.get('location')!);
  expect(authorize.pathname).toBe('/oidc/auth');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(at('/sso/demo-callback'));
  const toStep = await browser.get(authorize);
  expect(toStep.status).toBe(303);
  const uid = new URL(toStep.headers.get('location')!, server.origin).searchParams.get(
    'interaction',
  )!;
  const done = await t.call('POST', `/api/oidc/interactions/${uid}`, { token: session });
  expect(done.status).toBe(200);
  const back = await browser.get(done.json.redirect_to);
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

async function signedIn(browser = new TestBrowser()) {
  const callback = await toCallback(browser);
  const traded = await browser.get(callback);
  expect(traded.status).toBe(303);
  expect(traded.headers.get('location')).toBe('/sso/demo-callback');
  return browser;
}

const pageOf = async (browser: TestBrowser) => {
  const res = await browser.get(at('/sso/demo-callback'));
  return { status: res.status, text: await res.text() };
};
const refreshTokenPrint = (text: string) =>
  /data-testid="sso-refresh-token">\s*([0-9a-f]+|none)/.exec(text)?.[1];

describe('the SSO Demo Receiver signs in with OpenID Connect', () => {
  it('shows the verified ID token’s claims and userinfo’s answer', async () => {
    const browser = await signedIn();
    const { status, text } = await pageOf(browser);
    expect(status).toBe(200);
    expect(text).toContain('Welcome, Noah Williams');
    expect(text).toContain(PERSON);
    expect(text).toContain(`${server.origin}/oidc`);
    expect(text).toMatch(/data-testid="sso-userinfo">[\s\S]*noah\.williams@sortstak\.example/);
    expect(text).not.toContain('single sign-on simulated');
  });

  it('rotates the refresh token at every Refresh', async () => {
    const browser = await signedIn();
    const first = refreshTokenPrint((await pageOf(browser)).text);
    const res = await post(browser, '/sso/demo-refresh');
    expect(res.status).toBe(303);
    const after = await pageOf(browser);
    expect(after.text).toContain('1 time, last at');
    expect(refreshTokenPrint(after.text)).not.toBe(first);
  });

  it('signs out through the provider’s end_session endpoint, back to its own page', async () => {
    const browser = await signedIn();
    const res = await post(browser, '/sso/demo-logout');
    expect(res.status).toBe(303);
    const end = new URL(res.headers.get('location')!);
    expect(end.origin + end.pathname).toBe(at('/oidc/session/end'));
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(at('/sso/demo-signed-out'));
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    const { text } = await pageOf(browser);
    expect(text).toContain('Nobody is signed in here');
  });
});

describe('the console’s link to the receiver', () => {
  it('names its start, with this provider as iss (third-party initiated login)', async () => {
    const config = await t.call('GET', '/api/config');
    const { appId } = config.json.ssoDemo;
    const res = await t.call('GET', `/api/sso/applications?app_id=${appId}`, { token: session });
    expect(res.status).toBe(200);
    const loginUrl = new URL(res.json.application.login_url);
    expect(loginUrl.origin + loginUrl.pathname).toBe(at('/sso/demo-login'));
    expect(loginUrl.searchParams.get('iss')).toBe(at('/oidc'));
    // The start accepts what the console's step sends it.
    loginUrl.searchParams.set('target_link_uri', at('/sso/demo-callback'));
    const started = await new TestBrowser().get(loginUrl);
    expect(started.status).toBe(303);
    expect(new URL(started.headers.get('location')!).pathname).toBe('/oidc/auth');
  });
});

describe('the SSO Demo Receiver refuses', () => {
  it('a callback whose sign-in it did not start (no kept state, nonce and verifier)', async () => {
    const callback = await toCallback(new TestBrowser());
    const res = await new TestBrowser().get(callback);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in was not started here');
  });

  it('a callback whose state is not the one it kept', async () => {
    const browser = new TestBrowser();
    const callback = await toCallback(browser);
    callback.searchParams.set('state', 'another-state');
    const res = await browser.get(callback);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('did not pass the checks');
  });

  it('an ID token whose nonce is not the one it kept (a code injected from another request)', async () => {
    // The receiver's own start: its kept checks, read here as only the server can.
    const browser = new TestBrowser();
    const started = await browser.get(at('/sso/demo-login'));
    const sealed = decodeURIComponent(/sso_demo_login=([^;]+)/.exec(browser.cookieHeader())![1]!);
    const key = Buffer.from(
      hkdfSync('sha256', deviceCookieKey(t.deps.config), '', 'sso-demo-receiver-cookies-v1', 32),
    );
    const kept = JSON.parse(decryptSecret(key, 'sso_demo_login', sealed)) as { nonce: string };
    // The same request with another nonce: state and PKCE verifier match, only the nonce differs.
    const forged = new URL(started.headers.get('location')!);
    forged.searchParams.set('nonce', client.randomNonce());
    expect(forged.searchParams.get('nonce')).not.toBe(kept.nonce);
    const toStep = await browser.get(forged);
    const uid = new URL(toStep.headers.get('location')!, server.origin).searchParams.get(
      'interaction',
    )!;
    const done = await t.call('POST', `/api/oidc/interactions/${uid}`, { token: session });
    const back = await browser.get(done.json.redirect_to);
    const res = await browser.get(new URL(back.headers.get('location')!));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('did not pass the checks');
  });

  it('a start that names another provider', async () => {
    const res = await new TestBrowser().get(at('/sso/demo-login?iss=https://evil.example/oidc'));
    expect(res.status).toBe(400);
  });

  it('a Refresh or Sign out posted from another site', async () => {
    const browser = await signedIn();
    expect((await post(browser, '/sso/demo-refresh', 'https://evil.example')).status).toBe(403);
    expect((await post(browser, '/sso/demo-logout', 'https://evil.example')).status).toBe(403);
  });
});
