/**
 * Where the cross-platform sign-on step may send a user: only to the exact
 * origin (scheme, host and port) of a registered, active application. Two
 * independent checks must agree, so that no parser quirk opens a redirect:
 * the raw text must begin with the registered origin, character for
 * character, and the WHATWG-parsed URL must have that same origin.
 */
export type RedirectDecision = { ok: true; url: string } | { ok: false; reason: string };

const MAX_LENGTH = 2048;

export function canonicalOrigin(appUrl: string): string | null {
  try {
    const u = new URL(appUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function checkRedirect(redirectUrl: string, appUrl: string): RedirectDecision {
  const origin = canonicalOrigin(appUrl);
  if (!origin) return { ok: false, reason: 'The application has no valid address registered.' };
  if (redirectUrl.length === 0 || redirectUrl.length > MAX_LENGTH) {
    return { ok: false, reason: 'The redirect URL is empty or too long.' };
  }
  // Whitespace, control characters and backslashes are where parsers disagree.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\\\u0000-\u001f\u007f-\u009f\u00a0\u2000-\u200f\u2028\u2029\ufeff]/.test(redirectUrl)) {
    return { ok: false, reason: 'The redirect URL contains characters that are not allowed.' };
  }
  const prefixOk = redirectUrl === origin || redirectUrl.startsWith(`${origin}/`);
  let parsed: URL;
  try {
    parsed = new URL(redirectUrl);
  } catch {
    return { ok: false, reason: 'The redirect URL must be an absolute address.' };
  }
  if (parsed.username || parsed.password) {
    return { ok: false, reason: 'The redirect URL must not carry user information.' };
  }
  if (!prefixOk || parsed.origin !== origin) {
    return {
      ok: false,
      reason: `The redirect URL must be on the application's own address (${origin}).`,
    };
  }
  return { ok: true, url: parsed.href };
}
