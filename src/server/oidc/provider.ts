import { hkdfSync } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import type * as OidcLibrary from 'oidc-provider';
import { deviceCookieKey } from '../auth/device-cookie';
import type { AppDeps } from '../core/context';
import { safeEqual, sha256Hex } from '../security/tokens';
import { findOidcAccount, OIDC_CLAIMS } from './account';
import { sqlAdapter } from './adapter';
import { auditProviderEvents } from './provider-audit';
import { OIDC_SCOPES } from './clients';
import { errorPage, signOutPage, signedOutPage } from './pages';
import { linkProviderSessions, providerFetch } from './session-links';
import { readSigningKeys } from './signing-keys';

/** Where the provider lives: its issuer is PUBLIC_URL + this path. */
export const OIDC_PATH = '/oidc';

const issuerOf = (publicUrl: string) => `${publicUrl}${OIDC_PATH}`;

/** The console's sign-on step, where an authorization request waits for the signed-in person. */
const interactionUrl = (uid: string) => `/auth-redirect?interaction=${uid}`;

/**
 * Every authorization passes through the console's sign-on step (docs/product/sign-on.md#oidc):
 * the provider's own session never stands in for the console's, so a request is sent to the step
 * unless it is the step's answer coming back (ctx.oidc.result).
 */
function policy({ interactionPolicy }: OidcModule) {
  const prompts = interactionPolicy.base();
  const login = prompts.get('login')!;
  login.checks.add(
    new interactionPolicy.Check(
      'console_sign_on',
      'The console signs the person in for every authorization',
      'login_required',
      (ctx) => !ctx.oidc.result?.login,
    ),
  );
  return prompts;
}

type OidcModule = typeof OidcLibrary;

function configuration(deps: AppDeps, oidc: OidcModule): Configuration {
  const { config } = deps;
  return {
    adapter: sqlAdapter(deps.db),
    jwks: { keys: readSigningKeys(config) },
    findAccount: (_ctx, sub) => findOidcAccount(deps, sub),
    claims: OIDC_CLAIMS,
    scopes: [...OIDC_SCOPES],
    // The ID token carries the person's claims itself: applications need not call userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // Every client uses PKCE (S256, the only method oidc-provider accepts), confidential or not.
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      introspection: { enabled: false },
      // Applications that register a logout URI hear when a person's session ends (app-sessions.ts).
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: signOutPage,
        postLogoutSuccessSource: signedOutPage,
      },
    },
    interactions: {
      url: (_ctx, interaction) => interactionUrl(interaction.uid),
      policy: policy(oidc),
    },
    // Every refresh issues a new refresh token; presenting a used one revokes the whole grant.
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    cookies: {
      keys: [Buffer.from(hkdfSync('sha256', deviceCookieKey(config), '', 'oidc-cookies-v1', 32))],
    },
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: config.refreshTokenTtlSeconds,
      Grant: config.refreshTokenTtlSeconds,
      Session: config.refreshTokenTtlSeconds,
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], userinfoSigningAlgValues: ['RS256'] },
    renderError: errorPage,
    fetch: providerFetch,
    // A browser calls the token or userinfo endpoint only from the client's own origins.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
  };
}

/**
 * Builds the provider over the app's database and keys; one per app (oidcProvider). The library
 * (and Koa under it) is loaded on the first request that needs it, not at start-up
 * (docs/decisions/017-start-up-to-the-first-answer.md), and never in demo mode.
 */
async function createOidcProvider(deps: AppDeps): Promise<Provider> {
  const oidc = await import('oidc-provider');
  const provider = new oidc.default(issuerOf(deps.config.publicUrl), configuration(deps, oidc));
  // Behind a TLS-terminating proxy the request's scheme comes from X-Forwarded-Proto.
  provider.proxy = deps.config.trustedProxies.length > 0;
  // A client secret is kept as its SHA-256 only (clients.ts): compare the hashes.
  provider.Client.prototype.compareClientSecret = function (
    this: { clientSecret?: string },
    actual,
  ) {
    return Promise.resolve(!!this.clientSecret && safeEqual(sha256Hex(actual), this.clientSecret));
  };
  bindIdTokensToAccessTokens(provider);
  auditProviderEvents(provider, deps);
  linkProviderSessions(provider, deps);
  return provider;
}

/**
 * The token endpoint's ID tokens carry at_hash, the hash of the access token issued with them
 * (OpenID Connect Core 3.1.3.6 leaves it optional there; oidc-provider sets it only on the
 * authorization endpoint's): a relying party can check that the two were issued together.
 * An opaque access token's value is its jti.
 */
function bindIdTokensToAccessTokens(provider: Provider) {
  type IdTokenLike = {
    ctx?: { oidc?: { entities?: { AccessToken?: { jti: string } } } };
    extra: Record<string, unknown>;
    set(key: string, value: unknown): void;
  };
  const proto = provider.IdToken.prototype as unknown as {
    issue: (this: IdTokenLike, options: { use: string }) => Promise<string>;
  };
  const issue = proto.issue;
  proto.issue = function (options) {
    const accessToken = this.ctx?.oidc?.entities?.AccessToken;
    if (options.use === 'idtoken' && accessToken && this.extra.at_hash === undefined) {
      this.set('at_hash', accessToken.jti);
    }
    return issue.call(this, options);
  };
}

const providers = new WeakMap<AppDeps, Promise<Provider>>();

/** The app's provider, built on first use (production mode only: demo mode has none). */
export function oidcProvider(deps: AppDeps): Promise<Provider> {
  let provider = providers.get(deps);
  if (!provider) {
    provider = createOidcProvider(deps).catch((err: unknown) => {
      providers.delete(deps);
      throw err;
    });
    providers.set(deps, provider);
  }
  return provider;
}
