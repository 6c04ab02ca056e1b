import type { KoaContextWithOIDC } from 'oidc-provider';

/** The few pages the provider draws itself: plain, readable, and with nothing from elsewhere. */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Talent Ecosystem</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;border-radius:.5rem;border:1px solid #64748b}
button[value=yes]{background:#4f46e5;color:#fff;border-color:#4f46e5}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

/** An authorization request that cannot go back to the application (an unknown client, a wrong redirect URI). */
export function errorPage(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
) {
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in refused',
    `<p>${escape(out.error_description ?? 'The request could not be processed.')}</p><p><code>${escape(out.error)}</code></p>`,
  );
}

/** RP-initiated logout asks before it ends the session: `form` is the provider's own form. */
export function signOutPage(ctx: KoaContextWithOIDC, form: string) {
  ctx.body = page(
    'Sign out?',
    `${form}<p>Sign out of the applications that signed you in through the console?</p>
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

export function signedOutPage(ctx: KoaContextWithOIDC) {
  const name = ctx.oidc.client?.clientName;
  ctx.body = page(
    'Signed out',
    `<p>You are signed out${name ? ` of ${escape(name)}` : ''}.</p><p><a href="/">Back to the console</a></p>`,
  );
}
