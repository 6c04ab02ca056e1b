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
import { DEMO_RECEIVER_NAME, DEMO_RECEIVER_PATH, demoReceiver } from './demo-receiver';

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
.actions{margin-top:1.25rem}
.button{display:inline-flex;align-items:center;height:2.25rem;padding:0 1rem;border-radius:.375rem;background:var(--button);color:var(--button-text);font-size:.875rem;font-weight:500;text-decoration:none}
.button:hover{background:var(--button-hover)}
.button:focus-visible{outline:2px solid var(--button);outline-offset:2px}
@media (max-width:30rem){.bar .tag{display:none}main{margin-top:1.5rem}.card{padding:1.25rem}dl{grid-template-columns:1fr;gap:.125rem}dd{margin-bottom:.5rem}}`;

export type DemoCallbackOptions = {
  /** The app's built stylesheet (it brings the Inter font), when the client is built. */
  stylesheet?: () => string | null;
};

function page(
  nonce: string,
  title: string,
  body: ReturnType<typeof html>,
  stylesheet: string | null,
  theme: Theme | null,
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
        <header class="bar">
          <img src="/favicon.svg" alt="" />
          <span class="name">${DEMO_RECEIVER_NAME}</span>
          <span class="tag">Talent Ecosystem Demo</span>
        </header>
        <p class="banner">Demonstration site: mock data only, single sign-on simulated.</p>
        <main>
          <div class="card">
            ${body}
            <p class="actions"><a class="button" href="/demo">Return to Demo Dashboard</a></p>
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

/**
 * The built-in receiving application of the sign-on demo: it takes the posted
 * code, trades it through the same exchange other applications use (with its
 * own API key), and shows who arrived and from where. All output is escaped.
 */
export function demoCallbackRoutes(options: DemoCallbackOptions = {}) {
  const app = new Hono<AppEnv>();
  const stylesheet = () => options.stylesheet?.() ?? null;
  app.use(DEMO_RECEIVER_PATH, bodyLimit({ maxSize: 8 * 1024 }));
  app.get(DEMO_RECEIVER_PATH, (c) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    return c.html(
      page(
        nonce,
        'Waiting for a sign-on',
        html`<p class="eyebrow">Cross-platform sign-on</p>
          <h1>${DEMO_RECEIVER_NAME}</h1>
          <p class="lead">
            This page receives the cross-platform sign-on step by POST. Start it from the ecosystem.
          </p>`,
        stylesheet(),
        chosenTheme(c),
      ),
    );
  });
  app.post(DEMO_RECEIVER_PATH, async (c) => {
    const deps = c.get('deps');
    const nonce = newNonce();
    c.set('cspNonce', nonce);
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
        page(
          nonce,
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
          stylesheet(),
          chosenTheme(c),
        ),
      );
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return c.html(
        page(
          nonce,
          'Sign-on refused',
          html`<p class="eyebrow">Cross-platform sign-on</p>
            <h1>Sign-on refused</h1>
            <p class="bad" role="alert">${err.message}</p>`,
          stylesheet(),
          chosenTheme(c),
        ),
        err.status === 401 ? 401 : 400,
      );
    }
  });
  return app;
}
