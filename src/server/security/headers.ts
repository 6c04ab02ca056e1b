import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config';
import { peerIsTrustedProxy } from './client-ip';

export type CspOptions = {
  /** Per-request nonce for the few <style> tags UI libraries insert at run time. */
  styleNonce?: string;
  /** Extra origins an auto-submitting sign-on form may post to. */
  formActionOrigins?: string[];
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of every response. Scripts come only from our
 * own origin (no inline, no eval); styles from our origin or a nonce; fonts are
 * self-hosted; nothing may frame us except ourselves.
 */
export function contentSecurityPolicy({ styleNonce, formActionOrigins = [] }: CspOptions = {}) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
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
export function arrivedOverHttps(c: Context, config: Pick<Config, 'publicUrl' | 'trustedProxies'>) {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (config.publicUrl.startsWith('https:')) return true;
  if (!peerIsTrustedProxy(c, config.trustedProxies)) return false;
  const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
  return proto === 'https';
}

/**
 * Sets the security headers on every response. A handler that renders the
 * HTML document may set `c.var.cspNonce`/`formActionOrigins` first.
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl' | 'trustedProxies'>,
): MiddlewareHandler<{
  Variables: { cspNonce?: string; formActionOrigins?: string[] };
}> {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      c.res.headers.set(name, value);
    }
    // Browsers ignore it over plain HTTP; sending it there only misleads scanners and readers.
    if (arrivedOverHttps(c, config)) c.res.headers.set('Strict-Transport-Security', HSTS_HEADER);
    else c.res.headers.delete('Strict-Transport-Security');
    c.res.headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        styleNonce: c.get('cspNonce'),
        formActionOrigins: c.get('formActionOrigins'),
      }),
    );
  };
}
