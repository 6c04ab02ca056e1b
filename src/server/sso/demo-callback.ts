import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../context';
import { ApiError } from '../http/errors';
import { clientIp } from '../security/client-ip';
import { newNonce } from '../security/headers';
import { exchangeSignOnCode } from './codes';
import { DEMO_RECEIVER_NAME, DEMO_RECEIVER_PATH, demoReceiver } from './demo-receiver';

/**
 * The product's look without its script: Inter (from the app's own stylesheet,
 * when the client is built), the app bar, a card and a button. Served under the
 * CSP through the response's nonce; no style attribute, no inline script.
 */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{font:16px/1.5 'Inter Variable',ui-sans-serif,system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a;-webkit-font-smoothing:antialiased}
.bar{display:flex;align-items:center;gap:.75rem;height:3.5rem;padding:0 1rem;background:#fff;border-bottom:1px solid #e2e8f0}
.bar img{width:1.75rem;height:1.75rem}
.bar .name{font-weight:600;font-size:1rem;color:#0f172a;white-space:nowrap}
.bar .tag{margin-left:auto;font-size:.75rem;font-weight:500;color:#3730a3;background:#eef2ff;border:1px solid #c7d2fe;border-radius:9999px;padding:.125rem .625rem}
.banner{background:#fffbeb;border-bottom:1px solid #fde68a;color:#78350f;font-size:.8125rem;padding:.375rem 1rem;text-align:center}
main{max-width:40rem;margin:2.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px #0f172a0d}
.eyebrow{margin:0 0 .25rem;font-size:.75rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#4338ca}
h1{font-size:1.5rem;line-height:1.25;font-weight:600;margin:0 0 .5rem;letter-spacing:-.01em}
p{margin:0}
.lead{color:#475569;font-size:.9375rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem;margin:1.25rem 0 0;padding-top:1.25rem;border-top:1px solid #f1f5f9;font-size:.875rem}
dt{color:#475569}dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.ok,.bad{display:flex;gap:.5rem;align-items:flex-start;margin-top:.75rem;border-radius:.5rem;padding:.75rem 1rem;font-size:.875rem;font-weight:500}
.ok{background:#ecfdf5;border:1px solid #a7f3d0;color:#065f46}
.bad{background:#fff1f2;border:1px solid #fecdd3;color:#9f1239}
.actions{margin-top:1.25rem}
.button{display:inline-flex;align-items:center;height:2.25rem;padding:0 1rem;border-radius:.375rem;background:#4f46e5;color:#fff;font-size:.875rem;font-weight:500;text-decoration:none}
.button:hover{background:#4338ca}
.button:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
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
) {
  return html`<!doctype html>
    <html lang="en">
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
        {
          ip: clientIp(c, deps.config.trustedProxies),
          userAgent: c.req.header('user-agent') ?? null,
        },
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
        ),
        err.status === 401 ? 401 : 400,
      );
    }
  });
  return app;
}
