import { and, eq } from 'drizzle-orm';
import type { ClientMetadata } from 'oidc-provider';
import { OIDC_SCOPE_NAMES } from '@shared/schemas/oidc';
import { appendAuditEvents } from '../audit/chain/append';
import type { Actor } from '../audit/request-actor';
import { AUDIT_EVENTS } from '../audit/event-types';
import { ApiError } from '../core/errors';
import type { AppDeps } from '../core/context';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { newToken, sha256Hex } from '../security/tokens';

/** The scopes the provider knows; an application is allowed a subset, openid always in it. */
export const OIDC_SCOPES = OIDC_SCOPE_NAMES;

/** The hosts an http redirect or logout URI may name (an application on the same machine). */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MAX_URI_LENGTH = 2048;

/**
 * Why a redirect URI cannot be registered, or null when it can
 * (docs/product/sign-on.md#oidc-clients): an absolute https URL, or http on a loopback address,
 * without user information, fragment, whitespace or control characters. The provider then
 * compares the URI a request names with the registered ones character for character.
 */
function redirectUriProblem(uri: string): string | null {
  if (uri.length === 0 || uri.length > MAX_URI_LENGTH) return 'is empty or too long';
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(uri)) return 'contains characters not allowed';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry user information';
  if (url.hash || uri.includes('#')) return 'must not have a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https (http only on a loopback address)';
}

type ApplicationRow = typeof applications.$inferSelect;

/** An active application registered as a client under this client id, or null. */
export async function findOidcClientRow(db: Db, clientId: string): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.oidcClientId, clientId), eq(applications.isActive, true)));
  return row ?? null;
}

/**
 * The client metadata oidc-provider validates and uses. A confidential client's secret is
 * known only by its hash: the provider compares hashes (provider.ts, compareClientSecret).
 */
export function clientMetadataOf(row: ApplicationRow): ClientMetadata {
  const confidential = !!row.oidcClientSecretHash;
  return {
    client_id: row.oidcClientId!,
    client_name: row.appName,
    redirect_uris: row.oidcRedirectUris.filter((u) => redirectUriProblem(u) === null),
    post_logout_redirect_uris: row.oidcPostLogoutRedirectUris.filter(
      (u) => redirectUriProblem(u) === null,
    ),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: row.oidcScopes.join(' '),
    id_token_signed_response_alg: 'RS256',
    ...backchannelLogoutMetadata(row),
    ...initiateLoginMetadata(row),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    ...(confidential ? { client_secret: row.oidcClientSecretHash! } : {}),
  };
}

/**
 * Back-channel logout (docs/product/sign-on.md#oidc-backchannel-logout): the logout token always
 * carries the provider session's id (sid) beside sub, so the application can end just that session.
 */
function backchannelLogoutMetadata(row: ApplicationRow): Partial<ClientMetadata> {
  const uri = row.oidcBackchannelLogoutUri;
  return uri && redirectUriProblem(uri) === null
    ? { backchannel_logout_uri: uri, backchannel_logout_session_required: true }
    : {};
}

/**
 * Where the application starts its own sign-in (docs/product/sign-on.md#oidc-clients). The library
 * accepts only an https one in a client's metadata and uses it for nothing else: one on a loopback
 * address over http is kept for the console's links (sso/app-lookup.ts) and left out here, or the
 * whole client would be refused.
 */
function initiateLoginMetadata(row: ApplicationRow): Partial<ClientMetadata> {
  const uri = row.oidcInitiateLoginUri;
  return uri && redirectUriProblem(uri) === null && uri.startsWith('https:')
    ? { initiate_login_uri: uri }
    : {};
}

/**
 * An application's registered login start (OpenID Connect's initiate_login_uri), or null when it
 * has none or the one stored no longer passes the redirect URIs' rules.
 */
export function initiateLoginUriOf(row: ApplicationRow): string | null {
  const uri = row.oidcInitiateLoginUri;
  return uri && redirectUriProblem(uri) === null ? uri : null;
}

export type OidcClientInput = {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  scopes?: string[];
  /** A public client (a browser or native app) has no secret and relies on PKCE alone. */
  publicClient: boolean;
  /** Issue a new secret even when the client has one (the old one stops working). */
  newSecret?: boolean;
  /** Pre-approved: people are not asked to consent. Left out: unchanged. */
  firstParty?: boolean;
  /** Where logout tokens go; null: none. Left out: unchanged. */
  backchannelLogoutUri?: string | null;
  /** Where the application starts its own sign-in; null: none. Left out: unchanged. */
  initiateLoginUri?: string | null;
};

const invalid = (message: string) => new ApiError(400, 'invalid_request', message);

/**
 * Registers an application as an OpenID Connect client, or changes its registration. Its client
 * id is the application's id. A confidential client's secret is returned here once and stored
 * only as its SHA-256 (a 256-bit random secret needs no slow hash). Audited, without the secret.
 */
export async function configureOidcClient(
  deps: Pick<AppDeps, 'db' | 'now'>,
  appId: string,
  input: OidcClientInput,
  actor: Actor,
): Promise<{ clientId: string; clientSecret: string | null }> {
  const redirectUris = [...new Set(input.redirectUris)];
  const postLogout = [...new Set(input.postLogoutRedirectUris ?? [])];
  if (redirectUris.length === 0) throw invalid('Register at least one redirect URI.');
  for (const uri of [...redirectUris, ...postLogout]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`The redirect URI ${JSON.stringify(uri)} ${problem}.`);
  }
  const logoutUri = input.backchannelLogoutUri;
  const logoutProblem = logoutUri ? redirectUriProblem(logoutUri) : null;
  if (logoutProblem) {
    throw invalid(`The back-channel logout URI ${JSON.stringify(logoutUri)} ${logoutProblem}.`);
  }
  const loginUri = input.initiateLoginUri;
  const loginProblem = loginUri ? redirectUriProblem(loginUri) : null;
  if (loginProblem) {
    throw invalid(`The login start URI ${JSON.stringify(loginUri)} ${loginProblem}.`);
  }
  const scopes = [...new Set(['openid', ...(input.scopes ?? OIDC_SCOPES)])];
  const unknown = scopes.filter((s) => !(OIDC_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) throw invalid(`Unknown scopes: ${unknown.join(', ')}.`);

  return deps.db.transaction(async (tx) => {
    const [app] = await tx.select().from(applications).where(eq(applications.id, appId));
    if (!app) throw new ApiError(404, 'not_found', 'No such application.');
    const secret =
      !input.publicClient && (input.newSecret || !app.oidcClientSecretHash) ? newToken() : null;
    const secretHash = input.publicClient
      ? null
      : secret
        ? sha256Hex(secret)
        : app.oidcClientSecretHash;
    const clientId = app.oidcClientId ?? app.id;
    const firstParty = input.firstParty ?? app.oidcFirstParty;
    const backchannelLogoutUri =
      input.backchannelLogoutUri === undefined
        ? app.oidcBackchannelLogoutUri
        : input.backchannelLogoutUri;
    const initiateLoginUri =
      input.initiateLoginUri === undefined ? app.oidcInitiateLoginUri : input.initiateLoginUri;
    await tx
      .update(applications)
      .set({
        oidcClientId: clientId,
        oidcRedirectUris: redirectUris,
        oidcPostLogoutRedirectUris: postLogout,
        oidcScopes: scopes,
        oidcClientSecretHash: secretHash,
        oidcFirstParty: firstParty,
        oidcBackchannelLogoutUri: backchannelLogoutUri,
        oidcInitiateLoginUri: initiateLoginUri,
      })
      .where(eq(applications.id, appId));
    await appendAuditEvents(
      tx,
      [
        {
          source: 'server',
          eventType: AUDIT_EVENTS.oidcClientChanged,
          severity: 'high',
          ...actor,
          details: {
            app_id: app.id,
            app_name: app.appName,
            client_id: clientId,
            redirect_uris: redirectUris,
            post_logout_redirect_uris: postLogout,
            scopes,
            public_client: input.publicClient,
            secret_issued: secret !== null,
            first_party: firstParty,
            ...(firstParty !== app.oidcFirstParty ? { first_party_changed: true } : {}),
            backchannel_logout_uri: backchannelLogoutUri,
            initiate_login_uri: initiateLoginUri,
          },
        },
      ],
      deps.now(),
    );
    return { clientId, clientSecret: secret };
  });
}
