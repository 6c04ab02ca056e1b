import { requestMeta } from '../security/request-meta';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../core/context';
import { ApiError } from '../core/errors';
import { newNonce } from '../security/headers';
import { parseTheme, THEME_COOKIE, type Theme } from '@shared/theme';
import { exchangeSignOnCode } from './codes';
import {
  DEMO_LOGIN_PATH,
  DEMO_RECEIVER_NAME,
  DEMO_RECEIVER_PATH,
  DEMO_SIGNED_OUT_PATH,
  demoReceiver,
} from './demo-receiver';
import {
  currentSession,
  finishSignIn,
  fingerprint,
  ReceiverRefusal,
  type ReceiverSession,
  refreshSession,
  signOut,
  startSignIn,
  userInfo,
} from './demo-relying-party';

const DEMO_REFRESH_PATH = '/sso/demo-refresh';
const DEMO_LOGOUT_PATH = '/sso/demo-logout';

const PALETTE = {
  page: ['#f8fafc', '#020618'],
  text: ['#0f172a', '#f8fafc'],
  surface: ['#fff', '#0f172b'],
  border: ['#e2e8f0', '#314158'],
  rule: ['#f1f5f9', '#1d293d'],
  muted: ['#475569', '#cad5e2'],
  accent: ['#4338ca', '#a3b3ff'],
  'tag-text': ['#3730a3', '#c6d2ff'],
  'tag-bg': ['#eef2ff', '#1e1a4d'],
  'tag-border': ['#c7d2fe', '#372aac'],
  'banner-bg': ['#fffbeb', '#461901'],
  'banner-border': ['#fde68a', '#973c00'],
  'banner-text': ['#78350f', '#fef3c6'],
  'ok-bg': ['#ecfdf5', '#002c22'],
  'ok-border': ['#a7f3d0', '#005f46'],
  'ok-text': ['#065f46', '#a4f4cf'],
  'bad-bg': ['#fff1f2', '#4d0218'],
  'bad-border': ['#fecdd3', '#a50036'],
  'bad-text': ['#9f1239', '#ffccd3'],
  button: ['#4f46e5', '#7c86ff'],
  'button-hover': ['#4338ca', '#a3b3ff'],
  'button-text': ['#fff', '#0f172b'],
} as const;

const palette = (theme: 0 | 1) =>
  Object.entries(PALETTE)
    .map(([name, values]) => `--${name}:${values[theme]}`)
    .join(';');

/**
 * The product's look without its script: Inter (from the app's own stylesheet,
 * when the client is built), the app bar, a card and a button, light or dark as
 * the app is (docs/product/public-site.md#dark-mode). Served under the CSP
 * through the response's nonce; no style attribute, no inline script.
 */
const STYLE = `
:root{color-scheme:light dark;${palette(0)}}
:root[data-theme=light]{color-scheme:light}
:root[data-theme=dark]{color-scheme:dark;${palette(1)}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${palette(1)}}}
*,*::before,*::after{box-sizing:border-box}
body{font:16px/1.5 'Inter Variable',ui-sans-serif,system-ui,sans-serif;margin:0;background:var(--page);color:var(--text);-webkit-font-smoothing:antialiased}
.bar{display:flex;align-items:center;gap:.75rem;height:3.5rem;padding:0 1rem;background:var(--surface);border-bottom:1px solid var(--border)}
.bar img{width:1.75rem;height:1.75rem}
.bar .name{font-weight:600;font-size:1rem;color:var(--text);white-space:nowrap}
.bar .tag{margin-left:auto;font-size:.75rem;font-weight:500;color:var(--tag-text);background:var(--tag-bg);border:1px solid var(--tag-border);border-radius:9999px;padding:.125rem .625rem}
.banner{background:var(--banner-bg);border-bottom:1px solid var(--banner-border);color:var(--banner-text);font-size:.8125rem;padding:.375rem 1rem;text-align:center}
main{max-width:40rem;margin:2.5rem auto;padding:0 1rem}
.card{background:var(--surface);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px #0f172a0d}
.eyebrow{margin:0 0 .25rem;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--accent)}
h1{font-size:1.5rem;line-height:1.25;font-weight:600;margin:0 0 .5rem;letter-spacing:-.01em}
p{margin:0}
.lead{color:var(--muted);font-size:.9375rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;margin:1.25rem 0 0;padding-top:1.25rem;border-top:1px solid var(--rule);font-size:.875rem}
dt{color:var(--muted)}dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.ok,.bad{display:flex;gap:.5rem;align-items:flex-start;margin-top:.75rem;border-radius:.5rem;padding:.75rem 1rem;font-size:.875rem;font-weight:500}
.ok{background:var(--ok-bg);border:1px solid var(--ok-border);color:var(--ok-text)}
.bad{background:var(--bad-bg);border:1px solid var(--bad-border);color:var(--bad-text)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.25rem}
.actions form{margin:0}
h2{font-size:.875rem;font-weight:600;margin:1.5rem 0 0}
h2+dl{margin-top:.5rem;padding-top:.5rem;grid-template-columns:7rem 1fr}
.button{display:inline-flex;align-items:center;height:2.25rem;padding:0 1rem;border:1px solid transparent;border-radius:.375rem;background:var(--button);color:var(--button-text);font-family:inherit;font-size:.875rem;font-weight:500;line-height:1;text-decoration:none;cursor:pointer}
.button.quiet{background:var(--surface);color:var(--text);border-color:var(--border)}
.button.quiet:hover{background:var(--rule)}
.button:hover{background:var(--button-hover)}
.button:focus-visible{outline:2px solid var(--button);outline-offset:2px}
@media (max-width:30rem){.bar .tag{display:none}main{margin-top:1.5rem}.card{padding:1.25rem}dl,h2+dl{grid-template-columns:1fr;gap:.125rem}dd{margin-bottom:.5rem}}`;

export type DemoCallbackOptions = {
  /** The app's built stylesheet (it brings the Inter font), when the client is built. */
  stylesheet?: () => string | null;
};

type Html = ReturnType<typeof html>;

/** What the banner says: the demo simulates sign-on; production mode signs in for real. */
const BANNER = {
  demo: 'Demonstration site: mock data only, single sign-on simulated.',
  production: 'Built-in example application: it signs in through this console’s OpenID Provider.',
};

function page(
  nonce: string,
  title: string,
  body: Html,
  stylesheet: string | null,
  theme: Theme | null,
  options: { actions?: Html; demoMode?: boolean } = {},
) {
  return html`<!doctype html>
    <html lang="en" ${theme ? raw(`data-theme="${theme}"`) : ''}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <title>${title} · ${DEMO_RECEIVER_NAME}</title>
        ${stylesheet ? html`<link rel="stylesheet" href="${stylesheet}" />` : ''}
        <style nonce="${nonce}">
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <header>
          <div class="bar">
            <img src="/favicon.svg" alt="" />
            <span class="name">${DEMO_RECEIVER_NAME}</span>
            <span class="tag">Talent Ecosystem Demo</span>
          </div>
          <p class="banner">${options.demoMode === false ? BANNER.production : BANNER.demo}</p>
        </header>
        <main>
          <div class="card">
            ${body}
            <div class="actions">
              ${options.actions ?? ''}
              <a class="button${options.actions ? ' quiet' : ''}" href="/demo"
                >Return to Demo Dashboard</a
              >
            </div>
          </div>
        </main>
      </body>
    </html>`;
}

/** The visitor's chosen theme, if any; the answer depends on the cookie. */
function chosenTheme(c: Context<AppEnv>): Theme | null {
  c.header('Vary', 'Cookie', { append: true });
  return parseTheme(getCookie(c, THEME_COOKIE));
}

function refererOrigin(referer: string | undefined): string | null {
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

const asText = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') || 'none' : value == null ? '—' : String(value);

const asTime = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : '—';

/** The signed-in page of production mode: the ID token's verified claims, then userinfo's answer. */
function signedInBody(session: ReceiverSession, info: Record<string, unknown>) {
  const claims = session.claims;
  const name = asText(claims.name ?? claims.email);
  return html`<p class="eyebrow">OpenID Connect sign-in</p>
    <h1>Welcome, ${name}</h1>
    <p class="ok" role="status">
      Signed in to ${DEMO_RECEIVER_NAME} through the console’s OpenID Provider.
    </p>
    <h2>ID token, verified</h2>
    <dl data-testid="sso-id-token">
      <dt>Name</dt>
      <dd data-testid="sso-name">${asText(claims.name)}</dd>
      <dt>Email</dt>
      <dd data-testid="sso-email">${asText(claims.email)}</dd>
      <dt>Roles</dt>
      <dd>${asText(claims.roles)}</dd>
      <dt>Subject</dt>
      <dd>${asText(claims.sub)}</dd>
      <dt>Issuer</dt>
      <dd>${asText(claims.iss)}</dd>
      <dt>Audience</dt>
      <dd>${asText(claims.aud)}</dd>
      <dt>Expires</dt>
      <dd>${asTime(claims.exp)}</dd>
      <dt>Checked</dt>
      <dd data-testid="sso-checks">
        RS256 signature against the provider’s keys (key ${session.kid ?? 'unnamed'}), issuer,
        audience, expiry and nonce
      </dd>
    </dl>
    <h2>Userinfo</h2>
    <dl data-testid="sso-userinfo">
      <dt>Email</dt>
      <dd>${asText(info.email)}</dd>
      <dt>Name</dt>
      <dd>${asText(info.name)}</dd>
      <dt>Roles</dt>
      <dd>${asText(info.roles)}</dd>
    </dl>
    <h2>Session</h2>
    <dl>
      <dt>Signed in</dt>
      <dd>${session.signedInAt}</dd>
      <dt>Refresh token</dt>
      <dd data-testid="sso-refresh-token">${fingerprint(session.refreshToken)}</dd>
      <dt>Refreshed</dt>
      <dd data-testid="sso-refreshes">
        ${
          session.refreshes === 0
            ? 'not yet'
            : `${session.refreshes} ${session.refreshes === 1 ? 'time' : 'times'}, last at ${session.refreshedAt}`
        }
      </dd>
    </dl>`;
}

const SIGNED_IN_ACTIONS = html`<form method="post" action="${DEMO_REFRESH_PATH}">
    <button class="button" type="submit">Refresh</button>
  </form>
  <form method="post" action="${DEMO_LOGOUT_PATH}">
    <button class="button quiet" type="submit">Sign out</button>
  </form>`;

const SIGN_IN_ACTION = html`<a class="button" href="${DEMO_LOGIN_PATH}">Sign in</a>`;

/**
 * The built-in receiving application of sign-on (docs/product/sign-on.md#demo-receiver). In
 * production mode it is an OpenID Connect client of this server's provider: a start, the
 * callback, Refresh and Sign out. In demo mode it takes the posted code of the simulated step and
 * trades it through the exchange (production mode keeps that only behind SSO_LEGACY_EXCHANGE).
 * All output is escaped.
 */
export function demoCallbackRoutes(options: DemoCallbackOptions = {}) {
  const app = new Hono<AppEnv>();
  const stylesheet = () => options.stylesheet?.() ?? null;

  const render = (c: Context<AppEnv>, title: string, body: Html, actions?: Html) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    // Tokens are in the answer's making: never kept by a cache.
    c.header('Cache-Control', 'no-store');
    const demoMode = c.get('deps').config.demoMode;
    return page(nonce, title, body, stylesheet(), chosenTheme(c), { actions, demoMode });
  };
  const refused = (c: Context<AppEnv>, message: string, status: 400 | 401 | 403 | 404) =>
    c.html(
      render(
        c,
        'Sign-on refused',
        html`<p class="eyebrow">Cross-platform sign-on</p>
          <h1>Sign-on refused</h1>
          <p class="bad" role="alert">${message}</p>`,
        c.get('deps').config.demoMode ? undefined : SIGN_IN_ACTION,
      ),
      status,
    );
  /** Refresh and Sign out are forms of this page: a post from another site is refused. */
  const sameOrigin = (c: Context<AppEnv>) => {
    const origin = c.req.header('origin');
    return origin === undefined || origin === c.get('deps').config.publicUrl;
  };
  const production = (c: Context<AppEnv>) => !c.get('deps').config.demoMode;

  app.use(DEMO_RECEIVER_PATH, bodyLimit({ maxSize: 8 * 1024 }));
  app.use('/sso/demo-*', bodyLimit({ maxSize: 1024 }));

  app.get(DEMO_LOGIN_PATH, async (c) => {
    if (!production(c)) {
      return refused(c, 'The receiver signs in with OpenID Connect in production mode only.', 404);
    }
    try {
      const to = await startSignIn(c, {
        iss: c.req.query('iss'),
        loginHint: c.req.query('login_hint'),
      });
      return c.redirect(to, 303);
    } catch (err) {
      if (!(err instanceof ReceiverRefusal)) throw err;
      return refused(c, err.message, 400);
    }
  });

  app.get(DEMO_RECEIVER_PATH, async (c) => {
    if (production(c)) {
      const query = c.req.query();
      if ('code' in query || 'error' in query || 'state' in query) {
        try {
          await finishSignIn(c);
        } catch (err) {
          if (!(err instanceof ReceiverRefusal)) throw err;
          return refused(c, err.message, 400);
        }
        // The code leaves the address bar: a reload shows the page, it does not trade again.
        return c.redirect(DEMO_RECEIVER_PATH, 303);
      }
      const session = currentSession(c);
      if (session) {
        try {
          const info = await userInfo(c, session);
          return c.html(render(c, 'Signed in', signedInBody(session, info), SIGNED_IN_ACTIONS));
        } catch (err) {
          if (!(err instanceof ReceiverRefusal)) throw err;
          return c.html(
            render(
              c,
              'Signed in',
              html`<p class="eyebrow">OpenID Connect sign-in</p>
                <h1>${DEMO_RECEIVER_NAME}</h1>
                <p class="bad" role="alert">${err.message}</p>`,
              SIGNED_IN_ACTIONS,
            ),
          );
        }
      }
    }
    return c.html(
      render(
        c,
        'Waiting for a sign-on',
        html`<p class="eyebrow">Cross-platform sign-on</p>
          <h1>${DEMO_RECEIVER_NAME}</h1>
          <p class="lead">
            ${
              production(c)
                ? 'Nobody is signed in here. Sign in through the console’s OpenID Provider.'
                : 'This page receives the cross-platform sign-on step by POST. Start it from the ecosystem.'
            }
          </p>`,
        production(c) ? SIGN_IN_ACTION : undefined,
      ),
    );
  });

  app.post(DEMO_REFRESH_PATH, async (c) => {
    if (!production(c)) return refused(c, 'Nothing to refresh in demo mode.', 404);
    if (!sameOrigin(c)) return refused(c, 'A refresh comes from this page only.', 403);
    try {
      await refreshSession(c);
    } catch (err) {
      if (!(err instanceof ReceiverRefusal)) throw err;
      return refused(c, err.message, 401);
    }
    return c.redirect(DEMO_RECEIVER_PATH, 303);
  });

  app.post(DEMO_LOGOUT_PATH, async (c) => {
    if (!production(c)) return refused(c, 'Nothing to sign out of in demo mode.', 404);
    if (!sameOrigin(c)) return refused(c, 'Signing out comes from this page only.', 403);
    return c.redirect(await signOut(c), 303);
  });

  app.get(DEMO_SIGNED_OUT_PATH, (c) =>
    c.html(
      render(
        c,
        'Signed out',
        html`<p class="eyebrow">OpenID Connect sign-in</p>
          <h1>Signed out</h1>
          <p class="ok" role="status">
            You are signed out of ${DEMO_RECEIVER_NAME} and of the console’s OpenID Provider.
          </p>`,
        production(c)
          ? html`<a class="button" href="${DEMO_LOGIN_PATH}">Sign in again</a>`
          : undefined,
      ),
    ),
  );

  app.post(DEMO_RECEIVER_PATH, async (c) => {
    const deps = c.get('deps');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const code = typeof form.code === 'string' ? form.code : '';
    const receiver = await demoReceiver(deps.db, deps.config);
    try {
      if (!code) throw new ApiError(400, 'invalid_request', 'No sign-on code was posted.');
      const identity = await exchangeSignOnCode(
        deps,
        { code, apiKey: receiver.apiKey },
        requestMeta(c),
        'demo_receiver',
      );
      const from = refererOrigin(c.req.header('referer')) ?? 'Talent Ecosystem Demo';
      return c.html(
        render(
          c,
          'Signed in',
          html`<p class="eyebrow">Cross-platform sign-on</p>
            <h1>Welcome, ${identity.user.full_name ?? identity.user.email}</h1>
            <p class="ok" role="status">
              Signed in to ${DEMO_RECEIVER_NAME} through cross-platform sign-on.
            </p>
            <dl>
              <dt>Name</dt>
              <dd data-testid="sso-name">${identity.user.full_name ?? 'Unnamed User'}</dd>
              <dt>Email</dt>
              <dd data-testid="sso-email">${identity.user.email}</dd>
              <dt>Roles</dt>
              <dd>${identity.user.roles.join(', ') || 'none'}</dd>
              <dt>Arrived from</dt>
              <dd>${from}</dd>
              <dt>Code issued</dt>
              <dd>${identity.issued_at}</dd>
            </dl>`,
        ),
      );
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return refused(c, err.message, err.status === 401 ? 401 : err.status === 404 ? 404 : 400);
    }
  });
  return app;
}
