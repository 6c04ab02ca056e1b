import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../core/config';
import { peerIsTrustedProxy } from './client-ip';

type CspOptions = {
  /** Per-request nonce for the few <style> tags UI libraries insert at run time. */
  styleNonce?: string;
  /** Extra origins an auto-submitting sign-on form may post to. */
  formActionOrigins?: string[];
  /**
   * Hashes (`sha256-…`) of the inline scripts a pre-rendered page carries: its one starter
   * (scripts/build/prerender.mjs), admitted by its exact text and nothing else.
   */
  scriptHashes?: string[];
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of every document. Scripts come only from our
 * own origin (no eval; inline only the pre-rendered pages' starter, by its
 * hash); styles from our origin or a nonce; fonts are self-hosted; nothing may
 * frame us except ourselves.
 */
function contentSecurityPolicy({
  styleNonce,
  formActionOrigins = [],
  scriptHashes = [],
}: CspOptions = {}) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'self'"],
    // form-action does not fall back to default-src; list it explicitly.
    'form-action': ["'self'", ...formActionOrigins],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The headers a build asset (a hashed script, stylesheet or font under /assets/) needs: the
 * others, and the CSP, govern documents, and would only add their ~600 bytes to each of the
 * dozens of files a page loads.
 */
export const SUBRESOURCE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** A year, as is the norm (Hono's default is 180 days). Sent only on answers over HTTPS. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * Whether the request reached us over HTTPS: directly, through a trusted
 * proxy that says so in X-Forwarded-Proto (the right-most entry, the one it
 * wrote), or because the configured public origin is HTTPS-only.
 */
function arrivedOverHttps(c: Context, config: Pick<Config, 'publicUrl' | 'trustedProxies'>) {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (config.publicUrl.startsWith('https:')) return true;
  if (!peerIsTrustedProxy(c, config.trustedProxies)) return false;
  const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
  return proto === 'https';
}

/**
 * Sets the security headers on every response. A handler that renders the
 * HTML document may set `c.var.cspNonce`/`formActionOrigins`/`scriptHashes`
 * first; one that answers with a build asset sets `c.var.subresource`, and gets
 * only the headers that apply to it.
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl' | 'trustedProxies'>,
): MiddlewareHandler<{
  Variables: {
    cspNonce?: string;
    formActionOrigins?: string[];
    scriptHashes?: string[];
    subresource?: boolean;
  };
}> {
  return async (c, next) => {
    await next();
    // Browsers ignore it over plain HTTP; sending it there only misleads scanners and readers.
    if (arrivedOverHttps(c, config)) c.res.headers.set('Strict-Transport-Security', HSTS_HEADER);
    else c.res.headers.delete('Strict-Transport-Security');
    if (c.get('subresource')) {
      for (const [name, value] of Object.entries(SUBRESOURCE_SECURITY_HEADERS)) {
        c.res.headers.set(name, value);
      }
      return;
    }
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      c.res.headers.set(name, value);
    }
    c.res.headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        styleNonce: c.get('cspNonce'),
        formActionOrigins: c.get('formActionOrigins'),
        scriptHashes: c.get('scriptHashes'),
      }),
    );
  };
}
