import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

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
  // A year, as is the norm (Hono's default is 180 days).
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/**
 * Sets the security headers on every response. A handler that renders the
 * HTML document may set `c.var.cspNonce`/`formActionOrigins` first.
 */
export function securityHeaders(): MiddlewareHandler<{
  Variables: { cspNonce?: string; formActionOrigins?: string[] };
}> {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      c.res.headers.set(name, value);
    }
    c.res.headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        styleNonce: c.get('cspNonce'),
        formActionOrigins: c.get('formActionOrigins'),
      }),
    );
  };
}
