import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../context';
import { ApiError } from '../http/errors';
import { clientIp } from '../security/client-ip';
import { newNonce } from '../security/headers';
import { exchangeSignOnCode } from './codes';
import { DEMO_RECEIVER_NAME, DEMO_RECEIVER_PATH, demoReceiver } from './demo-receiver';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:40rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 2px #0000000d}
h1{font-size:1.5rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}
.ok{color:#047857;font-weight:600}.bad{color:#be123c;font-weight:600}
a{color:#4338ca}`;

function page(nonce: string, title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <title>${title} · ${DEMO_RECEIVER_NAME}</title>
        <style nonce="${nonce}">
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <div class="card">${body}</div>
          <p><a href="/demo">Return to Demo Dashboard</a></p>
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
export function demoCallbackRoutes() {
  const app = new Hono<AppEnv>();
  app.use(DEMO_RECEIVER_PATH, bodyLimit({ maxSize: 8 * 1024 }));
  app.get(DEMO_RECEIVER_PATH, (c) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    return c.html(
      page(
        nonce,
        'Waiting for a sign-on',
        html`<h1>${DEMO_RECEIVER_NAME}</h1>
          <p>
            This page receives the cross-platform sign-on step by POST. Start it from the ecosystem.
          </p>`,
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
          html`<h1>Welcome, ${identity.user.full_name ?? identity.user.email}</h1>
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
      return c.html(
        page(
          nonce,
          'Sign-on refused',
          html`<h1>Sign-on refused</h1>
            <p class="bad" role="alert">${err.message}</p>`,
        ),
        err.status === 401 ? 401 : 400,
      );
    }
  });
  return app;
}
