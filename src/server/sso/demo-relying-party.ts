import { createHash, hkdfSync } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type * as OpenIdClient from 'openid-client';
import { deviceCookieKey } from '../auth/device-cookie';
import type { AppDeps, AppEnv } from '../core/context';
import type { Config } from '../core/config';
import { OIDC_PATH } from '../oidc/provider';
import { decryptSecret, encryptSecret } from '../security/sealed-secret';
import {
  DEMO_RECEIVER_PATH,
  DEMO_RECEIVER_SCOPES,
  DEMO_SIGNED_OUT_PATH,
  demoReceiver,
  demoReceiverClientSecret,
} from './demo-receiver';

/**
 * The SSO Demo Receiver's side of OpenID Connect (production mode): an ordinary application of
 * the provider, signing in with `openid-client` over the server's PUBLIC_URL as any other
 * application would (docs/product/sign-on.md#demo-receiver). What it keeps between requests is
 * in two HttpOnly, SameSite=Lax cookies sealed with AES-256-GCM under a key derived from the
 * server's device key: the checks of a sign-in under way, then the person's tokens.
 */
type Client = typeof OpenIdClient;

/** The checks a sign-in keeps between sending the browser off and its return (10 minutes). */
const LOGIN_COOKIE = 'sso_demo_login';
const LOGIN_TTL_SECONDS = 600;
/** The signed-in person's tokens and the ID token's verified claims. */
const SESSION_COOKIE = 'sso_demo_session';
const COOKIE_PATH = '/sso';

type LoginChecks = { state: string; nonce: string; verifier: string };

export type ReceiverSession = {
  /** The claims of the last ID token, verified by openid-client (signature, iss, aud, exp, nonce). */
  claims: Record<string, unknown>;
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  /** The kid of the key that signed the ID token. */
  kid: string | null;
  signedInAt: string;
  refreshes: number;
  refreshedAt: string | null;
};

const issuerOf = (config: Config) => `${config.publicUrl}${OIDC_PATH}`;

function sealingKey(config: Config): Buffer {
  return Buffer.from(
    hkdfSync('sha256', deviceCookieKey(config), '', 'sso-demo-receiver-cookies-v1', 32),
  );
}

function seal(c: Context<AppEnv>, name: string, value: unknown, maxAge: number) {
  const { config } = c.get('deps');
  setCookie(c, name, encryptSecret(sealingKey(config), name, JSON.stringify(value)), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge,
  });
}

function unseal<T>(c: Context<AppEnv>, name: string): T | null {
  const value = getCookie(c, name);
  if (!value) return null;
  try {
    return JSON.parse(decryptSecret(sealingKey(c.get('deps').config), name, value)) as T;
  } catch {
    return null;
  }
}

const forget = (c: Context<AppEnv>, name: string) =>
  deleteCookie(c, name, {
    path: COOKIE_PATH,
    secure: c.get('deps').config.publicUrl.startsWith('https:'),
  });

const configurations = new WeakMap<AppDeps, Promise<OpenIdClient.Configuration>>();

/** The receiver's client configuration, from the provider's discovery document (once). */
function receiverConfiguration(deps: AppDeps): Promise<OpenIdClient.Configuration> {
  let pending = configurations.get(deps);
  if (!pending) {
    pending = (async () => {
      const client: Client = await import('openid-client');
      const receiver = await demoReceiver(deps.db, deps.config);
      const insecure = deps.config.publicUrl.startsWith('http:');
      return client.discovery(
        new URL(issuerOf(deps.config)),
        receiver.appId,
        undefined,
        client.ClientSecretBasic(demoReceiverClientSecret(deps.config)),
        // Over http only when PUBLIC_URL is http (a loopback address: the provider allows no other).
        { execute: insecure ? [client.allowInsecureRequests] : [] },
      );
    })().catch((err: unknown) => {
      configurations.delete(deps);
      throw err;
    });
    configurations.set(deps, pending);
  }
  return pending;
}

/**
 * Third-party initiated login (OpenID Connect Core 4): the start sends the browser to the
 * provider with a fresh state, nonce and PKCE verifier kept in the sealed login cookie. An `iss`
 * other than this server's provider is refused; `login_hint` is passed on.
 */
export async function startSignIn(
  c: Context<AppEnv>,
  params: { iss?: string; loginHint?: string },
): Promise<string> {
  const deps = c.get('deps');
  if (params.iss !== undefined && params.iss !== issuerOf(deps.config)) {
    throw new ReceiverRefusal('This sign-in names a provider the receiver does not know.');
  }
  const client: Client = await import('openid-client');
  const config = await receiverConfiguration(deps);
  const checks: LoginChecks = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  seal(c, LOGIN_COOKIE, checks, LOGIN_TTL_SECONDS);
  return client.buildAuthorizationUrl(config, {
    redirect_uri: `${deps.config.publicUrl}${DEMO_RECEIVER_PATH}`,
    scope: DEMO_RECEIVER_SCOPES.join(' '),
    // The provider grants a refresh token (offline_access) only to a request asking for consent.
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
  }).href;
}

/** A refusal the receiver shows on its page, in words. */
export class ReceiverRefusal extends Error {
  override name = 'ReceiverRefusal';
}

const kidOf = (jwt: string): string | null => {
  try {
    const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString('utf8')) as {
      kid?: unknown;
    };
    return typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
};

/** What openid-client throws, as the person reads it; anything else is the server's fault. */
function refusalOf(err: unknown): ReceiverRefusal {
  if (err instanceof ReceiverRefusal) return err;
  const e = err as { name?: string; error?: string; error_description?: string; message?: string };
  if (e?.name === 'ResponseBodyError' || e?.name === 'AuthorizationResponseError') {
    return new ReceiverRefusal(
      `The provider refused: ${e.error_description ?? e.error ?? 'unknown error'}.`,
    );
  }
  if (e?.name === 'ClientError') {
    return new ReceiverRefusal(`The provider's answer did not pass the checks: ${e.message}.`);
  }
  throw err;
}

/**
 * The callback: the code is traded once with the kept PKCE verifier, and openid-client checks
 * the state and the ID token (signature against the JWKS, iss, aud, exp, nonce) before the
 * receiver believes a claim. The login cookie is spent whatever the outcome.
 */
export async function finishSignIn(c: Context<AppEnv>): Promise<void> {
  const deps = c.get('deps');
  const checks = unseal<LoginChecks>(c, LOGIN_COOKIE);
  forget(c, LOGIN_COOKIE);
  if (!checks) {
    throw new ReceiverRefusal(
      'This sign-in was not started here, or took more than 10 minutes. Sign in again.',
    );
  }
  const client: Client = await import('openid-client');
  try {
    const config = await receiverConfiguration(deps);
    const url = new URL(c.req.url);
    const current = new URL(`${deps.config.publicUrl}${DEMO_RECEIVER_PATH}${url.search}`);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.verifier,
      expectedNonce: checks.nonce,
      expectedState: checks.state,
      idTokenExpected: true,
    });
    const now = deps.now().toISOString();
    seal(
      c,
      SESSION_COOKIE,
      {
        claims: { ...tokens.claims() },
        idToken: tokens.id_token!,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        kid: kidOf(tokens.id_token!),
        signedInAt: now,
        refreshes: 0,
        refreshedAt: null,
      } satisfies ReceiverSession,
      deps.config.refreshTokenTtlSeconds,
    );
  } catch (err) {
    throw refusalOf(err);
  }
}

/** The person signed in to the receiver, if any. */
export const currentSession = (c: Context<AppEnv>) => unseal<ReceiverSession>(c, SESSION_COOKIE);

/** The provider's userinfo answer for the session's access token. */
export async function userInfo(
  c: Context<AppEnv>,
  session: ReceiverSession,
): Promise<Record<string, unknown>> {
  const client: Client = await import('openid-client');
  try {
    const config = await receiverConfiguration(c.get('deps'));
    const info = await client.fetchUserInfo(
      config,
      session.accessToken,
      String(session.claims.sub),
    );
    return { ...info };
  } catch (err) {
    throw refusalOf(err);
  }
}

/**
 * Refresh: the refresh token is traded for new tokens, a new refresh token among them (the
 * provider rotates it at every use); a refused refresh ends the receiver's session.
 */
export async function refreshSession(c: Context<AppEnv>): Promise<void> {
  const deps = c.get('deps');
  const session = currentSession(c);
  if (!session?.refreshToken) throw new ReceiverRefusal('Nobody is signed in here. Sign in.');
  const client: Client = await import('openid-client');
  try {
    const config = await receiverConfiguration(deps);
    const tokens = await client.refreshTokenGrant(config, session.refreshToken);
    seal(
      c,
      SESSION_COOKIE,
      {
        ...session,
        claims: tokens.id_token ? { ...tokens.claims() } : session.claims,
        idToken: tokens.id_token ?? session.idToken,
        kid: tokens.id_token ? kidOf(tokens.id_token) : session.kid,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        refreshes: session.refreshes + 1,
        refreshedAt: deps.now().toISOString(),
      } satisfies ReceiverSession,
      deps.config.refreshTokenTtlSeconds,
    );
  } catch (err) {
    forget(c, SESSION_COOKIE);
    throw refusalOf(err);
  }
}

/**
 * Sign out: the receiver forgets the person and sends the browser to the provider's
 * end_session endpoint (RP-initiated logout), which ends its session and comes back to the
 * receiver's signed-out page.
 */
export async function signOut(c: Context<AppEnv>): Promise<string> {
  const deps = c.get('deps');
  const session = currentSession(c);
  forget(c, SESSION_COOKIE);
  const back = `${deps.config.publicUrl}${DEMO_SIGNED_OUT_PATH}`;
  if (!session) return back;
  const client: Client = await import('openid-client');
  const config = await receiverConfiguration(deps);
  return client.buildEndSessionUrl(config, {
    id_token_hint: session.idToken,
    post_logout_redirect_uri: back,
  }).href;
}

/** A short fingerprint of a token, to show that it changed without showing it. */
export const fingerprint = (token: string | null) =>
  token ? createHash('sha256').update(token).digest('hex').slice(0, 12) : 'none';
