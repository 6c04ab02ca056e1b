import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import * as client from 'openid-client';
import { applications } from '../db/schema';
import { configureOidcClient } from '../oidc/clients';
import type { App } from '../start/app';
import type { TestContext } from './harness';

/**
 * The OpenID Provider answers on Node's own request and response, so its tests need a socket:
 * a server on a free loopback port whose app is set once the test context (which must know the
 * port for its PUBLIC_URL, the issuer's origin) exists.
 */
export async function listenForTests() {
  let app: App | null = null;
  const server = createAdaptorServer({
    fetch: (req: Request, env: unknown) =>
      app ? app.fetch(req, env as never) : new Response('not ready', { status: 503 }),
  }) as Server;
  // As the product's server does: with Node's 5 s default, a loaded machine let fetch send a
  // request on an idle socket the server was closing at that moment ("other side closed").
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    issuer: `${origin}/oidc`,
    serve(next: App) {
      app = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's part of the redirects: follows nothing by itself, keeps cookies by name. */
export class TestBrowser {
  private cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string | URL): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader() } });
    for (const line of res.headers.getSetCookie()) this.remember(line);
    return res;
  }

  /** Keeps (or forgets) what one Set-Cookie line says. */
  remember(line: string) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attributes.some(
      (a) =>
        (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()) ||
        /^\s*max-age=0$/i.test(a),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export type RelyingParty = {
  config: client.Configuration;
  redirectUri: string;
};

/** An application's side of discovery, as a real one does it (over http: the test's loopback). */
export async function discoverProvider(
  issuer: string,
  clientId: string,
  clientSecret: string | null,
  redirectUri: string,
): Promise<RelyingParty> {
  const config = await client.discovery(
    new URL(issuer),
    clientId,
    undefined,
    clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    { execute: [client.allowInsecureRequests] },
  );
  return { config, redirectUri };
}

/** The checks a relying party keeps between sending the browser off and its return. */
export type AuthorizationChecks = {
  url: URL;
  pkceCodeVerifier: string;
  expectedNonce: string;
  expectedState: string;
};

export async function authorizationRequest(
  rp: RelyingParty,
  scope = 'openid email profile roles offline_access',
  extra: Record<string, string> = {},
): Promise<AuthorizationChecks> {
  const pkceCodeVerifier = client.randomPKCECodeVerifier();
  const expectedNonce = client.randomNonce();
  const expectedState = client.randomState();
  const url = client.buildAuthorizationUrl(rp.config, {
    redirect_uri: rp.redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    nonce: expectedNonce,
    state: expectedState,
    // offline_access (a refresh token) is granted only on a request that asks for consent.
    prompt: 'consent',
    ...extra,
  });
  return { url, pkceCodeVerifier, expectedNonce, expectedState };
}

/**
 * A new application registered as a confidential client (by the system, as a migration would),
 * and a relying party that signs in to it with `redirectUri`.
 */
export async function registeredApplication(
  t: TestContext,
  issuer: string,
  app: { appName: string; appUrl: string },
  redirectUri: string,
): Promise<{ appId: string; rp: RelyingParty }> {
  const [row] = await t.db
    .insert(applications)
    .values({ ...app, appType: 'ats' })
    .returning({ id: applications.id });
  const registered = await configureOidcClient(
    t.deps,
    row!.id,
    { redirectUris: [redirectUri], publicClient: false },
    { userId: null, sessionId: null, ipAddress: null, userAgent: null },
  );
  const rp = await discoverProvider(
    issuer,
    registered.clientId,
    registered.clientSecret,
    redirectUri,
  );
  return { appId: row!.id, rp };
}
